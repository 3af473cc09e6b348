//! Running a compiled kernel: work-groups spread over host threads (claimed in stretches of
//! consecutive groups: [`crate::run::claims`]); each group runs region by region, every region one
//! call of the generated function over all its work-items.
//!
//! A kernel that cannot tell work-groups apart ([`super::analysis::groups_merge`]: no barrier,
//! no local or private memory, no local or group ids, no local size), launched with groups of
//! one row (`group_size[1] == group_size[2] == 1`), runs up to [`MERGE_LANES`] work-items of
//! consecutive groups along dimension 0 (the same row of groups) as one call: one group of
//! `m × group_size[0]` work-items whose global ids are exactly those of the `m` groups, in
//! the same order. The cost at a group's boundary (the table's set-up, the call, the
//! function's prologue and its checks' set-up) is paid once per call.

use super::runtime::{self, table, Ctx, State};
use super::Compiled;
use crate::error::Fault;
use crate::front::ssa::ParamKind;
use crate::interp::program::Program;
use crate::run::bind::{align_up, bind_args, local_ranges, Bound, LocalLayout};
use crate::run::claims::Claims;
use crate::run::launch::LaunchDesc;
use crate::run::reach::Memory;
use crate::run::workers::{self, Clock, Team};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// How many work-items a call of a kernel whose groups merge runs at most (whole groups).
/// saxpy (groups of 256, 1 thread, 2026-11-26, one binary, quiet machine): calls of 512
/// work-items 4.52-4.60 ms, single groups 4.87-4.96, calls of 1024 4.71-4.91, 2048 4.72-4.80,
/// 4096 4.98-5.06. (While the code still read a one-row group's local ids from `lids`, calls
/// of 4096 ran 8.0-8.3 ms: the loads of a `lids` larger than the first-level cache.)
const MERGE_LANES: usize = 512;

/// A thread's memory for the groups it runs.
struct Frame {
    buf: Buffers,
    /// The byte ranges of `local` in use (each `__local` argument, the kernel-scope part).
    local_parts: Vec<(usize, usize)>,
    static_base: usize,
    private_stride: usize,
    table: [u64; table::LEN],
    /// Work-items of the call (`width` groups).
    lanes: usize,
    /// The launch's work-group size.
    size: [u64; 3],
    /// How many groups the table, `lids` and `lanes` are set for.
    width: usize,
}

/// A frame's buffers, kept by its thread for the next frame ([`Frame::new`] reuses them).
#[derive(Default)]
struct Buffers {
    params: Vec<u64>,
    local: Vec<u64>,
    private: Vec<u64>,
    byval: Vec<u64>,
    lids: Vec<u32>,
    spill: Vec<u64>,
    /// The two areas of the uniform kept values (`Ctx::uread`, `Ctx::uwrite`).
    uniform: Vec<u64>,
    done: Vec<u8>,
    scratch: Vec<u64>,
    /// The inline caches' ranges (`lo`, `hi`), kept from group to group: shared ranges
    /// stay valid for the whole launch.
    caches: Vec<u64>,
}

impl Buffers {
    fn bytes(&self) -> usize {
        8 * (self.params.capacity()
            + self.local.capacity()
            + self.private.capacity()
            + self.byval.capacity()
            + self.spill.capacity()
            + self.uniform.capacity()
            + self.scratch.capacity()
            + self.caches.capacity())
            + 4 * self.lids.capacity()
            + self.done.capacity()
    }
}

/// Bytes of buffers a thread keeps for its next frame at most.
const SPARE_BYTES: usize = 1 << 20;

thread_local! {
    static SPARE: std::cell::Cell<Option<Buffers>> = const { std::cell::Cell::new(None) };
}

/// `v` emptied, then `n` zeros.
fn zeroed<T: Copy + Default>(mut v: Vec<T>, n: usize) -> Vec<T> {
    v.clear();
    v.resize(n, T::default());
    v
}

impl Drop for Frame {
    /// Keeps the buffers for the thread's next frame, unless they are large.
    fn drop(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        if buf.bytes() <= SPARE_BYTES {
            // A thread being torn down has no spare any more: the buffers are freed.
            let _ = SPARE.try_with(|s| s.set(Some(buf)));
        }
    }
}

