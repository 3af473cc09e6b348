//! Sub-groups for the compiler, rewritten into shared IR it already compiles, before code
//! generation: the sub-group built-ins become arithmetic on the local linear id and the
//! local size, and each collective ([`Inst::Group`]) becomes a store of its operand into the
//! work-item's slot of a hidden scratch area of local memory, a barrier, a load or a loop
//! over the slots of its sub-group (or work-group) computing the result, and a barrier again
//! so that the scratch can be reused. A reduction, scan, `all` or `any` over the whole scope
//! is instead each work-item's step into the scope's accumulator ([`Inst::Fold`]: a pack of
//! four takes one step), then a barrier, then the total (or the scan's step) as the result:
//! no loop, no barrier after it (nor before a scan's result, where that scan is the kernel's
//! one collective and every work-item reaches it once: each takes its step in id order).
//! That is right for collectives every work-item of the group reaches, as SYCL and OpenCL
//! require of them; one reached by part of the group makes the launch fail with
//! `Fault::DivergentBarrier`, never a wrong value: unless every
//! collective's barrier is surely met once by every work-item (on every path to a return,
//! in no loop), every work-item ends at one barrier before it returns, so that the others
//! cannot pass a collective without it (the interpreter runs non-uniform collectives
//! exactly).

use crate::front::ssa::{
    group_identity, Bin, Block, BlockId, BuiltinValue, Conv, Edge, FoldStep, Func, GroupArith,
    GroupCall, GroupKind, GroupOp, GroupStep, Inst, Scope, Space, Stmt, Term, Un, Val,
};
use crate::run::launch::MAX_GROUP_SIZE;
use crate::value::Scalar;

/// Bytes of a work-item's scratch slot.
const SLOT: u64 = 8;

/// The kind of a collective over its whole scope that [`Inst::Fold`] steps compute (a
/// reduction or scan, `all` and `any` as reductions), if `call` is one.
fn whole_scope(call: &GroupCall) -> Option<GroupKind> {
    match call.op {
        GroupOp::All | GroupOp::Any => Some(GroupKind::Reduce),
        GroupOp::Arith {
            kind, cluster: 0, ..
        } => Some(kind),
        _ => None,
    }
}

/// Whether `f` uses sub-group built-ins or collectives ([`lower`] then rewrites it).
pub fn needed(f: &Func) -> bool {
    f.blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .any(|s| match &s.inst {
            Inst::Group(_) => true,
            Inst::Builtin(b, _) => matches!(
                b,
                BuiltinValue::SubgroupSize
                    | BuiltinValue::SubgroupMaxSize
                    | BuiltinValue::NumSubgroups
                    | BuiltinValue::SubgroupId
                    | BuiltinValue::SubgroupLocalId
            ),
            _ => false,
        })
}

/// `f` with its sub-group built-ins and collectives rewritten, type-checked again.
pub fn lower(f: &Func) -> Result<Func, String> {
    let calls = || {
        f.blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match &s.inst {
                Inst::Group(call) => Some(&**call),
                _ => None,
            })
    };
    let collectives = calls().next().is_some();
    // Scratch arrays: one for the exchanged values, a second for the INTEL shuffles of two.
    let pairs = calls().any(|c| matches!(c.op, GroupOp::ShuffleDownPair | GroupOp::ShuffleUpPair));
    // A third for the totals of whole-scope reductions (read by every work-item).
    let totals = calls().any(|c| whole_scope(c) == Some(GroupKind::Reduce));
    let arrays = usize::from(collectives) + usize::from(pairs);
    let mut l = Lower::new(f.clone(), arrays, totals)?;
    l.builtins();
    let mut b = 1;
    while b < l.f.blocks.len() {
        l.block(b as BlockId)?;
        b += 1;
    }
    if collectives && !l.each_once() {
        l.meet_at_end();
    } else if let ([b], [scan]) = (&l.barriers[..], &l.scans[..]) {
        // The kernel's one collective is a scan every work-item reaches once: work-items
        // take their steps in id order as they run the region, each its own prefix at once,
        // and no other collective reuses the accumulator. Its barrier would only cost a
        // second pass over the group (and keeping the prefix across it).
        if b == scan {
            let block = &mut l.f.blocks[*b as usize];
            if let Term::Barrier { next } = block.term {
                block.term = Term::Jump(Edge {
                    target: next,
                    args: vec![],
                });
            }
        }
    }
    crate::front::verify::check(&l.f)
        .map_err(|e| format!("internal: collectives lowered ill-typed: {e}"))?;
    Ok(l.f)
}

