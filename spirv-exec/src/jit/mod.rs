//! The compiled executor: kernels translated to native code with Cranelift.
//!
//! A kernel comes in the front end's scalar SSA form ([`ssa`]: every call inlined, every value
//! a scalar) and goes to one native function per kernel
//! ([`scalar_gen`]) that runs a range of a work-group's work-items from a resume point (the
//! start, or after a barrier) to the next barrier. A work-group therefore runs region by
//! region, as PoCL's work-item loops do, with the values live across each barrier kept per
//! work-item. Every load, store and atomic is checked as the interpreter checks it (an inline
//! per-site cache of the last range that allowed it, the interpreter's [`reach::Memory`] on a
//! miss), so faults are reported the same way; only an access to a private variable at a
//! constant offset inside the work-item's private area, which that check always lets
//! through, is not checked again at run time ([`FrameLayout::private_inside`]: the pointer is
//! proven to be the variable's address wherever the access runs, its one definition
//! dominating it). The functions are compiled in parallel, the hot ones with Cranelift's
//! full register allocator, the rest quickly ([`emit`]).
//!
//! The choice between this executor and the interpreter is made when a module is built
//! ([`Exec`]); a kernel the compiler does not support runs on the interpreter, with the reason
//! in the build log. Code is generated at the kernel's first launch and cached per (module,
//! kernel, specialization constants).
//!
//! [`reach::Memory`]: crate::run::reach::Memory

mod analysis;
mod diverge;
mod emit;
mod fold;
mod group_pass;
mod group_range;
mod local_bounds;
mod lockstep;
mod lower_groups;
mod pack_loop;
mod region;
mod row_check;
mod row_touch;
mod row_values;
mod run;
pub mod runtime;
mod scalar_gen;
mod scalar_mem;
mod scalar_ops;
mod schedule;
mod stride;
mod vector_gen;

pub use run::run;

use crate::front::{dominance, ssa};

use crate::front::ssa::ParamKind;
use crate::front::ssa::Rmw;
use runtime::ExtDesc;
use ssa::{Func, Inst, Val};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A kernel prepared for compilation: its IR, compiled at the first launch.
pub struct Prepared {
    func: Arc<Func>,
    /// Key of the process-wide code cache.
    key: String,
    code: OnceLock<Result<(Arc<Compiled>, bool), String>>,
    /// The hot tier (packs in lockstep, [`lockstep`]): compiled once the kernel has run
    /// [`HOT_ITEMS`] work-items or for [`HOT_TIME`] (its copies of the regions cost compile
    /// time that only kernels run long pay back); `None` if it failed.
    hot: OnceLock<Option<Arc<Compiled>>>,
    /// Work-items launched so far, and nanoseconds run by launches of at least
    /// [`TIMED_ITEMS`] (up to the hot tier).
    launched: std::sync::atomic::AtomicU64,
    ran: std::sync::atomic::AtomicU64,
}

/// Work-items a kernel runs before its hot tier is compiled.
const HOT_ITEMS: u64 = 1 << 20;
/// Time a kernel runs (in launches of [`TIMED_ITEMS`] or more) before its hot tier is
/// compiled: about what compiling that tier costs (4–25 ms for the benchmarked kernels, 56 at
/// most over the corpus), so that at most half the kernel's time goes to compiling.
const HOT_TIME: std::time::Duration = std::time::Duration::from_millis(20);
/// Work-items of a launch whose time counts towards [`HOT_TIME`] (smaller ones are not
/// timed: their launches cost microseconds).
const TIMED_ITEMS: u64 = 4096;

/// Whether every kernel gets its hot tier at once (`SPIRV_EXEC_JIT_HOT=now`: tests of that
/// tier's code on small launches).
fn hot_now() -> bool {
    static NOW: OnceLock<bool> = OnceLock::new();
    *NOW.get_or_init(|| std::env::var("SPIRV_EXEC_JIT_HOT").is_ok_and(|v| v == "now"))
}

/// The code cache: compiled kernels by (module words, specialization constants, kernel name
/// and, for kernels with program-scope variables, the module instance), kept while in use.
static CACHE: Mutex<Option<HashMap<String, std::sync::Weak<Compiled>>>> = Mutex::new(None);

