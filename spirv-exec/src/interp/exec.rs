//! Running a lowered kernel: work-groups spread over host threads; inside a group, every
//! instruction runs for all work-items that reached its block ("lanes"), blocks scheduled in
//! an order with every loop contiguous (`order`) so that diverged work-items reconverge and
//! barriers need no waiting.
//!
//! Speed comes from the common case: the lanes of a block are usually a contiguous range (all
//! of them, or a prefix such as `lid < s`). Then each operation is one loop over row slices,
//! compiled for the host's vector extension (`ops::vectorized`), a load or store checks the
//! lowest and highest address of the row once, a branch that every lane takes the same way
//! hands the lane list over whole, and a range cut at one point splits into two ranges.
//! Scattered lanes take per-lane paths with the same semantics.

use crate::error::Fault;
use crate::interp::ops::vectorized;
use crate::interp::program::{BuiltinValue, Edge, EdgeCopy, Exec, Lanes, ParamKind, Program, Term};
use crate::run::bind::{align_up, bind_args, local_ranges, Bound, LocalLayout};
use crate::run::launch::LaunchDesc;
use crate::run::printed::Printed;
use crate::run::reach::Memory;
use crate::run::workers::{self, Clock, Team};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Lanes, as a range when they are one.
type Span = Option<(usize, usize)>;

/// Splits `active` (whose lanes are `span`, if contiguous) into the lanes whose bit in `row`
/// is set (`yes`) and the others (`no`); returns the spans of the two.
fn split_lanes(
    row: &[u64],
    active: &[u16],
    span: Span,
    yes: &mut Vec<u16>,
    no: &mut Vec<u16>,
) -> (Span, Span) {
    if let Some((lo, hi)) = span {
        // Contiguous lanes cut at one point (`if (lid < s)`, `if (gid < n)`): two ranges,
        // found with vectorizable passes.
        let bits = &row[lo..hi];
        let set = vectorized(|| bits.iter().map(|&c| c & 1).sum::<u64>()) as usize;
        let head = bits[0] & 1;
        let cut = if head == 1 { set } else { bits.len() - set };
        let same = |c: &u64| c & 1 == head;
        if vectorized(|| bits[..cut].iter().fold(true, |all, c| all & same(c))) {
            let (first, rest) = ((lo..lo + cut), (lo + cut..hi));
            let (y, n) = if head == 1 {
                (first, rest)
            } else {
                (rest, first)
            };
            let spans = ((y.start, y.end), (n.start, n.end));
            yes.clear();
            yes.extend(y.map(|l| l as u16));
            no.clear();
            no.extend(n.map(|l| l as u16));
            return (Some(spans.0), Some(spans.1));
        }
    }
    yes.resize(active.len(), 0);
    no.resize(active.len(), 0);
    let (mut y, mut k) = (0, 0);
    for &l in active {
        let c = (row[l as usize] & 1) as usize;
        yes[y] = l;
        no[k] = l;
        y += c;
        k += 1 - c;
    }
    yes.truncate(y);
    no.truncate(k);
    (None, None)
}

/// A set of block indices, taken lowest first (the scheduling order).
#[derive(Default)]
struct Ready {
    words: Vec<u64>,
}

impl Ready {
    fn reset(&mut self, blocks: usize) {
        self.words.clear();
        self.words.resize(blocks.div_ceil(64), 0);
    }

    fn insert(&mut self, block: usize) {
        if let Some(w) = self.words.get_mut(block / 64) {
            *w |= 1 << (block % 64);
        }
    }

    fn pop_first(&mut self) -> Option<usize> {
        let (i, w) = self.words.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let bit = w.trailing_zeros() as usize;
        *w &= *w - 1;
        Some(i * 64 + bit)
    }
}

/// `Some((lo, hi))` if the (distinct) lanes in `active` are exactly `lo..hi`.
fn contiguous(active: &[u16], n: usize) -> Option<(usize, usize)> {
    if active.len() == n {
        return Some((0, n));
    }
    let (lo, hi) = vectorized(|| {
        active
            .iter()
            .fold((u16::MAX, 0u16), |(lo, hi), &l| (lo.min(l), hi.max(l)))
    });
    (!active.is_empty() && (hi - lo) as usize + 1 == active.len())
        .then_some((lo as usize, hi as usize + 1))
}

/// 64 bytes, aligned as a cache line.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u64; 8]);