/// The values every rewritten statement may use, computed in a block of their own between
/// the entry block and the kernel's first block (they dominate everything after it).
struct Lower {
    f: Func,
    /// The block computing them.
    head: BlockId,
    llid: Val,
    lanes: Val,
    /// The first local linear id of the work-item's sub-group, and its size.
    sg_base: Val,
    sg_size: Val,
    zero: Val,
    /// The work-item's slot in each scratch array (unset past the arrays the kernel needs).
    slots: [Val; 2],
    /// The scratch arrays' addresses (likewise).
    scratch: [Val; 2],
    /// The reductions' totals array (if the kernel has reductions): a sub-group's total in
    /// the slot of its first work-item, the work-group's in the slot after the last
    /// (`wg_total`), so that a sub-group's total never overwrites a work-group's another
    /// sub-group has yet to read.
    totals: Val,
    /// The index of the work-group's total in the totals array.
    wg_total: Val,
    /// The blocks ending in a collective's barrier.
    barriers: Vec<BlockId>,
    /// Those of them that end in a scan's step.
    scans: Vec<BlockId>,
}

impl Lower {
    /// `arrays`: the scratch arrays the collectives need (0 to 2); `totals`: whether a
    /// reduction's totals array follows them.
    fn new(mut f: Func, arrays: usize, totals: bool) -> Result<Lower, String> {
        let first = match &f.blocks[0].term {
            Term::Jump(e) if e.args.is_empty() => e.target,
            _ => return Err("internal: the entry block does not jump".into()),
        };
        let head = f.blocks.len() as BlockId;
        f.blocks.push(Block {
            params: vec![],
            stmts: vec![],
            term: Term::Jump(Edge {
                target: first,
                args: vec![],
            }),
        });
        f.blocks[0].term = Term::Jump(Edge {
            target: head,
            args: vec![],
        });
        // The scratch: arrays of a slot per work-item after the kernel's own variables.
        let off = f.local_static.next_multiple_of(SLOT as usize);
        let array = MAX_GROUP_SIZE as usize * SLOT as usize;
        // The totals array has a slot more, after the sub-groups': the work-group's.
        if arrays > 0 || totals {
            f.local_static = off + arrays * array + usize::from(totals) * (array + SLOT as usize);
        }
        let mut l = Lower {
            f,
            head,
            llid: 0,
            lanes: 0,
            sg_base: 0,
            sg_size: 0,
            zero: 0,
            slots: [0; 2],
            scratch: [0; 2],
            totals: 0,
            wg_total: 0,
            barriers: vec![],
            scans: vec![],
        };
        let i64 = Scalar::I64;
        // Entry-block values: built-ins (per work-item there) and the scratch's addresses.
        l.llid = l.entry(i64, Inst::Builtin(BuiltinValue::LocalLinearId, 0));
        let size = [0, 1, 2].map(|d| l.entry(i64, Inst::Builtin(BuiltinValue::LocalSize, d)));
        let mut scratch = [0; 2];
        for (k, s) in scratch.iter_mut().enumerate().take(arrays) {
            *s = l.entry(i64, Inst::LocalVar(off + k * array));
        }
        l.scratch = scratch;
        if totals {
            l.totals = l.entry(i64, Inst::LocalVar(off + arrays * array));
            l.wg_total = l.konst(i64, MAX_GROUP_SIZE as u64);
        }
        let s = l.konst(i64, l.f.subgroup_size.max(1) as u64);
        l.zero = l.konst(i64, 0);
        let h = l.head;
        let xy = l.push(h, i64, Inst::Bin(Bin::IMul, size[0], size[1]));
        l.lanes = l.push(h, i64, Inst::Bin(Bin::IMul, xy, size[2]));
        let sg = l.push(h, i64, Inst::Bin(Bin::UDiv, l.llid, s));
        l.sg_base = l.push(h, i64, Inst::Bin(Bin::IMul, sg, s));
        let left = l.push(h, i64, Inst::Bin(Bin::ISub, l.lanes, l.sg_base));
        let short = l.push(h, Scalar::Bool, Inst::Bin(Bin::ULt, left, s));
        l.sg_size = l.push(h, i64, Inst::Select(short, left, s));
        if arrays > 0 {
            let eight = l.konst(i64, SLOT);
            let at = l.push(h, i64, Inst::Bin(Bin::IMul, l.llid, eight));
            for k in 0..arrays {
                l.slots[k] = l.push(h, i64, Inst::Bin(Bin::IAdd, l.scratch[k], at));
            }
        }
        Ok(l)
    }

