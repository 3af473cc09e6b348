//! Running a lowered kernel: work-groups spread over host threads; inside a group, every
//! instruction runs for all work-items that reached its block ("lanes"), blocks scheduled in
//! reverse post-order so that diverged work-items reconverge and barriers need no waiting.

use super::ir::{BuiltinValue, Edge, ParamKind, Program, Term};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Memory a kernel may touch, other than its own local and private memory.
#[derive(Clone, Debug)]
pub struct Region {
    pub base: usize,
    pub end: usize,
    pub what: String,
}

/// Checks every load and store of one thread's work-groups.
pub struct Memory<'a> {
    global: &'a [Region],
    own: [(usize, usize); 3],
    last: Cell<(usize, usize)>,
}

impl Memory<'_> {
    /// `Ok` if `[addr, addr + len)` is memory the kernel may reach.
    #[inline]
    pub fn check(&self, addr: usize, len: usize) -> Result<(), String> {
        let end = addr.wrapping_add(len);
        let (b, e) = self.last.get();
        if addr >= b && end <= e && end >= addr {
            return Ok(());
        }
        self.check_slow(addr, len)
    }

    #[cold]
    fn check_slow(&self, addr: usize, len: usize) -> Result<(), String> {
        let end = addr.checked_add(len).ok_or_else(|| self.fault(addr, len))?;
        for &(b, e) in &self.own {
            if addr >= b && end <= e {
                self.last.set((b, e));
                return Ok(());
            }
        }
        let i = self.global.partition_point(|r| r.base <= addr);
        if i > 0 {
            let r = &self.global[i - 1];
            if end <= r.end {
                self.last.set((r.base, r.end));
                return Ok(());
            }
        }
        Err(self.fault(addr, len))
    }

    fn fault(&self, addr: usize, len: usize) -> String {
        let nearest = self
            .global
            .iter()
            .min_by_key(|r| {
                if addr < r.base {
                    r.base - addr
                } else {
                    addr.saturating_sub(r.end - 1)
                }
            })
            .map_or("no allocation is reachable".to_string(), |r| {
                format!(
                    "nearest allocation [{:#x}, {:#x}) ({} bytes, {})",
                    r.base,
                    r.end,
                    r.end - r.base,
                    r.what
                )
            });
        format!("out-of-bounds access of {len} bytes at {addr:#x}; {nearest}")
    }
}

/// What the instructions of a block see.
pub struct Lanes<'a> {
    /// The register file, slot-major.
    pub r: &'a mut [u64],
    /// Lanes per group (the register file's stride).
    pub n: usize,
    /// The lanes running this block.
    pub active: &'a [u16],
    pub mem: &'a Memory<'a>,
}

impl Lanes<'_> {
    /// Index of `slot` for lane `l`.
    #[inline]
    pub fn at(&self, slot: usize, l: u16) -> usize {
        slot * self.n + l as usize
    }
}

/// The shape of a launch.
#[derive(Clone, Debug)]
pub struct Launch {
    pub groups: [u32; 3],
    pub group_size: [u32; 3],
    pub offset: [u32; 3],
    pub work_dim: u32,
    /// Argument bytes per parameter (for `__local` parameters: the size, as 8 bytes).
    pub args: Vec<Vec<u8>>,
    /// Memory the kernel may reach through pointers (sorted by base, non-overlapping).
    pub regions: Vec<Region>,
    pub threads: usize,
}

impl Launch {
    fn lanes(&self) -> usize {
        self.group_size.iter().map(|&s| s as usize).product()
    }

    fn total_groups(&self) -> usize {
        self.groups.iter().map(|&g| g as usize).product()
    }
}

/// A thread's working memory, reused for every group it runs.
struct Frame {
    regs: Vec<u64>,
    private: Vec<u64>,
    local: Vec<u64>,
    params: Vec<u64>,
    next: Vec<u32>,
    live: Vec<u16>,
    active: Vec<u16>,
    scratch: Vec<u64>,
}

fn align_up(x: usize, a: usize) -> usize {
    x.next_multiple_of(a.max(1))
}