// SAFETY: eight `u64`s, 64 bytes with no padding (the alignment is the size); any bits are a
// valid value, all zeros included.
unsafe impl bytemuck::Zeroable for Line {}
// SAFETY: as above; `Copy` and `'static`.
unsafe impl bytemuck::Pod for Line {}

/// The register file: `u64`s starting on a cache line, so that the row loops' vector loads
/// and stores do not straddle two lines (rows are usually a multiple of 8 lanes). Where the
/// allocator put a `Vec<u64>` changed the interpreter's speed by 10-15 %.
struct Regs {
    lines: Vec<Line>,
    len: usize,
}

impl Regs {
    fn zeroed(len: usize) -> Regs {
        Regs {
            lines: vec![Line([0; 8]); len.div_ceil(8)],
            len,
        }
    }
}

impl std::ops::Deref for Regs {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &bytemuck::cast_slice(&self.lines)[..self.len]
    }
}

impl std::ops::DerefMut for Regs {
    fn deref_mut(&mut self) -> &mut [u64] {
        &mut bytemuck::cast_slice_mut(&mut self.lines)[..self.len]
    }
}

/// A thread's working memory, reused for every group it runs.
struct Frame {
    regs: Regs,
    private: Vec<u64>,
    local: Vec<u64>,
    params: Vec<u64>,
    lanes: usize,
    /// Lanes waiting at each block.
    pending: Vec<Vec<u16>>,
    /// Blocks with waiting lanes.
    ready: Ready,
    active: Vec<u16>,
    split: Vec<u16>,
    split2: Vec<u16>,
    private_stride: usize,
    scratch: Vec<u64>,
    /// Each lane's local id, one row per dimension.
    local_ids: [Vec<u64>; 3],
    /// Byte ranges of `local` in use: the `__local` arguments, the kernel-scope variables.
    local_parts: Vec<(usize, usize)>,
    /// The group whose ids the built-in rows hold, if any: a dimension whose group id has not
    /// changed since keeps its rows (nothing else writes them).
    ids_of: Option<[usize; 3]>,
}

/// Bytes left unused before and after the private arena: a work-item's overrun of its
/// private memory by less than this faults, rather than landing in memory that happens to
/// lie next to the arena and that the kernel may reach (a buffer, say).
const PRIVATE_GUARD: usize = 4096;

impl Frame {
    fn new(p: &Program, launch: &LaunchDesc) -> Frame {
        let n = launch.lanes();
        let private_stride = align_up(p.private_size, 16);
        let local = LocalLayout::new(&p.params, &launch.args, p.local_static);
        let static_base = local.static_base;
        let mut params_size = 0usize;
        for param in &p.params {
            if let ParamKind::ByVal { size, align } = param.kind {
                params_size = align_up(params_size, align) + size;
            }
        }
        let mut f = Frame {
            regs: Regs::zeroed(p.slots * n),
            private: vec![0; (private_stride * n).div_ceil(8).max(1) + 2 * PRIVATE_GUARD / 8],
            local: vec![0; local.size.div_ceil(8).max(1)],
            params: vec![0; params_size.div_ceil(8).max(1)],
            lanes: n,
            pending: Vec::new(),
            ready: Ready::default(),
            active: Vec::with_capacity(n),
            split: Vec::with_capacity(n),
            split2: Vec::with_capacity(n),
            private_stride,
            scratch: Vec::new(),
            local_ids: Default::default(),
            local_parts: local.parts,
            ids_of: None,
        };
        let set = |regs: &mut [u64], slot: usize, v: &dyn Fn(usize) -> u64| {
            for l in 0..n {
                regs[slot * n + l] = v(l);
            }
        };
        for &(slot, value) in &p.constants {
            set(&mut f.regs, slot, &|_| value);
        }
        let local_base = f.local.as_ptr() as usize;
        for &(slot, off) in &p.local_vars {
            set(&mut f.regs, slot, &|_| {
                (local_base + static_base + off) as u64
            });
        }
        let private_base = f.private_base();
        for &(slot, off) in &p.private_vars {
            set(&mut f.regs, slot, &|l| {
                (private_base + l * private_stride + off) as u64
            });
        }
        let local = (local_base, &local.offsets[..]);
        let mut slots = p.param_slots.iter();
        bind_args(&p.params, &launch.args, local, &mut f.params, |_, bound| {
            let Some(&slot) = slots.next() else { return };
            match bound {
                Bound::Value(values) => {
                    for (i, value) in values.iter().enumerate() {
                        set(&mut f.regs, slot + i, &|_| value);
                    }
                }
                Bound::Address(addr) => set(&mut f.regs, slot, &|_| addr as u64),
            }
        });
        f.set_constant_builtins(p, launch);
        if !p.hoisted.is_empty() {
            // Pure arithmetic over slots: no memory is reached, and integer arithmetic and
            // conversions return no error.
            let mem = Memory::new(&[], [(0, 0); 3], Vec::new(), 0);
            let _ = f.run_all_lanes(&p.hoisted, &mem);
        }
        f
    }