impl Prepared {
    /// The compiled kernel (compiled now if it was not yet).
    pub fn compiled(&self) -> Result<Arc<Compiled>, String> {
        self.compiled_with_origin().map(|(c, _)| c)
    }

    /// [`compiled`](Self::compiled), and whether the code came from the cache.
    pub fn compiled_with_origin(&self) -> Result<(Arc<Compiled>, bool), String> {
        self.code
            .get_or_init(|| cached_compile(&self.func, &self.key, false))
            .clone()
    }

    /// Runs `run` on the code for a launch of `items` work-items: the hot tier once the kernel
    /// has run enough (and has regions that gain from it), else the first, whose run time then
    /// counts towards [`HOT_TIME`] when the launch is large enough to be worth timing.
    pub fn launch<R>(&self, items: u64, run: impl FnOnce(&Compiled) -> R) -> Result<R, String> {
        use std::sync::atomic::Ordering;
        let first = self.compiled()?;
        if !first.lockstep {
            return Ok(run(&first));
        }
        let warm = || {
            self.launched.fetch_add(items, Ordering::Relaxed) + items >= HOT_ITEMS
                || self.ran.load(Ordering::Relaxed) >= HOT_TIME.as_nanos() as u64
        };
        if self.hot.get().is_none() && !hot_now() && !warm() {
            if items < TIMED_ITEMS {
                return Ok(run(&first));
            }
            let start = Instant::now();
            let r = run(&first);
            let ns = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
            self.ran.fetch_add(ns, Ordering::Relaxed);
            return Ok(r);
        }
        let hot = self.hot.get_or_init(|| {
            cached_compile(&self.func, &format!("{}#hot", self.key), true)
                .ok()
                .map(|(c, _)| c)
        });
        Ok(run(hot.as_deref().unwrap_or(&first)))
    }
}

/// Compiles `func` (`hot`: its hot tier) or takes it from the cache under `key`; says whether
/// it came from the cache.
fn cached_compile(func: &Func, key: &str, hot: bool) -> Result<(Arc<Compiled>, bool), String> {
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let map = cache.get_or_insert_with(HashMap::new);
    if let Some(c) = map.get(key).and_then(|w| w.upgrade()) {
        return Ok((c, true));
    }
    // A panic of the code generator must not take the host down: the kernel then runs on
    // the interpreter (or on its first tier).
    let compiled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile(func, hot)))
        .unwrap_or_else(|_| Err("the code generator panicked".into()));
    let c = Arc::new(compiled?);
    map.retain(|_, w| w.strong_count() > 0);
    map.insert(key.to_string(), Arc::downgrade(&c));
    Ok((c, false))
}

/// Whether `func` reaches local memory (kernel-scope `__local` variables, `__local`
/// parameters, accesses marked local).
fn uses_local_memory(func: &Func) -> bool {
    func.local_static > 0
        || func
            .params
            .iter()
            .any(|p| matches!(p.kind, ParamKind::Local))
        || func.blocks.iter().flat_map(|b| &b.stmts).any(|s| {
            matches!(
                s.inst,
                Inst::Load {
                    space: ssa::Space::Local,
                    ..
                } | Inst::Store {
                    space: ssa::Space::Local,
                    ..
                } | Inst::Atomic {
                    space: ssa::Space::Local,
                    ..
                }
            )
        })
}