impl Frame {
    fn new(p: &Program, launch: &Launch) -> Result<Frame, String> {
        let n = launch.lanes();
        let private_stride = align_up(p.private_size, 16);
        let mut local_size = 0usize;
        let mut local_params = Vec::new();
        for (param, arg) in p.params.iter().zip(&launch.args) {
            if let ParamKind::Local = param.kind {
                let bytes = u64::from_le_bytes(
                    arg.get(..8)
                        .and_then(|b| b.try_into().ok())
                        .unwrap_or([0; 8]),
                ) as usize;
                local_size = align_up(local_size, 64);
                local_params.push((param.slot, local_size));
                local_size += bytes;
            }
        }
        let static_base = align_up(local_size, 64);
        local_size = static_base + p.local_static;
        let mut params_size = 0usize;
        for param in &p.params {
            if let ParamKind::ByVal { size, align } = param.kind {
                params_size = align_up(params_size, align) + size;
            }
        }
        let mut f = Frame {
            regs: vec![0; p.slots * n],
            private: vec![0; (private_stride * n).div_ceil(8).max(1)],
            local: vec![0; local_size.div_ceil(8).max(1)],
            params: vec![0; params_size.div_ceil(8).max(1)],
            next: vec![0; n],
            live: Vec::with_capacity(n),
            active: Vec::with_capacity(n),
            scratch: Vec::new(),
        };
        let set = |regs: &mut Vec<u64>, slot: usize, v: &dyn Fn(usize) -> u64| {
            for l in 0..n {
                regs[slot * n + l] = v(l);
            }
        };
        for &(slot, value) in &p.constants {
            set(&mut f.regs, slot, &|_| value);
        }
        let local_base = f.local.as_ptr() as usize;
        for &(slot, off) in &local_params {
            set(&mut f.regs, slot, &|_| (local_base + off) as u64);
        }
        for &(slot, off) in &p.local_vars {
            set(&mut f.regs, slot, &|_| {
                (local_base + static_base + off) as u64
            });
        }
        let private_base = f.private.as_ptr() as usize;
        for &(slot, off) in &p.private_vars {
            set(&mut f.regs, slot, &|l| {
                (private_base + l * private_stride + off) as u64
            });
        }
        let params_base = f.params.as_mut_ptr() as *mut u8;
        let mut params_off = 0usize;
        for (param, arg) in p.params.iter().zip(&launch.args) {
            match &param.kind {
                ParamKind::Value { leaves } => {
                    for (i, leaf) in leaves.iter().enumerate() {
                        let bytes = (leaf.scalar.bits() as usize / 8).max(1);
                        let mut v = [0u8; 8];
                        let src = arg
                            .get(leaf.offset..leaf.offset + bytes)
                            .ok_or("argument too short")?;
                        v[..bytes].copy_from_slice(src);
                        let value = u64::from_le_bytes(v);
                        set(&mut f.regs, param.slot + i, &|_| value);
                    }
                }
                ParamKind::Local => {}
                ParamKind::ByVal { size, align } => {
                    params_off = align_up(params_off, *align);
                    let n_copy = (*size).min(arg.len());
                    // SAFETY: `params` holds `params_size >= params_off + size` bytes.
                    unsafe {
                        std::ptr::copy_nonoverlapping(
                            arg.as_ptr(),
                            params_base.add(params_off),
                            n_copy,
                        )
                    };
                    let addr = params_base as usize + params_off;
                    set(&mut f.regs, param.slot, &|_| addr as u64);
                    params_off += size;
                }
            }
        }
        Ok(f)
    }

    fn own_regions(&self) -> [(usize, usize); 3] {
        let span = |v: &Vec<u64>| (v.as_ptr() as usize, v.as_ptr() as usize + v.len() * 8);
        [span(&self.private), span(&self.local), span(&self.params)]
    }

    fn set_builtins(&mut self, p: &Program, launch: &Launch, group: [usize; 3]) {
        let n = launch.lanes();
        let gs = launch.group_size.map(|s| s as usize);
        let global = [0, 1, 2].map(|d| launch.groups[d] as usize * gs[d]);
        for &(which, slot) in &p.builtins {
            for l in 0..n {
                let local = [l % gs[0], (l / gs[0]) % gs[1], l / (gs[0] * gs[1])];
                let gid =
                    [0, 1, 2].map(|d| group[d] * gs[d] + local[d] + launch.offset[d] as usize);
                let vec3: Option<[usize; 3]> = match which {
                    BuiltinValue::GlobalId => Some(gid),
                    BuiltinValue::LocalId => Some(local),
                    BuiltinValue::GroupId => Some(group),
                    BuiltinValue::NumGroups => Some(launch.groups.map(|g| g as usize)),
                    BuiltinValue::LocalSize | BuiltinValue::EnqueuedLocalSize => Some(gs),
                    BuiltinValue::GlobalSize => Some(global),
                    BuiltinValue::GlobalOffset => Some(launch.offset.map(|o| o as usize)),
                    _ => None,
                };
                match vec3 {
                    Some(v) => {
                        for (d, value) in v.iter().enumerate() {
                            self.regs[(slot + d) * n + l] = *value as u64;
                        }
                    }
                    None => {
                        let value = match which {
                            BuiltinValue::WorkDim => launch.work_dim as usize,
                            BuiltinValue::GlobalLinearId => {
                                let g = [0, 1, 2].map(|d| gid[d] - launch.offset[d] as usize);
                                (g[2] * global[1] + g[1]) * global[0] + g[0]
                            }
                            BuiltinValue::LocalLinearId => l,
                            BuiltinValue::SubgroupSize | BuiltinValue::SubgroupMaxSize => 1,
                            BuiltinValue::NumSubgroups => n,
                            BuiltinValue::SubgroupId => l,
                            _ => 0,
                        };
                        self.regs[slot * n + l] = value as u64;
                    }
                }
            }
        }
    }