    /// The first byte of the private arena (after the guard).
    fn private_base(&self) -> usize {
        self.private.as_ptr() as usize + PRIVATE_GUARD
    }

    fn own_ranges(&self) -> [(usize, usize); 3] {
        let span = |v: &Vec<u64>| (v.as_ptr() as usize, v.as_ptr() as usize + v.len() * 8);
        let private = self.private_base();
        let private_end = private + self.private.len() * 8 - 2 * PRIVATE_GUARD;
        [
            (private, private_end),
            span(&self.local),
            span(&self.params),
        ]
    }

    /// The addresses of [`Frame::local_parts`].
    fn local_ranges(&self) -> Vec<(usize, usize)> {
        local_ranges(&self.local, &self.local_parts)
    }

    /// Fills the built-ins that are the same for every group (local ids, sizes, counts).
    fn set_constant_builtins(&mut self, p: &Program, launch: &LaunchDesc) {
        let n = launch.lanes();
        let sg = (p.subgroup_size as usize).max(1);
        let gs = launch.group_size.map(|s| s as usize);
        let global = [0, 1, 2].map(|d| launch.groups[d] as usize * gs[d]);
        // Each lane's local id, dimension 0 fastest (no divisions: a small launch sets this
        // up each time).
        let mut ids = std::mem::take(&mut self.local_ids);
        ids.iter_mut().for_each(|v| {
            v.clear();
            v.reserve(n);
        });
        for z in 0..gs[2] as u64 {
            for y in 0..gs[1] as u64 {
                for x in 0..gs[0] as u64 {
                    ids[0].push(x);
                    ids[1].push(y);
                    ids[2].push(z);
                }
            }
        }
        self.local_ids = ids;
        for &(which, slot) in &p.builtins {
            let vec3: Option<[usize; 3]> = match which {
                BuiltinValue::NumGroups => Some(launch.groups.map(|g| g as usize)),
                BuiltinValue::LocalSize | BuiltinValue::EnqueuedLocalSize => Some(gs),
                BuiltinValue::GlobalSize => Some(global),
                BuiltinValue::GlobalOffset => Some(launch.offset.map(|o| o as usize)),
                _ => None,
            };
            for l in 0..n {
                let local = [0, 1, 2].map(|d| self.local_ids[d][l] as usize);
                match (which, vec3) {
                    (_, Some(v)) => {
                        (0..3).for_each(|d| self.regs[(slot + d) * n + l] = v[d] as u64)
                    }
                    (BuiltinValue::LocalId, _) => {
                        (0..3).for_each(|d| self.regs[(slot + d) * n + l] = local[d] as u64)
                    }
                    (BuiltinValue::WorkDim, _) => self.regs[slot * n + l] = launch.work_dim as u64,
                    (BuiltinValue::LocalLinearId, _) => self.regs[slot * n + l] = l as u64,
                    (BuiltinValue::SubgroupId, _) => self.regs[slot * n + l] = (l / sg) as u64,
                    (BuiltinValue::SubgroupSize, _) => {
                        self.regs[slot * n + l] = (n - l / sg * sg).min(sg) as u64
                    }
                    (BuiltinValue::SubgroupMaxSize, _) => self.regs[slot * n + l] = sg as u64,
                    (BuiltinValue::NumSubgroups, _) => {
                        self.regs[slot * n + l] = n.div_ceil(sg) as u64
                    }
                    (BuiltinValue::SubgroupLocalId, _) => self.regs[slot * n + l] = (l % sg) as u64,
                    _ => {}
                }
            }
        }
    }

