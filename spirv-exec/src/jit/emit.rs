//! Machine code for a kernel's functions: Cranelift's settings per function, and the
//! functions compiled in parallel before they are handed to the module.
//!
//! Register allocation is most of the code generation time (regalloc2's backtracking
//! allocator took 80% of it for the largest pack functions, Cranelift's IR verifier a fifth;
//! building the IR about 5%). So only the code that runs most gets the backtracking allocator
//! ([`Tier::Full`]). A region's per-work-item function, when the region also has a pack
//! function, only runs the work-items of a group's last incomplete pack and of packs that
//! leave the pack function: it gets the single-pass allocator ([`Tier::Quick`]). Functions so
//! large that the backtracking allocator and the optimizer would take hundreds of
//! milliseconds (-O0 kernels on 8- and 16-component vectors: every global access checked
//! per lane, private variables read and written per lane) get neither ([`Tier::Large`]).

use cranelift_codegen::isa::OwnedTargetIsa;
use cranelift_codegen::{control::ControlPlane, Context};
use cranelift_module::{FuncId, Module, ModuleReloc};
use std::sync::OnceLock;

/// Cranelift instructions above which a function is [`Tier::Large`]. The corpus's largest
/// pack functions (31000 instructions when their private accesses were all checked; 10200
/// since) took 430 ms with the backtracking allocator, 40 ms as large ones; the benchmarked
/// kernels' largest (the tiled matmul's k loop) has 3800.
const LARGE_ABOVE: usize = 6000;

/// How carefully a function is compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// The backtracking register allocator: the hot code.
    Full,
    /// The single-pass register allocator: code that rarely runs.
    Quick,
    /// The single-pass register allocator and no optimization: too large a function.
    Large,
}

/// The code generator of each tier (made once per process: they probe the host's CPU).
struct Isas {
    full: OwnedTargetIsa,
    /// [`Tier::Full`]'s settings without the optimizer, for after it ran and
    /// [`schedule::sink`](super::schedule::sink) moved its loads.
    full_after: OwnedTargetIsa,
    quick: OwnedTargetIsa,
    large: OwnedTargetIsa,
}