    /// Runs one work-group to completion.
    fn run_group(&mut self, p: &Program, mem: &Memory<'_>) -> Result<(), String> {
        let n = self.next.len();
        self.live.clear();
        self.live.extend(0..n as u16);
        self.next.fill(p.entry);
        while !self.live.is_empty() {
            let block_id = self
                .live
                .iter()
                .map(|&l| self.next[l as usize])
                .min()
                .unwrap_or(p.entry);
            self.active.clear();
            let next = &self.next;
            self.active.extend(
                self.live
                    .iter()
                    .copied()
                    .filter(|&l| next[l as usize] == block_id),
            );
            let block = &p.blocks[block_id as usize];
            {
                let mut lanes = Lanes {
                    r: &mut self.regs,
                    n,
                    active: &self.active,
                    mem,
                };
                for inst in &block.insts {
                    inst(&mut lanes)?;
                }
            }
            let mut finished = false;
            for i in 0..self.active.len() {
                let l = self.active[i] as usize;
                let edge: Option<&Edge> = match &block.term {
                    Term::Branch(e) => Some(e),
                    Term::Cond { cond, then, other } => Some(if self.regs[cond * n + l] & 1 != 0 {
                        then
                    } else {
                        other
                    }),
                    Term::Switch {
                        sel,
                        mask,
                        default,
                        cases,
                    } => {
                        let v = self.regs[sel * n + l] & mask;
                        Some(
                            cases
                                .iter()
                                .find(|(c, _)| *c == v)
                                .map_or(default, |(_, e)| e),
                        )
                    }
                    Term::Return => None,
                    Term::Unreachable => return Err("reached OpUnreachable".into()),
                };
                match edge {
                    Some(e) => {
                        if !e.copies.is_empty() {
                            self.scratch.clear();
                            for c in &e.copies {
                                for k in 0..c.n {
                                    self.scratch.push(self.regs[(c.src + k) * n + l]);
                                }
                            }
                            let mut it = self.scratch.iter();
                            for c in &e.copies {
                                for k in 0..c.n {
                                    self.regs[(c.dst + k) * n + l] = *it.next().unwrap_or(&0);
                                }
                            }
                        }
                        self.next[l] = e.target;
                    }
                    None => {
                        self.next[l] = u32::MAX;
                        finished = true;
                    }
                }
            }
            if finished {
                let next = &self.next;
                self.live.retain(|&l| next[l as usize] != u32::MAX);
            }
        }
        Ok(())
    }
}

/// Runs `program` over the whole launch, spreading work-groups over `launch.threads` threads.
/// `Err` carries the first fault (work-groups not yet started are skipped).
pub fn run(program: &Program, launch: &Launch) -> Result<(), String> {
    let total = launch.total_groups();
    if total == 0 || launch.lanes() == 0 {
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let error: Mutex<Option<String>> = Mutex::new(None);
    let worker = || {
        let mut frame = match Frame::new(program, launch) {
            Ok(f) => f,
            Err(e) => {
                stop.store(true, Ordering::Relaxed);
                *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                return;
            }
        };
        let mem = Memory {
            global: &launch.regions,
            own: frame.own_regions(),
            last: Cell::new((0, 0)),
        };
        let [gx, gy, _] = launch.groups.map(|g| g as usize);
        while !stop.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= total {
                break;
            }
            frame.set_builtins(program, launch, [g % gx, (g / gx) % gy, g / (gx * gy)]);
            if let Err(e) = frame.run_group(program, &mem) {
                stop.store(true, Ordering::Relaxed);
                error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                break;
            }
        }
    };
    let threads = launch.threads.clamp(1, total);
    if threads == 1 {
        worker();
    } else {
        std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(&worker);
            }
            worker();
        });
    }
    match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