/// Prepares kernel `func` (the shared front end's IR) for compilation, or says why the
/// compiler cannot run it. `key` identifies the module and its specialization constants,
/// `globals` where the module's program-scope variables lie.
pub fn prepare(
    func: Arc<Func>,
    globals: std::ops::Range<usize>,
    key: &str,
) -> Result<Prepared, String> {
    if let Some(b) = func
        .blocks
        .iter()
        .position(|b| b.stmts.iter().any(|s| matches!(s.inst, Inst::Printf(_))))
    {
        return Err(format!("block {b} prints (printf is the interpreter's)"));
    }
    // The compiler runs a region work-item by work-item: a sub-group barrier there orders
    // nothing, so a kernel that has one and local memory (where a sub-group may exchange
    // values across it) runs on the interpreter, which runs a group's lanes in lockstep.
    if func.subgroup_barriers && uses_local_memory(&func) {
        return Err("it has sub-group barriers and uses local memory".into());
    }
    // Compile time grows faster than the kernel (a call bomb inlined to 2^12 copies took
    // 30 s): a kernel over the budget runs on the interpreter, so a build stays bounded.
    let size: usize = func.blocks.iter().map(|b| 1 + b.stmts.len()).sum();
    if func.blocks.len() > MAX_BLOCKS || size > MAX_SIZE {
        return Err(format!(
            "it has {} blocks and {size} statements after inlining (the compiler's budget: \
             {MAX_BLOCKS} blocks, {MAX_SIZE} statements)",
            func.blocks.len()
        ));
    }
    let func = if lower_groups::needed(&func) {
        Arc::new(lower_groups::lower(&func)?)
    } else {
        func
    };
    let name = &func.name;
    let uses_globals = func.blocks[0]
        .stmts
        .iter()
        .any(|s| matches!(s.inst, Inst::Const(c) if globals.contains(&(c as usize))));
    let key = if uses_globals {
        format!("{key}/{name}@{:#x}", globals.start)
    } else {
        format!("{key}/{name}")
    };
    Ok(Prepared {
        func,
        key,
        code: OnceLock::new(),
        hot: OnceLock::new(),
        launched: std::sync::atomic::AtomicU64::new(0),
        ran: std::sync::atomic::AtomicU64::new(0),
    })
}

/// The most blocks a kernel the compiler compiles may have (after inlining).
const MAX_BLOCKS: usize = 1024;
/// The most blocks plus statements a kernel the compiler compiles may have.
const MAX_SIZE: usize = 16384;

/// The block a kernel starts at (the entry block only computes the values it uses).
fn first_block(f: &Func) -> Result<u32, String> {
    match &f.blocks[0].term {
        ssa::Term::Jump(e) => Ok(e.target),
        _ => Err("internal: the entry block does not jump".into()),
    }
}

/// Where values and calls of a compiled kernel live.
pub struct FrameLayout {
    /// The inline cache of each memory access (by statement address; accesses whose
    /// pointers have one root share one).
    site_cache: HashMap<usize, usize>,
    /// Inline caches.
    pub caches: usize,
    /// Whether inline cache `i` serves writes (stores and atomics): it only ever holds
    /// writable ranges.
    pub write_caches: Vec<bool>,
    /// Barrier `i` resumes at block `resume[i]`.
    pub resume: Vec<u32>,
    /// The blocks that look at the cancellation flag ([`analysis::loop_heads`]).
    pub loop_heads: Vec<bool>,
    /// The values kept per work-item across barrier `i`.
    pub spilled: Vec<Vec<Val>>,
    /// The statements recomputing the other values live across barrier `i`, in order.
    pub recompute: Vec<Vec<ssa::Stmt>>,
    /// Per kept value: bytes per work-item of the slots before it, and its size.
    slots: HashMap<Val, (usize, usize)>,
    /// Bytes kept per work-item.
    pub spill_per_lane: usize,
    /// The kept values the same for the whole group ([`analysis::group_uniform`]): one
    /// 8-byte slot each per group, read from `Ctx::uread` and written to `Ctx::uwrite` (the
    /// runner swaps the two areas between regions, so a region reads what the one before
    /// wrote while it writes the next one's).
    uslots: HashMap<Val, usize>,
    /// Index of each parameter's first value in the flattened arguments.
    params: Vec<usize>,
    ext: HashMap<usize, usize>,
    int_descs: HashMap<(u32, u8, u8), usize>,
    /// Boxed: generated code holds their addresses.
    #[allow(clippy::vec_box)]
    descs: Vec<Box<ExtDesc>>,
    /// `u64`s of scratch the calls need.
    pub scratch: usize,
    /// Bytes of kernel-scope `__local` variables (the static local part).
    pub local_static: usize,
    /// The inline cache of accesses through the kernel-scope `__local` variables.
    pub static_cache: Option<usize>,
    /// Per value, the offset of the private variable it is the address of
    /// ([`analysis::private_offsets`]).
    private_at: Vec<Option<usize>>,
    /// Bytes of each work-item's private variables.
    private_size: usize,
    /// Per value, what is known of it for every work-item ([`local_bounds`]).
    local_known: Vec<Option<local_bounds::Known>>,
    /// Whether the kernel's groups may merge ([`analysis::groups_merge`]).
    pub groups_merge: bool,
    /// Whether the code reads a group's local id of dimension 0 as the lane when the group is
    /// one row ([`analysis::row_ids`]), else from `lids`.
    pub row_ids: bool,
}