    fn val(&mut self, s: Scalar) -> Val {
        self.f.types.push(s);
        (self.f.types.len() - 1) as Val
    }

    /// A statement appended to block `b`, defining a new value of type `s`.
    fn push(&mut self, b: BlockId, s: Scalar, inst: Inst) -> Val {
        let v = self.val(s);
        self.f.blocks[b as usize].stmts.push(Stmt {
            result: Some(v),
            inst,
        });
        v
    }

    /// A value of the entry block.
    fn entry(&mut self, s: Scalar, inst: Inst) -> Val {
        self.push(0, s, inst)
    }

    fn konst(&mut self, s: Scalar, c: u64) -> Val {
        self.entry(s, Inst::Const(c))
    }

    fn new_block(&mut self, params: Vec<Val>) -> BlockId {
        self.f.blocks.push(Block {
            params,
            stmts: vec![],
            term: Term::Unreachable,
        });
        (self.f.blocks.len() - 1) as BlockId
    }

    /// Whether every work-item reaches each collective's barrier exactly once: its block is
    /// on every path from the entry to a return, and on no cycle. Then none can return
    /// before a collective the others wait at, and the end barrier is not needed.
    fn each_once(&self) -> bool {
        let dom = crate::front::dominance::Dominance::new(&self.f);
        let n = self.f.blocks.len() as BlockId;
        let returns: Vec<BlockId> = (0..n)
            .filter(|&b| dom.reachable(b) && matches!(self.f.blocks[b as usize].term, Term::Return))
            .collect();
        let on_cycle = |b: BlockId| {
            let mut seen = vec![false; n as usize];
            let mut work = self.f.succs(b);
            while let Some(x) = work.pop() {
                if x == b {
                    return true;
                }
                if !std::mem::replace(&mut seen[x as usize], true) {
                    work.extend(self.f.succs(x));
                }
            }
            false
        };
        self.barriers
            .iter()
            .all(|&b| returns.iter().all(|&r| dom.dominates(b, r)) && !on_cycle(b))
    }

    /// Every work-item ends at one barrier before it returns: a work-item that returned is
    /// not waited for at a barrier, so without it the others would pass a collective part
    /// of the group skipped (reading stale slots) rather than fail at it.
    fn meet_at_end(&mut self) {
        let ret = self.new_block(vec![]);
        self.f.blocks[ret as usize].term = Term::Return;
        let end = self.new_block(vec![]);
        self.f.blocks[end as usize].term = Term::Barrier { next: ret };
        for (b, block) in self.f.blocks.iter_mut().enumerate() {
            if matches!(block.term, Term::Return) && b != ret as usize {
                block.term = Term::Jump(Edge {
                    target: end,
                    args: vec![],
                });
            }
        }
    }

    /// The sub-group built-ins, as what the head block computes.
    fn builtins(&mut self) {
        let s = self.f.subgroup_size.max(1) as u64;
        let i64 = Scalar::I64;
        let h = self.head;
        let entry = std::mem::take(&mut self.f.blocks[0].stmts);
        let mut kept = Vec::with_capacity(entry.len());
        let mut moved = Vec::new();
        for st in entry {
            let (Some(r), Inst::Builtin(which, _)) = (st.result, &st.inst) else {
                kept.push(st);
                continue;
            };
            let inst = match which {
                BuiltinValue::SubgroupMaxSize => Inst::Const(s),
                BuiltinValue::SubgroupSize => Inst::Copy(self.sg_size),
                BuiltinValue::SubgroupLocalId => Inst::Bin(Bin::ISub, self.llid, self.sg_base),
                BuiltinValue::SubgroupId | BuiltinValue::NumSubgroups => {
                    let (num, konst) = match which {
                        BuiltinValue::SubgroupId => (self.llid, 0),
                        _ => (self.lanes, s - 1),
                    };
                    let k = self.konst(i64, konst);
                    let sum = self.push(h, i64, Inst::Bin(Bin::IAdd, num, k));
                    let sv = self.konst(i64, s);
                    Inst::Bin(Bin::UDiv, sum, sv)
                }
                _ => {
                    kept.push(st);
                    continue;
                }
            };
            moved.push(Stmt {
                result: Some(r),
                inst,
            });
        }
        // The entry block's statements taken out above were pushed to it again meanwhile.
        let added = std::mem::take(&mut self.f.blocks[0].stmts);
        kept.extend(added);
        self.f.blocks[0].stmts = kept;
        self.f.blocks[h as usize].stmts.extend(moved);
    }