    /// Fills the built-ins that depend on the group; returns whether the group is in another
    /// row of groups (group ids of dimensions 1 and 2) than the last one.
    fn set_builtins(&mut self, p: &Program, launch: &LaunchDesc, group: [usize; 3]) -> bool {
        let n = launch.lanes();
        let gs = launch.group_size.map(|s| s as usize);
        let global = [0, 1, 2].map(|d| launch.groups[d] as usize * gs[d]);
        let base = [0, 1, 2].map(|d| group[d] * gs[d]);
        // Groups run x first: the y and z rows usually hold this group's already.
        let same = self
            .ids_of
            .map_or([false; 3], |last| [0, 1, 2].map(|d| last[d] == group[d]));
        self.ids_of = Some(group);
        for &(which, slot) in &p.builtins {
            match which {
                BuiltinValue::GroupId => {
                    for (d, g) in group.iter().enumerate() {
                        if !same[d] {
                            self.regs[(slot + d) * n..(slot + d + 1) * n].fill(*g as u64);
                        }
                    }
                }
                BuiltinValue::GlobalId => {
                    for (d, ids) in self.local_ids.iter().enumerate() {
                        if same[d] {
                            continue;
                        }
                        let off = (base[d] + launch.offset[d] as usize) as u64;
                        let row = &mut self.regs[(slot + d) * n..(slot + d + 1) * n];
                        vectorized(|| {
                            for (r, &id) in row.iter_mut().zip(ids) {
                                *r = off + id;
                            }
                        });
                    }
                }
                BuiltinValue::GlobalLinearId => {
                    let [x, y, z] = &self.local_ids;
                    let row = &mut self.regs[slot * n..(slot + 1) * n];
                    let [bx, by, bz] = base.map(|b| b as u64);
                    let [gx, gy] = [global[0] as u64, global[1] as u64];
                    vectorized(|| {
                        for (((r, &x), &y), &z) in row.iter_mut().zip(x).zip(y).zip(z) {
                            *r = ((bz + z) * gy + by + y) * gx + bx + x;
                        }
                    });
                }
                _ => {}
            }
        }
        !(same[1] && same[2])
    }

    /// Runs `insts` for every lane, in order ([`Program::hoisted`] once per launch,
    /// [`Program::row_hoisted`] once per row of groups).
    fn run_all_lanes(&mut self, insts: &[Exec], mem: &Memory<'_>) -> Result<(), Fault> {
        let n = self.lanes;
        self.active.clear();
        self.active.extend(0..n as u16);
        let mut lanes = Lanes {
            r: &mut self.regs,
            n,
            active: &self.active,
            mem,
            span: Some((0, n)),
            bounds: None,
        };
        let result = insts.iter().try_for_each(|inst| inst(&mut lanes));
        self.active.clear();
        result
    }

    /// Runs one work-group to completion. Lanes wait in per-block queues; the lowest block
    /// (in `order`'s scheduling order) with waiting lanes runs next, so that lanes that
    /// diverged reconverge. `cancel` is looked at before each block (every loop passes there).
    fn run_group(
        &mut self,
        p: &Program,
        mem: &Memory<'_>,
        cancel: &AtomicBool,
    ) -> Result<(), Fault> {
        let n = self.lanes;
        if self.pending.len() != p.blocks.len() {
            self.pending = vec![Vec::new(); p.blocks.len()];
        }
        self.ready.reset(p.blocks.len());
        let entry = p.entry as usize;
        self.pending[entry].clear();
        self.pending[entry].extend(0..n as u16);
        self.ready.insert(entry);
        while let Some(b) = self.ready.pop_first() {
            if self.pending[b].is_empty() {
                continue;
            }
            if cancel.load(Ordering::Relaxed) {
                return Err(Fault::Cancelled);
            }
            let mut active = std::mem::take(&mut self.active);
            active.clear();
            std::mem::swap(&mut active, &mut self.pending[b]);
            let span = contiguous(&active, n);
            let result = self.run_block(&p.blocks[b], mem, &mut active, span);
            active.clear();
            self.active = active;
            result?;
        }
        Ok(())
    }