impl Frame {
    /// A frame for calls of up to `most` groups (1 unless the kernel's groups merge).
    fn new(c: &Compiled, p: &Program, launch: &LaunchDesc, most: usize) -> Frame {
        let n: usize = launch
            .group_size
            .iter()
            .map(|&s| s as usize)
            .product::<usize>()
            * most;
        let local = LocalLayout::new(&p.params, &launch.args, c.local_static);
        let byval_size: usize = p
            .params
            .iter()
            .map(|q| match q.kind {
                ParamKind::ByVal { size, align } => size + align,
                _ => 0,
            })
            .sum();
        let private_stride = align_up(c.private_size, 16);
        let gs = launch.group_size.map(|s| s as usize);
        // The buffers of this thread's last frame, reused (zeroed) when large enough: a
        // small launch costs little more than its work-items (their allocation was a fifth
        // of a launch of 2 groups of 64).
        let Buffers {
            params,
            local: local_buf,
            private,
            byval,
            lids,
            spill,
            uniform,
            done,
            scratch,
            caches: cache_buf,
        } = SPARE
            .try_with(|s| s.take())
            // A thread being torn down (a destructor that waits runs queued work) has none.
            .ok()
            .flatten()
            .unwrap_or_default();
        // Empty ranges: `lo` 1, `hi` 0.
        let mut caches = zeroed(cache_buf, 0);
        caches.extend((0..c.layout.caches.max(1)).flat_map(|_| [1, 0]));
        let mut f = Frame {
            buf: Buffers {
                params: zeroed(params, 0),
                local: zeroed(local_buf, local.size.div_ceil(8).max(1)),
                private: zeroed(private, (private_stride * n).div_ceil(8).max(1)),
                byval: zeroed(byval, byval_size.div_ceil(8).max(1)),
                lids: zeroed(lids, 3 * n),
                spill: zeroed(spill, (c.layout.spill_per_lane * n).div_ceil(8) + 1),
                uniform: zeroed(uniform, 2 * c.layout.uniform_slots().max(1)),
                done: zeroed(done, n),
                scratch: zeroed(scratch, c.layout.scratch.max(4)),
                caches,
            },
            local_parts: local.parts,
            static_base: local.static_base,
            private_stride,
            table: [0; table::LEN],
            lanes: 0,
            size: launch.group_size.map(|s| s as u64),
            width: 0,
        };
        let local_base = f.buf.local.as_ptr() as usize;
        let (local, params) = ((local_base, &local.offsets[..]), &mut f.buf.params);
        bind_args(
            &p.params,
            &launch.args,
            local,
            &mut f.buf.byval,
            |_, bound| match bound {
                Bound::Value(values) if values.is_empty() => params.push(0),
                Bound::Value(values) => params.extend(values.iter()),
                Bound::Address(addr) => params.push(addr as u64),
            },
        );
        let groups = launch.groups.map(|g| g as u64);
        for d in 0..3 {
            f.table[table::NUM_GROUPS + d] = groups[d];
            f.table[table::LOCAL_SIZE + d] = gs[d] as u64;
            f.table[table::GLOBAL_SIZE + d] = groups[d] * gs[d] as u64;
            f.table[table::GLOBAL_OFFSET + d] = launch.offset[d] as u64;
        }
        f.table[table::WORK_DIM] = launch.work_dim as u64;
        f
    }

    /// Sets the table's local size and lane count and the local ids for calls of `m`
    /// consecutive groups along dimension 0 (at most the frame's `most`): one group `m` times
    /// as wide.
    fn set_width(&mut self, m: usize) {
        if m == self.width {
            return;
        }
        let gs = [
            self.size[0] as usize * m,
            self.size[1] as usize,
            self.size[2] as usize,
        ];
        let n = gs.iter().product::<usize>();
        // Dimension 0 fastest; no divisions (a launch of a few groups sets this up each time).
        let (x, y) = self.buf.lids[..3 * n].split_at_mut(n);
        let (y, z) = y.split_at_mut(n);
        let mut l = 0;
        for k in 0..gs[2] as u32 {
            for j in 0..gs[1] as u32 {
                for i in 0..gs[0] as u32 {
                    (x[l], y[l], z[l]) = (i, j, k);
                    l += 1;
                }
            }
        }
        self.table[table::LOCAL_SIZE] = gs[0] as u64;
        self.table[table::LANES] = n as u64;
        self.lanes = n;
        self.width = m;
    }