    /// Rewrites the collectives of block `b` (the blocks it is split into are visited later).
    fn block(&mut self, b: BlockId) -> Result<(), String> {
        let Some(i) = self.f.blocks[b as usize]
            .stmts
            .iter()
            .position(|s| matches!(s.inst, Inst::Group(_)))
        else {
            return Ok(());
        };
        let block = &mut self.f.blocks[b as usize];
        let rest = block.stmts.split_off(i + 1);
        let Some(Stmt {
            result: Some(r),
            inst: Inst::Group(call),
        }) = block.stmts.pop()
        else {
            return Err("internal: a collective without result".into());
        };
        // After the collective: the rest of the block, then its terminator.
        let after = self.new_block(vec![]);
        let term = std::mem::replace(&mut self.f.blocks[b as usize].term, Term::Unreachable);
        self.f.blocks[after as usize].stmts = rest;
        self.f.blocks[after as usize].term = term;
        if let Some(kind) = whole_scope(&call) {
            let read = self.new_block(vec![]);
            self.fold_step(b, &call, kind, r, read);
            self.f.blocks[read as usize].term = Term::Jump(Edge {
                target: after,
                args: vec![],
            });
            return Ok(());
        }
        let exchange = self.new_block(vec![]);
        self.stores(b, &call);
        self.f.blocks[b as usize].term = Term::Barrier { next: exchange };
        let done = self.result(exchange, &call, r)?;
        self.f.blocks[done as usize].term = Term::Barrier { next: after };
        self.barriers.extend([b, done]);
        Ok(())
    }

    /// The type a value of `s` has in the scratch (`Bool` as an `I32`).
    fn stored(s: Scalar) -> Scalar {
        if s == Scalar::Bool {
            Scalar::I32
        } else {
            s
        }
    }

    /// `v` as stored in the scratch, computed in block `b`.
    fn as_stored(&mut self, b: BlockId, v: Val) -> Val {
        if self.f.types[v as usize] != Scalar::Bool {
            return v;
        }
        let (one, zero) = (self.konst(Scalar::I32, 1), self.konst(Scalar::I32, 0));
        self.push(b, Scalar::I32, Inst::Select(v, one, zero))
    }

    /// Stores the operands the collective exchanges into the work-item's slots.
    fn stores(&mut self, b: BlockId, call: &GroupCall) {
        let values: Vec<Val> = match call.op {
            GroupOp::Elect => vec![],
            // The "current" value first, the other one in the second array.
            GroupOp::ShuffleUpPair => vec![call.args[1], call.args[0]],
            GroupOp::ShuffleDownPair => vec![call.args[0], call.args[1]],
            _ => vec![call.args[0]],
        };
        for (k, v) in values.into_iter().enumerate() {
            let value = self.as_stored(b, v);
            self.f.blocks[b as usize].stmts.push(Stmt {
                result: None,
                inst: Inst::Store {
                    ptr: self.slots[k],
                    offset: 0,
                    value,
                    space: Space::Local,
                },
            });
        }
    }

    /// The address of slot `idx` (a local linear id) of the array at `array`, in block `b`.
    fn slot_addr(&mut self, b: BlockId, array: Val, idx: Val) -> Val {
        let i64 = Scalar::I64;
        let eight = self.konst(i64, SLOT);
        let off = self.push(b, i64, Inst::Bin(Bin::IMul, idx, eight));
        self.push(b, i64, Inst::Bin(Bin::IAdd, array, off))
    }

    /// Loads slot `idx` of the array at `array` as type `s` in block `b`.
    fn load_from(&mut self, b: BlockId, array: Val, idx: Val, s: Scalar) -> Val {
        let at = self.slot_addr(b, array, idx);
        self.push(
            b,
            Self::stored(s),
            Inst::Load {
                ptr: at,
                offset: 0,
                space: Space::Local,
            },
        )
    }