impl FrameLayout {
    fn new(f: &Func) -> FrameLayout {
        let (params, local_static) = (&f.params[..], f.local_static);
        let live = analysis::live_in(f);
        let resume = analysis::barriers(f);
        let live_at: Vec<Vec<Val>> = resume
            .iter()
            .map(|&b| live[b as usize].iter().copied().collect())
            .collect();
        let (spilled, recompute): (Vec<Vec<Val>>, Vec<Vec<ssa::Stmt>>) =
            analysis::rematerialize(f, &live_at).into_iter().unzip();
        let mut slots = HashMap::new();
        let mut order: Vec<Val> = spilled.iter().flatten().copied().collect();
        order.sort_unstable();
        order.dedup();
        let uniform = analysis::group_uniform(f);
        let uslots: HashMap<Val, usize> = order
            .iter()
            .filter(|v| uniform[**v as usize])
            .enumerate()
            .map(|(k, &v)| (v, k))
            .collect();
        order.retain(|v| !uniform[*v as usize]);
        let size = |v: Val| (f.types[v as usize].bits() as usize / 8).max(1);
        order.sort_by_key(|&v| std::cmp::Reverse(size(v)));
        let mut at = 0;
        for v in order {
            slots.insert(v, (at, size(v)));
            at += size(v);
        }
        let mut flat = Vec::new();
        let mut n = 0;
        for p in params {
            flat.push(n);
            n += match &p.kind {
                ParamKind::Value { leaves } => leaves.len().max(1),
                _ => 1,
            };
        }
        let roots = analysis::roots(f);
        // Writes through a root get caches of their own (a read-only range must never be
        // cached for them; see `runtime::jit_check`), but for the static local part, which is
        // always writable and has its inline fast path.
        let mut cache_of: HashMap<(analysis::Root, bool), usize> = HashMap::new();
        let groups_merge = analysis::groups_merge(f, params, local_static);
        let mut layout = FrameLayout {
            groups_merge,
            row_ids: groups_merge && analysis::row_ids(f),
            site_cache: HashMap::new(),
            caches: 0,
            write_caches: Vec::new(),
            resume,
            loop_heads: analysis::loop_heads(f),
            spilled,
            recompute,
            slots,
            spill_per_lane: at,
            uslots,
            params: flat,
            ext: HashMap::new(),
            int_descs: HashMap::new(),
            descs: Vec::new(),
            scratch: 4,
            local_static,
            static_cache: None,
            private_at: analysis::private_offsets(f),
            private_size: f.private_size,
            local_known: local_bounds::local_bounds(f),
        };
        for b in &f.blocks {
            for s in &b.stmts {
                match &s.inst {
                    Inst::Load { ptr, .. } | Inst::Store { ptr, .. } | Inst::Atomic { ptr, .. } => {
                        let root = roots[*ptr as usize].unwrap_or(analysis::Root::Other);
                        let reads = matches!(
                            s.inst,
                            Inst::Load { .. } | Inst::Atomic { op: Rmw::Load, .. }
                        );
                        let write = !reads && root != analysis::Root::LocalStatic;
                        let n = cache_of.len();
                        let cache = *cache_of.entry((root, write)).or_insert(n);
                        layout
                            .site_cache
                            .insert(s as *const ssa::Stmt as usize, cache);
                    }
                    Inst::Ext(call) => {
                        let d = Box::new(ExtDesc {
                            num: call.num,
                            result: call.result,
                            width: call.width,
                            args: call.args.iter().map(|(v, s)| (v.len(), *s)).collect(),
                            results: call.results.len(),
                            out2: call.out2.len(),
                        });
                        let total = d.args.iter().map(|a| a.0).sum::<usize>();
                        layout.scratch = layout.scratch.max(total).max(d.results + d.out2);
                        layout
                            .ext
                            .insert(&**call as *const _ as usize, &*d as *const _ as usize);
                        layout.descs.push(d);
                    }
                    Inst::Int3(num, t, _) if t.bits() > 32 => {
                        let rt = s.result.map_or(*t, |r| f.types[r as usize]);
                        let key = (*num, *t as u8, rt as u8);
                        if let std::collections::hash_map::Entry::Vacant(e) =
                            layout.int_descs.entry(key)
                        {
                            let d = Box::new(ExtDesc {
                                num: *num,
                                result: rt,
                                width: 1,
                                args: vec![(1, *t); crate::opencl_std::arity(*num)],
                                results: 1,
                                out2: 0,
                            });
                            e.insert(&*d as *const _ as usize);
                            layout.descs.push(d);
                        }
                    }
                    _ => {}
                }
            }
        }
        layout.caches = cache_of.len();
        layout.write_caches = vec![false; cache_of.len()];
        for (&(_, write), &cache) in &cache_of {
            layout.write_caches[cache] = write;
        }
        layout.static_cache = cache_of.get(&(analysis::Root::LocalStatic, false)).copied();
        layout
    }