fn isas() -> Result<&'static Isas, String> {
    static ISAS: OnceLock<Result<Isas, String>> = OnceLock::new();
    ISAS.get_or_init(|| {
        Ok(Isas {
            full: isa(Tier::Full, true)?,
            full_after: isa(Tier::Full, false)?,
            quick: isa(Tier::Quick, true)?,
            large: isa(Tier::Large, false)?,
        })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// The code generator for `tier`, with Cranelift's optimizer if `optimize`.
fn isa(tier: Tier, optimize: bool) -> Result<OwnedTargetIsa, String> {
    use cranelift_codegen::settings::{self, Configurable};
    let mut flags = settings::builder();
    let mut set = |k: &str, v: &str| {
        flags
            .set(k, v)
            .map_err(|e| format!("cranelift flag {k}: {e}"))
    };
    set("opt_level", if optimize { "speed" } else { "none" })?;
    set("use_colocated_libcalls", "false")?;
    set("is_pic", "false")?;
    // Cranelift's own IR verifier (a fifth of the code generation time) runs in debug builds
    // (every test, the fuzzer's default run) and with SPIRV_EXEC_JIT_VERIFY=1. What it would
    // catch in a release build is a bug of our IR building, not of the kernel: the kernel's
    // IR is type-checked (`verify::check`) before any code is generated, the code builder
    // emits only instructions of the types checked there, and a verifier error would only
    // have made the kernel run on the interpreter. Every memory access keeps its checks: they
    // are instructions the code builder emits, not something the verifier adds.
    let verify = cfg!(debug_assertions)
        || std::env::var_os("SPIRV_EXEC_JIT_VERIFY").is_some_and(|v| v == "1");
    set("enable_verifier", if verify { "true" } else { "false" })?;
    if tier != Tier::Full {
        set("regalloc_algorithm", "single_pass")?;
    }
    cranelift_native::builder()
        .map_err(|e| format!("the host is not supported by the compiler: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| format!("cranelift: {e}"))
}

/// The code generator new modules are made with.
pub fn module_isa() -> Result<OwnedTargetIsa, String> {
    isas().map(|i| i.full.clone())
}

/// A function built, to compile.
pub struct CompileJob {
    pub id: FuncId,
    pub ctx: Context,
    pub tier: Tier,
}

impl CompileJob {
    /// Function `id` as built in `ctx`: [`Tier::Large`] if it is too large, else
    /// [`Tier::Full`] (see [`fallback`](Self::fallback)).
    pub fn new(id: FuncId, ctx: Context) -> CompileJob {
        let tier = if ctx.func.dfg.num_insts() > LARGE_ABOVE {
            Tier::Large
        } else {
            Tier::Full
        };
        CompileJob { id, ctx, tier }
    }

    /// Marks the function as a fallback: [`Tier::Quick`] unless it is [`Tier::Large`].
    pub fn fallback(&mut self) {
        if self.tier == Tier::Full {
            self.tier = Tier::Quick;
        }
    }
}

/// Compiles `jobs` (on up to as many threads as the host has cores, largest functions
/// first) and defines them in `module`.
pub fn compile(
    module: &mut cranelift_jit::JITModule,
    jobs: &mut [CompileJob],
) -> Result<(), String> {
    let isas = isas()?;
    let one = |job: &mut CompileJob| -> Result<(), String> {
        let isa = match job.tier {
            Tier::Full if super::schedule::wanted(&job.ctx.func) => {
                // Optimized, its loads moved to their uses, then compiled as it is.
                job.ctx
                    .optimize(&*isas.full, &mut ControlPlane::default())
                    .map_err(|e| format!("cranelift: {e:?}"))?;
                super::schedule::sink(&mut job.ctx.func);
                &*isas.full_after
            }
            Tier::Full => &*isas.full,
            Tier::Quick => &*isas.quick,
            Tier::Large => &*isas.large,
        };
        job.ctx
            .compile(isa, &mut ControlPlane::default())
            .map(|_| ())
            .map_err(|e| format!("cranelift: {:?}", e.inner))
    };
    let threads = crate::run::workers::host_threads().min(jobs.len());
    if threads <= 1 {
        jobs.iter_mut().try_for_each(one)?;
    } else {
        let mut order: Vec<&mut CompileJob> = jobs.iter_mut().collect();
        order.sort_by_key(|j| std::cmp::Reverse(j.ctx.func.dfg.num_insts()));
        let queue = std::sync::Mutex::new(order.into_iter());
        let next = || queue.lock().unwrap_or_else(|e| e.into_inner()).next();
        std::thread::scope(|s| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| -> Result<(), String> {
                        while let Some(job) = next() {
                            one(job)?;
                        }
                        Ok(())
                    })
                })
                .collect();
            // Every worker is joined (a panic becomes an error, as on the calling thread).
            let results: Vec<Result<(), String>> = workers
                .into_iter()
                .map(|w| {
                    w.join()
                        .unwrap_or_else(|_| Err("the code generator panicked".into()))
                })
                .collect();
            results.into_iter().collect::<Result<(), String>>()
        })?;
    }
    for job in jobs.iter() {
        let code = job
            .ctx
            .compiled_code()
            .ok_or("internal: a function was not compiled")?;
        let relocs: Vec<ModuleReloc> = code
            .buffer
            .relocs()
            .iter()
            .map(|r| ModuleReloc::from_mach_reloc(r, &job.ctx.func, job.id))
            .collect();
        // `SPIRV_EXEC_JIT_CODE_DIR=<dir>`: each function's machine code in `<dir>/f<id>.bin`
        // (a profiling aid: `objdump -D -b binary -m i386:x86-64 f4.bin`, the function's
        // address in `/tmp/perf-<pid>.map`).
        if let Some(dir) = std::env::var_os("SPIRV_EXEC_JIT_CODE_DIR") {
            let path = std::path::Path::new(&dir).join(format!("f{}.bin", job.id.as_u32()));
            let _ = std::fs::write(path, code.code_buffer());
        }
        module
            .define_function_bytes(
                job.id,
                u64::from(code.buffer.alignment),
                code.code_buffer(),
                &relocs,
            )
            .map_err(|e| format!("cranelift: {e:?}"))?;
    }
    Ok(())
}