    /// Loads slot `idx` (a local linear id) of scratch array `k` as type `s` in block `b`.
    fn load(&mut self, b: BlockId, k: usize, idx: Val, s: Scalar) -> Val {
        self.load_from(b, self.scratch[k], idx, s)
    }

    /// Defines `r` (of type `s`) from `v` as stored, in block `b`.
    fn define_from_stored(&mut self, b: BlockId, r: Val, v: Val) {
        let inst = if self.f.types[r as usize] == Scalar::Bool {
            let zero = self.konst(Scalar::I32, 0);
            Inst::Bin(Bin::Ne, v, zero)
        } else {
            Inst::Copy(v)
        };
        self.f.blocks[b as usize].stmts.push(Stmt {
            result: Some(r),
            inst,
        });
    }

    /// `operand` widened to an `I64` in block `b`.
    fn wide(&mut self, b: BlockId, v: Val) -> Val {
        match self.f.types[v as usize] {
            Scalar::I64 => v,
            _ => self.push(b, Scalar::I64, Inst::Conv(Conv::Int { signed: false }, v)),
        }
    }

    /// Computes the collective's result `r` from the slots, starting in block `b`; returns
    /// the block it ends in.
    fn result(&mut self, b: BlockId, call: &GroupCall, r: Val) -> Result<BlockId, String> {
        let i64 = Scalar::I64;
        let (base, size) = match call.scope {
            Scope::Subgroup => (self.sg_base, self.sg_size),
            Scope::Workgroup => (self.zero, self.lanes),
        };
        let own = self.push(b, i64, Inst::Bin(Bin::ISub, self.llid, base));
        let s = call
            .args
            .first()
            .map_or(Scalar::Bool, |&a| self.f.types[a as usize]);
        // The value of invocation `j` of the scope (array `k`) where there is one, else the
        // work-item's own.
        let pick = |l: &mut Self, k: usize, j: Val| {
            let ok = l.push(b, Scalar::Bool, Inst::Bin(Bin::ULt, j, size));
            let at = l.push(b, i64, Inst::Bin(Bin::IAdd, base, j));
            let idx = l.push(b, i64, Inst::Select(ok, at, l.llid));
            (ok, l.load(b, k, idx, s))
        };
        match call.op {
            GroupOp::Elect => {
                let inst = Inst::Bin(Bin::Eq, self.llid, base);
                self.f.blocks[b as usize].stmts.push(Stmt {
                    result: Some(r),
                    inst,
                });
                Ok(b)
            }
            GroupOp::Broadcast | GroupOp::Shuffle | GroupOp::ShuffleXor => {
                let x = self.wide(b, call.args[1]);
                let j = match call.op {
                    GroupOp::ShuffleXor => self.push(b, i64, Inst::Bin(Bin::Xor, own, x)),
                    _ => x,
                };
                let (_, v) = pick(self, 0, j);
                self.define_from_stored(b, r, v);
                Ok(b)
            }
            GroupOp::ShuffleUp | GroupOp::ShuffleDown => {
                let d = self.wide(b, call.args[1]);
                let bin = match call.op {
                    GroupOp::ShuffleUp => Bin::ISub,
                    _ => Bin::IAdd,
                };
                let j = self.push(b, i64, Inst::Bin(bin, own, d));
                let (_, v) = pick(self, 0, j);
                self.define_from_stored(b, r, v);
                Ok(b)
            }
            GroupOp::BroadcastFirst => {
                let v = self.load(b, 0, base, s);
                self.define_from_stored(b, r, v);
                Ok(b)
            }
            GroupOp::ShuffleDownPair | GroupOp::ShuffleUpPair => {
                let d = self.wide(b, call.args[2]);
                // The index in the "current" values, and in the other ones.
                let (j, k) = if call.op == GroupOp::ShuffleDownPair {
                    let j = self.push(b, i64, Inst::Bin(Bin::IAdd, own, d));
                    (j, self.push(b, i64, Inst::Bin(Bin::ISub, j, size)))
                } else {
                    let j = self.push(b, i64, Inst::Bin(Bin::ISub, own, d));
                    (j, self.push(b, i64, Inst::Bin(Bin::IAdd, j, size)))
                };
                let (in_current, current) = pick(self, 0, j);
                let (in_other, other) = pick(self, 1, k);
                // The work-item's own current value where neither exists.
                let mine = match call.op {
                    GroupOp::ShuffleDownPair => call.args[0],
                    _ => call.args[1],
                };
                let mine = self.as_stored(b, mine);
                let st = Self::stored(s);
                let v = self.push(b, st, Inst::Select(in_other, other, mine));
                let v = self.push(b, st, Inst::Select(in_current, current, v));
                self.define_from_stored(b, r, v);
                Ok(b)
            }
            GroupOp::AllEqual | GroupOp::Ballot { .. } => {
                let word = match call.op {
                    GroupOp::Ballot { word } => word,
                    _ => 0,
                };
                self.fold(b, call, r, base, size, word)
            }
            GroupOp::Arith { .. } | GroupOp::All | GroupOp::Any => {
                self.fold(b, call, r, base, size, 0)
            }
        }
    }