    /// Bytes per work-item before value `v`'s slot, and its size.
    pub fn spill_slot(&self, v: Val) -> (usize, usize) {
        self.slots[&v]
    }

    /// The group's slot of kept value `v` if it is uniform.
    pub fn uniform_slot(&self, v: Val) -> Option<usize> {
        self.uslots.get(&v).copied()
    }

    /// Slots of uniform kept values (per area).
    pub fn uniform_slots(&self) -> usize {
        self.uslots.len()
    }

    /// Whether `len` bytes at `ptr + offset` are known inside the work-item's private area:
    /// `ptr` is the address of a private variable (the area's start + a constant) wherever
    /// it is used (its one definition runs before every use: [`analysis::private_offsets`]),
    /// and the bytes lie within the area's `private_size` bytes (its stride is at least
    /// that), so the access's check would always pass.
    pub fn private_inside(&self, ptr: Val, offset: i64, len: u64) -> bool {
        let Some(at) = self.private_at.get(ptr as usize).copied().flatten() else {
            return false;
        };
        let start = at as i128 + i128::from(offset);
        start >= 0 && start + i128::from(len) <= self.private_size as i128
    }

    /// Whether `len` bytes at `ptr + offset` are known inside the static local part for
    /// every work-item ([`local_bounds`]), so the access's check would always pass.
    pub fn local_inside(&self, ptr: Val, offset: i64, len: u64) -> bool {
        let Some(Some(local_bounds::Known::Local(lo, hi))) = self.local_known.get(ptr as usize)
        else {
            return false;
        };
        let offset = i128::from(offset);
        lo + offset >= 0 && hi + offset + i128::from(len) <= self.local_static as i128
    }

    /// Whether nothing region `region`'s functions run (0 from the kernel's start, `i + 1`
    /// from barrier `i`: the entry block, the values recomputed after the barrier, the
    /// region's blocks) may write memory but a work-item's own private variables. Loads
    /// from the static local part proven inside ([`Self::local_inside`]) then read the same
    /// bytes wherever the code runs them: the code generators mark them movable, so that
    /// each is placed at its use (not all at the region's start, live together).
    pub fn local_unwritten(&self, f: &Func, region: usize) -> bool {
        let (first, recompute) = match region {
            0 => match first_block(f) {
                Ok(b) => (b, &[][..]),
                Err(_) => return false,
            },
            r => (self.resume[r - 1], &self.recompute[r - 1][..]),
        };
        let entry = f.blocks[0].stmts.iter();
        let region = analysis::region_stmts(f, first);
        entry.chain(recompute).chain(region).all(|s| match &s.inst {
            ssa::Inst::Store {
                ptr, offset, value, ..
            } => {
                let bytes = (f.types[*value as usize].bits() as u64 / 8).max(1);
                self.private_inside(*ptr, *offset, bytes)
            }
            ssa::Inst::MemCopy { .. }
            | ssa::Inst::Atomic { .. }
            | ssa::Inst::Ext(_)
            | ssa::Inst::Printf(_)
            | ssa::Inst::Group(_)
            | ssa::Inst::Fold(_) => false,
            _ => true,
        })
    }