    /// Runs block `block` for the lanes in `active` and sends them on. `active` may be
    /// exchanged for another (empty) vector.
    fn run_block(
        &mut self,
        block: &crate::interp::program::Block,
        mem: &Memory<'_>,
        active: &mut Vec<u16>,
        span: Option<(usize, usize)>,
    ) -> Result<(), Fault> {
        let n = self.lanes;
        let mut lanes = Lanes {
            r: &mut self.regs,
            n,
            active: active.as_slice(),
            mem,
            span,
            bounds: None,
        };
        for inst in &block.insts {
            inst(&mut lanes)?;
        }
        match &block.term {
            Term::Jump(e) => self.move_edge(e, active, span),
            Term::Branch { cond, then, other } => {
                let row = &self.regs[cond * n..(cond + 1) * n];
                let first = row[active[0] as usize] & 1;
                // No early exit: these folds vectorize.
                let (any, all) = vectorized(|| match span {
                    Some((lo, hi)) => row[lo..hi]
                        .iter()
                        .fold((0, 1), |(any, all), &c| (any | c, all & c)),
                    None => active.iter().fold((0, 1), |(any, all), &l| {
                        (any | row[l as usize], all & row[l as usize])
                    }),
                });
                let same = (any & 1) == (all & 1);
                if same {
                    // A uniform branch: every lane goes the same way.
                    self.move_edge(if first != 0 { then } else { other }, active, span);
                } else {
                    let mut yes = std::mem::take(&mut self.split);
                    let mut no = std::mem::take(&mut self.split2);
                    let (ys, ns) = split_lanes(row, active, span, &mut yes, &mut no);
                    // Both are non-empty (the branch is not uniform).
                    self.move_edge(then, &mut yes, ys);
                    self.move_edge(other, &mut no, ns);
                    yes.clear();
                    no.clear();
                    self.split = yes;
                    self.split2 = no;
                }
            }
            Term::Switch {
                sel,
                mask,
                default,
                cases,
            } => {
                let mut group = std::mem::take(&mut self.split);
                for (i, edge) in cases.iter().map(|(_, e)| e).chain([default]).enumerate() {
                    group.clear();
                    for &l in active.iter() {
                        let v = self.regs[sel * n + l as usize] & mask;
                        let which = cases
                            .iter()
                            .position(|(c, _)| *c == v)
                            .unwrap_or(cases.len());
                        if which == i {
                            group.push(l);
                        }
                    }
                    self.take_edge(edge, &group);
                }
                self.split = group;
            }
            Term::Return => {}
            Term::Unreachable => return Err(Fault::Unreachable),
        }
        Ok(())
    }

    /// Sends all of `active` (whose lanes are `span`, if contiguous) along `edge`, handing the
    /// vector itself to the target's queue when that queue is empty.
    fn move_edge(&mut self, edge: &Edge, active: &mut Vec<u16>, span: Span) {
        self.phi_copies(edge, active, span);
        let target = &mut self.pending[edge.target as usize];
        if target.is_empty() {
            std::mem::swap(target, active);
        } else {
            target.extend_from_slice(active);
        }
        self.ready.insert(edge.target as usize);
    }

    /// Sends `lanes` along `edge`: the phi copies, then into the target's queue.
    fn take_edge(&mut self, edge: &Edge, lanes: &[u16]) {
        if lanes.is_empty() {
            return;
        }
        self.phi_copies(edge, lanes, None);
        self.pending[edge.target as usize].extend_from_slice(lanes);
        self.ready.insert(edge.target as usize);
    }

    /// The phi copies of `edge` for the lanes `span` (row slices) or else `lanes`.
    fn phi_copies(&mut self, edge: &Edge, lanes: &[u16], span: Span) {
        let n = self.lanes;
        let rows = |c: &EdgeCopy| {
            let (src, dst) = (c.src, c.dst);
            (0..c.n).map(move |k| ((src + k) * n, (dst + k) * n))
        };
        if !edge.parallel {
            for (src, dst) in edge.copies.iter().flat_map(rows) {
                match span {
                    Some((lo, hi)) => self.regs.copy_within(src + lo..src + hi, dst + lo),
                    None => {
                        for &l in lanes {
                            self.regs[dst + l as usize] = self.regs[src + l as usize];
                        }
                    }
                }
            }
            return;
        }
        // Some copy reads a row another writes: every value is read first.
        self.scratch.clear();
        for (src, _) in edge.copies.iter().flat_map(rows) {
            match span {
                Some((lo, hi)) => self
                    .scratch
                    .extend_from_slice(&self.regs[src + lo..src + hi]),
                None => self
                    .scratch
                    .extend(lanes.iter().map(|&l| self.regs[src + l as usize])),
            }
        }
        let mut at = 0;
        for (_, dst) in edge.copies.iter().flat_map(rows) {
            match span {
                Some((lo, hi)) => {
                    self.regs[dst + lo..dst + hi].copy_from_slice(&self.scratch[at..at + hi - lo]);
                    at += hi - lo;
                }
                None => {
                    for &l in lanes {
                        self.regs[dst + l as usize] = self.scratch[at];
                        at += 1;
                    }
                }
            }
        }
    }
}

