//! Sub-groups for the compiler, rewritten into shared IR it already compiles, before code
//! generation: the sub-group built-ins become arithmetic on the local linear id and the
//! local size, and each collective ([`Inst::Group`]) becomes a store of its operand into the
//! work-item's slot of a hidden scratch area of local memory, a barrier, a load or a loop
//! over the slots of its sub-group (or work-group) computing the result, and a barrier again
//! so that the scratch can be reused. A reduction or scan over the whole scope is combined
//! once, in place, by the scope's first work-item, and each work-item reads its result from
//! its own slot (or a work-group's total from a totals array): no barrier after it. That is
//! right for collectives every work-item of the
//! group reaches, as SYCL and OpenCL require of them; one reached by part of the group makes
//! the launch fail with `Fault::DivergentBarrier`, never a wrong value (every work-item ends
//! at one barrier before it returns, so that the others cannot pass a collective without
//! it; the interpreter runs non-uniform collectives exactly).

use crate::front::ssa::{
    group_identity, Bin, Block, BlockId, BuiltinValue, Conv, Edge, Func, GroupArith, GroupCall,
    GroupKind, GroupOp, Inst, Scope, Space, Stmt, Term, Un, Val,
};
use crate::run::launch::MAX_GROUP_SIZE;
use crate::value::Scalar;