    /// The inline cache of memory access `s` (0 for other statements).
    pub fn site_of(&self, s: &ssa::Stmt) -> usize {
        self.site_cache
            .get(&(s as *const ssa::Stmt as usize))
            .copied()
            .unwrap_or(0)
    }

    pub fn param_index(&self, param: usize, leaf: usize) -> usize {
        self.params[param] + leaf
    }

    /// The descriptor of the OpenCL.std call in statement `s`.
    pub fn ext_desc(&self, s: &ssa::Stmt) -> Option<usize> {
        match &s.inst {
            Inst::Ext(call) => self.ext.get(&(&**call as *const _ as usize)).copied(),
            _ => None,
        }
    }

    pub fn int_desc(
        &self,
        num: u32,
        t: crate::value::Scalar,
        rt: crate::value::Scalar,
    ) -> Option<usize> {
        self.int_descs.get(&(num, t as u8, rt as u8)).copied()
    }
}

/// A region's function (see [`scalar_gen`]): context, first and last work-item + 1.
type Entry = unsafe extern "C" fn(*mut runtime::Ctx, u64, u64) -> u32;

/// A kernel's native code and what running it needs.
pub struct Compiled {
    pub layout: FrameLayout,
    /// Region `r`'s function: 0 from the start, `i + 1` from barrier `i`.
    entries: Vec<Entry>,
    /// Region `r`'s function over packs of four work-items, when the region allows it.
    packs: Vec<Option<Entry>>,
    pub local_static: usize,
    pub private_size: usize,
    pub compile_time: Duration,
    /// Bytes of machine code.
    pub code_bytes: usize,
    /// Whether some region would run packs in lockstep ([`lockstep`]) in the hot tier (and
    /// does, if this is that tier).
    lockstep: bool,
    module: Mutex<Option<cranelift_jit::JITModule>>,
}

// SAFETY: the code and its descriptors are immutable once finalized; the module is only
// touched again to free the code, behind its mutex, when the last user is gone.
unsafe impl Send for Compiled {}
// SAFETY: as above.
unsafe impl Sync for Compiled {}

impl Drop for Compiled {
    fn drop(&mut self) {
        if let Some(m) = self.module.lock().unwrap_or_else(|e| e.into_inner()).take() {
            // SAFETY: nothing runs this code any more: every launch holds an `Arc` to it.
            unsafe { m.free_memory() };
        }
    }
}