    /// A loop over the slots the collective combines (all-equal, a ballot, a clustered
    /// reduction), from block `b`; returns its exit.
    fn fold(
        &mut self,
        b: BlockId,
        call: &GroupCall,
        r: Val,
        base: Val,
        size: Val,
        word: u8,
    ) -> Result<BlockId, String> {
        let i64 = Scalar::I64;
        let x = call.args[0];
        let s = self.f.types[x as usize];
        let end = self.push(b, i64, Inst::Bin(Bin::IAdd, base, size));
        // The combining operation, the accumulator's type and start, the range.
        let (op, acc_ty, init, lo, hi) = match call.op {
            GroupOp::AllEqual => (GroupArith::And, Scalar::I32, 1, base, end),
            GroupOp::Ballot { .. } => {
                let first = self.konst(i64, 32 * word as u64);
                let lo = self.push(b, i64, Inst::Bin(Bin::IAdd, base, first));
                let k32 = self.konst(i64, 32);
                let top = self.push(b, i64, Inst::Bin(Bin::IAdd, lo, k32));
                let less = self.push(b, Scalar::Bool, Inst::Bin(Bin::ULt, top, end));
                let hi = self.push(b, i64, Inst::Select(less, top, end));
                (GroupArith::Or, Scalar::I32, 0, lo, hi)
            }
            // Clustered reductions (whole-scope ones are `Inst::Fold` steps).
            GroupOp::Arith { op, cluster, .. } if cluster > 0 => {
                let c = self.konst(i64, cluster as u64);
                let own = self.push(b, i64, Inst::Bin(Bin::ISub, self.llid, base));
                let q = self.push(b, i64, Inst::Bin(Bin::UDiv, own, c));
                let start = self.push(b, i64, Inst::Bin(Bin::IMul, q, c));
                let lo = self.push(b, i64, Inst::Bin(Bin::IAdd, base, start));
                let top = self.push(b, i64, Inst::Bin(Bin::IAdd, lo, c));
                let less = self.push(b, Scalar::Bool, Inst::Bin(Bin::ULt, top, end));
                let hi = self.push(b, i64, Inst::Select(less, top, end));
                (op, Self::stored(s), group_identity(op, s), lo, hi)
            }
            _ => return Err(format!("internal: {:?} is not a fold", call.op)),
        };
        let init = self.konst(acc_ty, init);
        // head(i, acc): i < hi ? body : exit(acc)
        let (i, acc) = (self.val(i64), self.val(acc_ty));
        let head = self.new_block(vec![i, acc]);
        let done = self.val(acc_ty);
        let exit = self.new_block(vec![done]);
        let body = self.new_block(vec![]);
        self.f.blocks[b as usize].term = Term::Jump(Edge {
            target: head,
            args: vec![lo, init],
        });
        let exit_edge = Edge {
            target: exit,
            args: vec![acc],
        };
        self.loop_test(head, i, hi, body, exit_edge);
        let v = self.load(body, 0, i, s);
        let item = match call.op {
            GroupOp::AllEqual => {
                let eq = if s.is_float() {
                    Bin::FEq(true)
                } else {
                    Bin::Eq
                };
                let own = self.as_stored(body, x);
                let same = self.push(body, Scalar::Bool, Inst::Bin(eq, v, own));
                self.as_stored(body, same)
            }
            GroupOp::Ballot { .. } => {
                let at = self.push(body, i64, Inst::Bin(Bin::ISub, i, lo));
                let at = self.push(
                    body,
                    Scalar::I32,
                    Inst::Conv(Conv::Int { signed: false }, at),
                );
                self.push(body, Scalar::I32, Inst::Bin(Bin::Shl, v, at))
            }
            _ => v,
        };
        let next = self.combine(body, op, acc_ty, acc, item);
        let one = self.konst(i64, 1);
        let i2 = self.push(body, i64, Inst::Bin(Bin::IAdd, i, one));
        self.f.blocks[body as usize].term = Term::Jump(Edge {
            target: head,
            args: vec![i2, next],
        });
        self.define_from_stored(exit, r, done);
        Ok(exit)
    }