/// Bytes of a work-item's scratch slot.
const SLOT: u64 = 8;

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
                Inst::Group(call) => Some((call.op, call.scope)),
                _ => None,
            })
    };
    let collectives = calls().next().is_some();
    // Scratch arrays: one for the exchanged values, a second for the INTEL shuffles of two.
    let pairs =
        calls().any(|(op, _)| matches!(op, GroupOp::ShuffleDownPair | GroupOp::ShuffleUpPair));
    // A third for the totals of work-group reductions (read by every work-item: one load).
    let totals = calls().any(|(op, scope)| {
        scope == Scope::Workgroup
            && matches!(
                op,
                GroupOp::All
                    | GroupOp::Any
                    | GroupOp::Arith {
                        kind: GroupKind::Reduce,
                        cluster: 0,
                        ..
                    }
            )
    });
    let arrays = usize::from(collectives) + usize::from(pairs);
    let mut l = Lower::new(f.clone(), arrays, totals)?;
    l.builtins();
    let mut b = 1;
    while b < l.f.blocks.len() {
        l.block(b as BlockId)?;
        b += 1;
    }
    if collectives {
        l.meet_at_end();
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
    /// The reductions' totals array (if the kernel has reductions).
    totals: Val,
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
        let all = arrays + usize::from(totals);
        if all > 0 {
            f.local_static = off + all * array;
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
        let exchange = self.new_block(vec![]);
        self.stores(b, &call);
        self.f.blocks[b as usize].term = Term::Barrier { next: exchange };
        let done = self.result(exchange, &call, r)?;
        // A result read from the work-item's own slot or the totals array needs no barrier
        // after it: a slot is written again only by its work-item at the next collective, a
        // total only after the next collective's barrier.
        let own_slot = match call.op {
            GroupOp::Arith { cluster, .. } => cluster == 0,
            GroupOp::All | GroupOp::Any => true,
            _ => false,
        };
        self.f.blocks[done as usize].term = match own_slot {
            true => Term::Jump(Edge {
                target: after,
                args: vec![],
            }),
            false => Term::Barrier { next: after },
        };
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

    /// Stores `value` into slot `idx` of the array at `array`, in block `b`.
    fn store_to(&mut self, b: BlockId, array: Val, idx: Val, value: Val) {
        let at = self.slot_addr(b, array, idx);
        self.f.blocks[b as usize].stmts.push(Stmt {
            result: None,
            inst: Inst::Store {
                ptr: at,
                offset: 0,
                value,
                space: Space::Local,
            },
        });
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
            // Reductions and scans over the whole scope: its first work-item combines the
            // slots once, in place, for all (a loop per work-item over every slot cost
            // `n²` combinations a group: 256² for a work-group reduction of 256).
            GroupOp::Arith {
                op,
                kind,
                cluster: 0,
            } => {
                let s = Self::stored(s);
                self.fold_once(b, r, (base, size, call.scope), op, kind, s)
            }
            GroupOp::All | GroupOp::Any => {
                let op = match call.op {
                    GroupOp::All => GroupArith::And,
                    _ => GroupArith::Or,
                };
                let scope = (base, size, call.scope);
                self.fold_once(b, r, scope, op, GroupKind::Reduce, Scalar::I32)
            }
            GroupOp::AllEqual | GroupOp::Ballot { .. } => {
                let word = match call.op {
                    GroupOp::Ballot { word } => word,
                    _ => 0,
                };
                self.fold(b, call, r, base, size, word)
            }
            GroupOp::Arith { .. } => self.fold(b, call, r, base, size, 0),
        }
    }

    /// A loop over the slots the collective combines, from block `b`; returns its exit.
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
            GroupOp::All | GroupOp::AllEqual => (GroupArith::And, Scalar::I32, 1, base, end),
            GroupOp::Any => (GroupArith::Or, Scalar::I32, 0, base, end),
            GroupOp::Ballot { .. } => {
                let first = self.konst(i64, 32 * word as u64);
                let lo = self.push(b, i64, Inst::Bin(Bin::IAdd, base, first));
                let k32 = self.konst(i64, 32);
                let top = self.push(b, i64, Inst::Bin(Bin::IAdd, lo, k32));
                let less = self.push(b, Scalar::Bool, Inst::Bin(Bin::ULt, top, end));
                let hi = self.push(b, i64, Inst::Select(less, top, end));
                (GroupArith::Or, Scalar::I32, 0, lo, hi)
            }
            GroupOp::Arith { op, kind, cluster } => {
                let (lo, hi) = if cluster > 0 {
                    let c = self.konst(i64, cluster as u64);
                    let own = self.push(b, i64, Inst::Bin(Bin::ISub, self.llid, base));
                    let q = self.push(b, i64, Inst::Bin(Bin::UDiv, own, c));
                    let start = self.push(b, i64, Inst::Bin(Bin::IMul, q, c));
                    let lo = self.push(b, i64, Inst::Bin(Bin::IAdd, base, start));
                    let top = self.push(b, i64, Inst::Bin(Bin::IAdd, lo, c));
                    let less = self.push(b, Scalar::Bool, Inst::Bin(Bin::ULt, top, end));
                    (lo, self.push(b, i64, Inst::Select(less, top, end)))
                } else {
                    let hi = match kind {
                        GroupKind::Reduce => end,
                        GroupKind::InclusiveScan => {
                            let one = self.konst(i64, 1);
                            self.push(b, i64, Inst::Bin(Bin::IAdd, self.llid, one))
                        }
                        GroupKind::ExclusiveScan => self.llid,
                    };
                    (base, hi)
                };
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

    /// A reduction or scan of the scope `[base, base + size)` whose first work-item combines
    /// the slots in order, from block `b`: a work-group's total into the totals array, a
    /// sub-group's into each of its slots (reduce), or each slot's prefix in place (scans); a
    /// barrier; then each work-item's result from there or its own slot (so no barrier is
    /// needed before the scratch is used again: a slot is written again only by its
    /// work-item, the total only by the next reduction's first work-item after every
    /// work-item reached that reduction's barrier). The same operations in the same order as
    /// a loop per work-item, so the same results. `st`: the slots' type. Returns the block it
    /// ends in.
    fn fold_once(
        &mut self,
        b: BlockId,
        r: Val,
        (base, size, scope): (Val, Val, Scope),
        op: GroupArith,
        kind: GroupKind,
        st: Scalar,
    ) -> Result<BlockId, String> {
        let i64 = Scalar::I64;
        // A work-group's total goes to the totals array, which every work-item reads at
        // the same index (one load for a pack); a sub-group's into each of its slots (few),
        // which each work-item reads as its own (consecutive in a pack).
        let to_totals = kind == GroupKind::Reduce && scope == Scope::Workgroup;
        let fill = kind == GroupKind::Reduce && scope == Scope::Subgroup;
        let end = self.push(b, i64, Inst::Bin(Bin::IAdd, base, size));
        let lead = self.push(b, Scalar::Bool, Inst::Bin(Bin::Eq, self.llid, base));
        let init = self.konst(st, group_identity(op, st));
        // head(i, acc): i < end ? body : finish(acc)
        let (i, acc) = (self.val(i64), self.val(st));
        let head = self.new_block(vec![i, acc]);
        let body = self.new_block(vec![]);
        let total = self.val(st);
        let finish = self.new_block(vec![total]);
        let join = self.new_block(vec![]);
        let read = self.new_block(vec![]);
        self.f.blocks[b as usize].term = Term::Branch {
            cond: lead,
            then: Edge {
                target: head,
                args: vec![base, init],
            },
            other: Edge {
                target: join,
                args: vec![],
            },
        };
        let finish_edge = Edge {
            target: finish,
            args: vec![acc],
        };
        self.loop_test(head, i, end, body, finish_edge);
        let v = self.load(body, 0, i, st);
        let next = self.combine(body, op, st, acc, v);
        let prefix = match kind {
            GroupKind::Reduce => None,
            GroupKind::InclusiveScan => Some(next),
            GroupKind::ExclusiveScan => Some(acc),
        };
        if let Some(value) = prefix {
            self.store_to(body, self.scratch[0], i, value);
        }
        let one = self.konst(i64, 1);
        let i2 = self.push(body, i64, Inst::Bin(Bin::IAdd, i, one));
        self.f.blocks[body as usize].term = Term::Jump(Edge {
            target: head,
            args: vec![i2, next],
        });
        if to_totals {
            self.store_to(finish, self.totals, base, total);
        }
        let after_finish = if fill {
            // fill(j): j < end ? put (slot j = total, j + 1) : join
            let j = self.val(i64);
            let fill = self.new_block(vec![j]);
            let put = self.new_block(vec![]);
            let done = Edge {
                target: join,
                args: vec![],
            };
            self.loop_test(fill, j, end, put, done);
            self.store_to(put, self.scratch[0], j, total);
            let j2 = self.push(put, i64, Inst::Bin(Bin::IAdd, j, one));
            self.f.blocks[put as usize].term = Term::Jump(Edge {
                target: fill,
                args: vec![j2],
            });
            Edge {
                target: fill,
                args: vec![base],
            }
        } else {
            Edge {
                target: join,
                args: vec![],
            }
        };
        self.f.blocks[finish as usize].term = Term::Jump(after_finish);
        self.f.blocks[join as usize].term = Term::Barrier { next: read };
        // A scan's results are in the work-items' own slots, a total in the totals array:
        // the next collective's stores change neither before every work-item has read it.
        let v = match to_totals {
            true => self.load_from(read, self.totals, base, st),
            false => self.load(read, 0, self.llid, st),
        };
        self.define_from_stored(read, r, v);
        Ok(read)
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
        let bin = |bin: Bin| Inst::Bin(bin, acc, v);
        let inst = match op {
            GroupArith::IAdd => bin(Bin::IAdd),
            GroupArith::FAdd => bin(Bin::FAdd),
            GroupArith::IMul => bin(Bin::IMul),
            GroupArith::FMul => bin(Bin::FMul),
            GroupArith::And => bin(Bin::And),
            GroupArith::Or => bin(Bin::Or),
            GroupArith::Xor => bin(Bin::Xor),
            GroupArith::SMin | GroupArith::UMin | GroupArith::SMax | GroupArith::UMax => {
                let cmp = match op {
                    GroupArith::SMin => Bin::SLt,
                    GroupArith::UMin => Bin::ULt,
                    GroupArith::SMax => Bin::SGt,
                    _ => Bin::UGt,
                };
                let take = self.push(b, Scalar::Bool, Inst::Bin(cmp, v, acc));
                Inst::Select(take, v, acc)
            }
            GroupArith::FMin | GroupArith::FMax => {
                // OpenCL's `fmin`/`fmax`: a NaN operand gives the other.
                let cmp = match op {
                    GroupArith::FMin => Bin::FLt(true),
                    _ => Bin::FGt(true),
                };
                let better = self.push(b, Scalar::Bool, Inst::Bin(cmp, v, acc));
                let nan = self.push(b, Scalar::Bool, Inst::Un(Un::IsNan, acc));
                let take = self.push(b, Scalar::Bool, Inst::Bin(Bin::Or, better, nan));
                Inst::Select(take, v, acc)
            }
        };
        self.push(b, s, inst)
    }
}