/// Runs `program` over the whole launch, spreading work-groups over `launch.threads` threads.
/// `Err` carries the first fault (work-groups not yet started are skipped).
///
/// # Safety
/// `launch` was checked against `program`'s kernel and its memory is valid for the call.
pub unsafe fn run(program: &Program, launch: &LaunchDesc) -> Result<(), Fault> {
    let total = launch.total_groups();
    if total == 0 || launch.lanes() == 0 {
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let error: Mutex<Option<Fault>> = Mutex::new(None);
    let threads = launch.threads.clamp(1, total);
    let chunk = (total / (threads * 64)).clamp(1, 64);
    let printed = Printed::default();
    let items = total * launch.lanes();
    let clock = Clock::start();
    let worker = |team: &Team| {
        let mut frame = Frame::new(program, launch);
        let mem = Memory::new(
            &launch.memory,
            frame.own_ranges(),
            frame.local_ranges(),
            frame.private_stride,
        )
        .with_printed(&printed)
        .with_read_only(&launch.read_only);
        let [gx, gy, _] = launch.groups.map(|g| g as usize);
        'claim: while !stop.load(Ordering::Relaxed) {
            clock.check(team);
            // Groups are claimed a few at a time (fewer trips to the shared counter), about
            // 64 claims per thread so that the threads still finish together.
            let first = next.fetch_add(chunk, Ordering::Relaxed);
            for g in first..(first + chunk).min(total) {
                let new_row =
                    frame.set_builtins(program, launch, [g % gx, (g / gx) % gy, g / (gx * gy)]);
                let row = match new_row && !program.row_hoisted.is_empty() {
                    true => frame.run_all_lanes(&program.row_hoisted, &mem),
                    false => Ok(()),
                };
                if let Err(e) =
                    row.and_then(|()| frame.run_group(program, &mem, launch.cancel_flag()))
                {
                    stop.store(true, Ordering::Relaxed);
                    error
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    break 'claim;
                }
            }
            if first + chunk >= total {
                break;
            }
        }
    };

    // The caller runs a share; the others run on the shared parked workers, called in at once
    // unless the kernel's earlier launches say this one is too small to pay for them.
    let ran = workers::shared().run(threads, program.pace.eager(items), &worker);
    // What the work-items printed, even when one faulted (it helps find the fault).
    printed.deliver(&launch.printf);
    match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => {
            program.pace.record(items, ran, clock.elapsed());
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_blocks_come_out_lowest_first_once_each() {
        let mut r = Ready::default();
        r.reset(130);
        for b in [129, 3, 64, 3, 0, 129] {
            r.insert(b);
        }
        let order: Vec<usize> = std::iter::from_fn(|| r.pop_first()).collect();
        assert_eq!(order, [0, 3, 64, 129]);
        r.insert(5);
        r.reset(10);
        assert_eq!(r.pop_first(), None, "reset empties the set");
    }

    #[test]
    fn contiguous_lanes_are_recognised_in_any_order() {
        assert_eq!(contiguous(&[3, 1, 2], 8), Some((1, 4)));
        assert_eq!(contiguous(&[0, 1, 2, 3], 4), Some((0, 4)));
        assert_eq!(contiguous(&[0, 2], 8), None);
        assert_eq!(contiguous(&[], 8), None);
    }

    #[test]
    fn lanes_split_by_condition_bits() {
        let row = [1u64, 1, 1, 0, 0, 0, 1, 0];
        let (mut yes, mut no) = (Vec::new(), Vec::new());
        // A prefix cut: two ranges.
        split_lanes(&row, &[2, 0, 1, 3, 4, 5], Some((0, 6)), &mut yes, &mut no);
        assert_eq!(
            (yes.as_slice(), no.as_slice()),
            (&[0, 1, 2][..], &[3, 4, 5][..])
        );
        // A suffix cut.
        split_lanes(&row, &[3, 4, 5, 6], Some((3, 7)), &mut yes, &mut no);
        assert_eq!((yes.as_slice(), no.as_slice()), (&[6][..], &[3, 4, 5][..]));
        // Interleaved: lane by lane, in the list's order.
        split_lanes(&row, &[7, 6, 5, 0], None, &mut yes, &mut no);
        assert_eq!((yes.as_slice(), no.as_slice()), (&[6, 0][..], &[7, 5][..]));
        split_lanes(
            &row,
            &[0, 1, 2, 3, 4, 5, 6, 7],
            Some((0, 8)),
            &mut yes,
            &mut no,
        );
        assert_eq!(
            (yes.as_slice(), no.as_slice()),
            (&[0, 1, 2, 6][..], &[3, 4, 5, 7][..])
        );
    }
}