    /// A reduction, scan, `all` or `any` over the whole scope of `call`, of kind `kind`: each
    /// work-item's step into the scope's accumulator ([`Inst::Fold`]: slot `base` of the
    /// exchange array; the last work-item's step leaves a reduction's total in slot `base`
    /// of the totals array) ends block `b`, then a barrier, then block `read` defines `r`
    /// (from the total, or the scan's step). The steps of a scope run one after the other in
    /// id order, each once: `n` combinations, none of them in a loop. No barrier follows the
    /// read: a total is written again only by the next reduction's last step, which runs
    /// after every work-item read this one (it follows the read in the work-item that runs
    /// it, which runs last); an accumulator is started again by a later step only after
    /// this collective's barrier.
    fn fold_step(&mut self, b: BlockId, call: &GroupCall, kind: GroupKind, r: Val, read: BlockId) {
        let i64 = Scalar::I64;
        let (base, size) = match call.scope {
            Scope::Subgroup => (self.sg_base, self.sg_size),
            Scope::Workgroup => (self.zero, self.lanes),
        };
        let s = self.f.types[call.args[0] as usize];
        let st = Self::stored(s);
        let op = match call.op {
            GroupOp::All => GroupArith::And,
            GroupOp::Any => GroupArith::Or,
            GroupOp::Arith { op, .. } => op,
            _ => unreachable!("whole_scope: only reductions, scans, all and any"),
        };
        let value = self.as_stored(b, call.args[0]);
        let acc = self.slot_addr(b, self.scratch[0], base);
        let at = match call.scope {
            Scope::Subgroup => base,
            Scope::Workgroup => self.wg_total,
        };
        let total = match kind {
            GroupKind::Reduce => self.slot_addr(b, self.totals, at),
            _ => acc,
        };
        let end = self.push(b, i64, Inst::Bin(Bin::IAdd, base, size));
        let one = self.konst(i64, 1);
        let last = self.push(b, i64, Inst::Bin(Bin::ISub, end, one));
        let prefix = (kind != GroupKind::Reduce).then(|| self.val(st));
        self.f.blocks[b as usize].stmts.push(Stmt {
            result: prefix,
            inst: Inst::Fold(Box::new(FoldStep {
                op,
                kind,
                scope: call.scope,
                acc,
                total,
                item: self.llid,
                first: base,
                last,
                value,
            })),
        });
        self.f.blocks[b as usize].term = Term::Barrier { next: read };
        self.barriers.push(b);
        if prefix.is_some() {
            self.scans.push(b);
        }
        let v = match prefix {
            Some(p) => p,
            None => self.load_from(read, self.totals, at, s),
        };
        self.define_from_stored(read, r, v);
    }

    /// Ends loop head `head` with `i < hi ? body : exit`.
    fn loop_test(&mut self, head: BlockId, i: Val, hi: Val, body: BlockId, exit: Edge) {
        let more = self.push(head, Scalar::Bool, Inst::Bin(Bin::ULt, i, hi));
        self.f.blocks[head as usize].term = Term::Branch {
            cond: more,
            then: Edge {
                target: body,
                args: vec![],
            },
            other: exit,
        };
    }

    /// `acc op v` (values of type `s`) in block `b`.
    fn combine(&mut self, b: BlockId, op: GroupArith, s: Scalar, acc: Val, v: Val) -> Val {
        let inst = match op.step() {
            GroupStep::Apply(bin) => Inst::Bin(bin, acc, v),
            GroupStep::Keep { cmp, nan } => {
                let mut take = self.push(b, Scalar::Bool, Inst::Bin(cmp, v, acc));
                if nan {
                    let acc_nan = self.push(b, Scalar::Bool, Inst::Un(Un::IsNan, acc));
                    take = self.push(b, Scalar::Bool, Inst::Bin(Bin::Or, take, acc_nan));
                }
                Inst::Select(take, v, acc)
            }
        };
        self.push(b, s, inst)
    }
}