    /// Region `r`'s function: over packs of four work-items when the region has one and the
    /// packs lie in rows (dimension 0 a multiple of 4; `SPIRV_EXEC_NO_PACKS` set: never).
    fn entry(&self, c: &Compiled, r: usize) -> super::Entry {
        match c.packs[r] {
            Some(pack) if self.table[table::LOCAL_SIZE] % 4 == 0 && !no_packs() => pack,
            _ => c.entries[r],
        }
    }

    fn own_regions(&self) -> [(usize, usize); 3] {
        let span = |v: &Vec<u64>| (v.as_ptr() as usize, v.as_ptr() as usize + v.len() * 8);
        [
            span(&self.buf.private),
            span(&self.buf.local),
            span(&self.buf.byval),
        ]
    }

    fn local_ranges(&self) -> Vec<(usize, usize)> {
        local_ranges(&self.buf.local, &self.local_parts)
    }

    /// Runs group `g` (its coordinates) and the `m - 1` groups after it along dimension 0 (at
    /// most the frame's `most` in all, in one row of groups) to completion, or until `cancel` is set (the generated code reads
    /// it at every loop head).
    fn run_group(
        &mut self,
        c: &Compiled,
        state: &mut State<'_>,
        g: [usize; 3],
        m: usize,
        cancel: &AtomicBool,
    ) -> Result<(), Fault> {
        self.set_width(m);
        for (d, &gid) in g.iter().enumerate() {
            let gid = gid as u64;
            let size = self.size[d];
            self.table[table::GROUP_ID + d] = gid;
            self.table[table::GROUP_BASE + d] = gid * size;
            self.table[table::GID_BASE + d] = gid * size + self.table[table::GLOBAL_OFFSET + d];
        }
        self.buf.done[..self.lanes].fill(0);
        let half = self.buf.uniform.len() / 2;
        let ubase = self.buf.uniform.as_mut_ptr();
        let mut ctx = Ctx {
            params: self.buf.params.as_ptr(),
            table: self.table.as_ptr(),
            lids: self.buf.lids.as_ptr(),
            spill: self.buf.spill.as_mut_ptr() as *mut u8,
            local_static: self.buf.local.as_ptr() as u64 + self.static_base as u64,
            private_base: self.buf.private.as_ptr() as u64,
            private_stride: self.private_stride as u64,
            lanes: self.lanes as u64,
            caches: self.buf.caches.as_mut_ptr(),
            status: 0,
            scratch: self.buf.scratch.as_mut_ptr(),
            done: self.buf.done.as_mut_ptr(),
            state: (state as *mut State<'_>).cast(),
            cancel: (cancel as *const AtomicBool).cast(),
            uread: ubase,
            // SAFETY: `uniform` holds two areas of `half` values.
            uwrite: unsafe { ubase.add(half) },
        };
        let mut resume = 0u32;
        loop {
            if resume != 0 && cancel.load(Ordering::Relaxed) {
                return Err(Fault::Cancelled);
            }
            // SAFETY: `ctx` points at this frame's memory, sized for the kernel's layout and
            // this launch (see `runtime`'s documentation of what the code relies on), and
            // `state` outlives the call.
            let code = unsafe { (self.entry(c, resume as usize))(&mut ctx, 0, self.lanes as u64) };
            // What this region wrote, the next one reads.
            (ctx.uread, ctx.uwrite) = (ctx.uwrite, ctx.uread as *mut u64);
            match code {
                runtime::DONE => return Ok(()),
                runtime::FAULT => {
                    let fault = state.error.take().unwrap_or(Fault::Unreachable);
                    return Err(local_lane(fault, self.width, self.size[0] as usize));
                }
                i if (i as usize) < c.layout.resume.len() => resume = i + 1,
                // DIVERGED (nothing else is returned).
                _ => return Err(Fault::DivergentBarrier { group: g }),
            }
        }
    }
}

/// Runs `program`'s compiled code `c` over the whole launch, spreading work-groups over
/// `launch.threads` threads. `Err` carries the first fault.
///
/// # Safety
/// `launch` was checked against the kernel and its memory is valid for the whole call.
pub unsafe fn run(c: &Compiled, program: &Program, launch: &LaunchDesc) -> Result<(), Fault> {
    let total: usize = launch.groups.iter().map(|&g| g as usize).product();
    let lanes: usize = launch.group_size.iter().map(|&s| s as usize).product();
    if total == 0 || lanes == 0 {
        return Ok(());
    }
    let stop = AtomicBool::new(false);
    let error: Mutex<Option<Fault>> = Mutex::new(None);
    let threads = launch.threads.clamp(1, total);
    let claims = Claims::new(total, threads);
    let fail = |e: Fault| {
        stop.store(true, Ordering::Relaxed);
        error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(e);
    };
    let [gx, gy, _] = launch.groups.map(|g| g as usize);
    // Groups of one row of a kernel that cannot tell them apart run several at a time.
    let merge = c.layout.groups_merge
        && launch.group_size[1] == 1
        && launch.group_size[2] == 1
        && !no_merge();
    let most = if merge {
        (MERGE_LANES / lanes).clamp(1, gx)
    } else {
        1
    };
    let items = total * lanes;
    let clock = Clock::start();
    let worker = |team: &Team| {
        let mut frame = Frame::new(c, program, launch, most);
        let mut state = State {
            mem: Memory::new(
                &launch.memory,
                frame.own_regions(),
                frame.local_ranges(),
                frame.private_stride,
            )
            .with_read_only(&launch.read_only),
            error: None,
            write_caches: &c.layout.write_caches,
        };
        let cancel = launch.cancel_flag();
        // The clock is read between claims only (a launch of one claim reads it twice in all:
        // a read costs tens of nanoseconds on some machines).
        let mut claimed = false;
        while !stop.load(Ordering::Relaxed) {
            let Some(groups) = claims.next() else {
                break;
            };
            if std::mem::replace(&mut claimed, true) {
                clock.check(team);
            }
            let mut g = groups.start;
            while g < groups.end {
                if cancel.load(Ordering::Relaxed) {
                    return fail(Fault::Cancelled);
                }
                let x = g % gx;
                // The claimed groups left in this row of groups, at most `most`.
                let m = (groups.end - g).min(gx - x).min(most);
                if let Err(e) =
                    frame.run_group(c, &mut state, [x, (g / gx) % gy, g / (gx * gy)], m, cancel)
                {
                    return fail(e);
                }
                g += m;
            }
        }
    };
    // The caller runs a share; the others run on the shared parked workers, called in at once
    // unless the kernel's earlier launches say this one is too small to pay for them.
    let ran = workers::shared().run(threads, program.pace.eager(items), &worker);
    match error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => {
            program.pace.record(items, ran, clock.elapsed());
            Ok(())
        }
    }
}