/// Generates native code for `f`.
fn compile(f: &Func, hot: bool) -> Result<Compiled, String> {
    use cranelift_module::Module;
    let start = Instant::now();
    let builder = cranelift_jit::JITBuilder::with_isa(
        emit::module_isa()?,
        cranelift_module::default_libcall_names(),
    );
    let mut module = cranelift_jit::JITModule::new(builder);
    let layout = FrameLayout::new(f);
    let mut entries = Vec::new();
    let mut fctx = cranelift_frontend::FunctionBuilderContext::new();
    let cl = |e: cranelift_module::ModuleError| format!("cranelift: {e:?}");
    let mut ctx = module.make_context();
    scalar_mem::trampoline_signature(&mut ctx.func.signature);
    scalar_mem::check_trampoline(
        cranelift_frontend::FunctionBuilder::new(&mut ctx.func, &mut fctx),
        module.isa().frontend_config(),
    );
    let tramp = module
        .declare_function(
            &format!("{}.check", f.name),
            cranelift_module::Linkage::Local,
            &ctx.func.signature,
        )
        .map_err(cl)?;
    let mut jobs = vec![emit::CompileJob::new(tramp, ctx)];
    let mut names = vec![format!("{}.check", f.name)];
    let rep = vector_gen::reps(f);
    let dump = std::env::var("SPIRV_EXEC_JIT_DUMP").is_ok_and(|k| k == f.name);
    if dump {
        dump_ir(f, &rep, &layout);
    }
    let mut vector_ids = Vec::new();
    let mut lockstep = false;
    // Per region: the per-work-item function, then the pack function if the region allows.
    for (region, pack) in (0..=layout.resume.len()).flat_map(|r| [(r, false), (r, true)]) {
        let first = match region {
            0 => first_block(f)?,
            r => layout.resume[r - 1],
        };
        if pack && !vector_gen::vectorizable(f, &rep, first) {
            vector_ids.push(None);
            continue;
        }
        let mut ctx = module.make_context();
        scalar_gen::signature(&mut ctx.func.signature);
        let check_slow = module.declare_func_in_func(tramp, &mut ctx.func);
        let vector = pack.then(|| {
            let scalar_id = *entries.last().expect("the region's per-work-item function");
            (
                rep.clone(),
                module.declare_func_in_func(scalar_id, &mut ctx.func),
                hot,
            )
        });
        {
            let b = cranelift_frontend::FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let target = module.isa().frontend_config();
            lockstep |=
                scalar_gen::Gen::generate(b, f, &layout, region, check_slow, vector, target)?;
        }
        let name = format!(
            "{}.region{region}{}",
            f.name,
            if pack { ".pack" } else { "" }
        );
        let id = module
            .declare_function(&name, cranelift_module::Linkage::Local, &ctx.func.signature)
            .map_err(|e| format!("cranelift: {e}"))?;
        ctx.set_disasm(dump);
        if pack {
            // The region's per-work-item function is now its fallback.
            if let Some(scalar) = jobs.last_mut() {
                scalar.fallback();
            }
            vector_ids.push(Some(id));
        } else {
            entries.push(id);
        }
        jobs.push(emit::CompileJob::new(id, ctx));
        names.push(name);
    }
    emit::compile(&mut module, &mut jobs)?;
    let mut code_bytes = 0;
    for (job, name) in jobs.iter().zip(&names) {
        let Some(code) = job.ctx.compiled_code() else {
            continue;
        };
        code_bytes += code.code_buffer().len();
        if dump {
            // A debugging aid: the optimized IR and the machine code of one kernel.
            eprintln!("{name} ({:?}):\n{}", job.tier, job.ctx.func.display());
            if let Some(vcode) = code.vcode.as_ref() {
                eprintln!("{vcode}");
            }
            // The bytes, for a disassembler (`objdump -D -b binary -mi386:x86-64`).
            let file = std::env::temp_dir().join(format!("{name}.bin"));
            if let Err(e) = std::fs::write(&file, code.code_buffer()) {
                eprintln!("{}: {e}", file.display());
            }
        }
    }
    module
        .finalize_definitions()
        .map_err(|e| format!("cranelift: {e}"))?;
    let entry = |id| {
        let code = module.get_finalized_function(id);
        // SAFETY: the function was generated with `Entry`'s signature (see `scalar_gen`).
        unsafe { std::mem::transmute::<*const u8, Entry>(code) }
    };
    let packs = vector_ids.into_iter().map(|id| id.map(entry)).collect();
    let entries = entries.into_iter().map(entry).collect();
    Ok(Compiled {
        layout,
        entries,
        packs,
        local_static: f.local_static,
        private_size: f.private_size,
        compile_time: start.elapsed(),
        code_bytes,
        lockstep,
        module: Mutex::new(Some(module)),
    })
}

/// `SPIRV_EXEC_JIT_DUMP=<kernel>`: the kernel's IR with each value's pack representation and
/// what each barrier keeps (a debugging aid, on stderr).
fn dump_ir(f: &Func, rep: &[vector_gen::Rep], layout: &FrameLayout) {
    let v = |x: &Val| format!("v{x}:{:?}/{:?}", f.types[*x as usize], rep[*x as usize]);
    for (i, b) in f.blocks.iter().enumerate() {
        let params: Vec<String> = b.params.iter().map(v).collect();
        eprintln!("b{i}({})", params.join(", "));
        for s in &b.stmts {
            let r = s.result.as_ref().map(v).unwrap_or_default();
            eprintln!("    {r} = {:?}", s.inst);
        }
        eprintln!("    {:?}", b.term);
    }
    for (i, kept) in layout.spilled.iter().enumerate() {
        let kept: Vec<String> = kept.iter().map(v).collect();
        eprintln!(
            "barrier {i} -> b{}: kept [{}], {} recomputed",
            layout.resume[i],
            kept.join(", "),
            layout.recompute[i].len()
        );
    }
}