/// `SPIRV_EXEC_NO_MERGE`: every call runs one work-group (to compare the two).
fn no_merge() -> bool {
    static NO: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *NO.get_or_init(|| std::env::var_os("SPIRV_EXEC_NO_MERGE").is_some())
}

/// `SPIRV_EXEC_NO_PACKS`: every region runs work-item by work-item (to compare the two).
fn no_packs() -> bool {
    static NO: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *NO.get_or_init(|| std::env::var_os("SPIRV_EXEC_NO_PACKS").is_some())
}

/// `fault` with the lane it names as the work-item's linear local id: in a call of `width`
/// merged groups of one row of `size0` work-items, lane `l` is work-item `l % size0` of its
/// group.
fn local_lane(fault: Fault, width: usize, size0: usize) -> Fault {
    match fault {
        Fault::OtherPrivateMemory {
            address,
            len,
            lane,
            start,
            end,
        } if width > 1 && size0 > 0 => Fault::OtherPrivateMemory {
            address,
            len,
            lane: lane % size0,
            start,
            end,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn other(lane: usize) -> Fault {
        Fault::OtherPrivateMemory {
            address: 0x1000,
            len: 4,
            lane,
            start: 0x2000,
            end: 0x2010,
        }
    }

    #[test]
    fn a_merged_calls_fault_names_the_work_items_local_id() {
        let lane = |f: Fault| match f {
            Fault::OtherPrivateMemory { lane, .. } => lane,
            f => panic!("{f:?}"),
        };
        assert_eq!(lane(local_lane(other(300), 2, 256)), 44);
        assert_eq!(lane(local_lane(other(255), 2, 256)), 255);
        assert_eq!(lane(local_lane(other(7), 3, 3)), 1);
        // One group per call: the lane already is the local id (groups of several rows).
        assert_eq!(lane(local_lane(other(300), 1, 16)), 300);
        assert!(matches!(
            local_lane(Fault::Unreachable, 2, 4),
            Fault::Unreachable
        ));
    }
}
