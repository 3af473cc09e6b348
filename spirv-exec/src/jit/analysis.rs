//! What the code generators need to know about a kernel: which values each statement uses
//! and defines, which values are live where a work-item stops at a barrier (they are kept
//! per work-item across it), and which values the entry block computes once per call.

pub use super::ssa::{defs, edges, uses};
use super::ssa::{Block, Func, Inst, Stmt, Term, Val};
use crate::front::ssa::BuiltinValue;
use std::collections::BTreeSet;

fn term_uses(t: &Term) -> Vec<Val> {
    match t {
        Term::Jump(e) => e.args.clone(),
        Term::Branch { cond, then, other } => std::iter::once(*cond)
            .chain(then.args.iter().copied())
            .chain(other.args.iter().copied())
            .collect(),
        Term::Switch {
            sel,
            default,
            cases,
        } => std::iter::once(*sel)
            .chain(default.args.iter().copied())
            .chain(cases.iter().flat_map(|(_, e)| e.args.iter().copied()))
            .collect(),
        _ => vec![],
    }
}

/// Whether a statement of the entry block depends on the work-item (and so is computed at
/// the start of every work-item rather than once per call).
pub fn per_item(s: &Stmt) -> bool {
    match &s.inst {
        Inst::PrivateVar(_) => true,
        Inst::Builtin(b, _) => matches!(
            b,
            BuiltinValue::LocalId
                | BuiltinValue::GlobalId
                | BuiltinValue::GlobalLinearId
                | BuiltinValue::LocalLinearId
                | BuiltinValue::SubgroupId
        ),
        _ => false,
    }
}

/// Values live on entry to each block (entry-block values excluded: they are available
/// everywhere).
pub fn live_in(f: &Func) -> Vec<BTreeSet<Val>> {
    let n = f.blocks.len();
    let mut global = vec![false; f.types.len()];
    for s in &f.blocks[0].stmts {
        for d in defs(s) {
            global[d as usize] = true;
        }
    }
    // Per block: the values it reads before defining them, and those it defines.
    let gen_kill = |b: &Block| {
        let mut gen = BTreeSet::new();
        let mut kill: BTreeSet<Val> = b.params.iter().copied().collect();
        for s in &b.stmts {
            for u in uses(s) {
                if !kill.contains(&u) && !global[u as usize] {
                    gen.insert(u);
                }
            }
            kill.extend(defs(s));
        }
        for u in term_uses(&b.term) {
            if !kill.contains(&u) && !global[u as usize] {
                gen.insert(u);
            }
        }
        (gen, kill)
    };
    let gk: Vec<_> = f.blocks.iter().map(gen_kill).collect();
    let succs: Vec<Vec<u32>> = (0..n as u32).map(|b| f.succs(b)).collect();
    let mut live: Vec<BTreeSet<Val>> = vec![BTreeSet::new(); n];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            let mut out = BTreeSet::new();
            for &s in &succs[b] {
                out.extend(live[s as usize].iter().copied());
            }
            let (gen, kill) = &gk[b];
            let mut inn = gen.clone();
            inn.extend(out.into_iter().filter(|v| !kill.contains(v)));
            if inn != live[b] {
                live[b] = inn;
                changed = true;
            }
        }
    }
    live
}

/// The blocks where a work-item resumes after each barrier (barrier `i` resumes at
/// `resume[i]`), in block order.
pub fn barriers(f: &Func) -> Vec<u32> {
    f.blocks
        .iter()
        .filter_map(|b| match b.term {
            Term::Barrier { next } => Some(next),
            _ => None,
        })
        .collect()
}

/// The blocks where generated code looks at the launch's cancellation flag: targets of the
/// back edges of a depth-first walk of the blocks, barriers cut (a region ends at one; the
/// runner checks between regions). Every cycle of a region holds a back edge of any
/// depth-first walk, so a work-item that loops forever passes one; a loop whose body holds a
/// barrier looks at the flag only between regions.
pub fn loop_heads(f: &Func) -> Vec<bool> {
    f.cycle_heads(true)
}

/// Where a pointer comes from: accesses through pointers of one root usually hit one range,
/// so they share one inline cache of the last range that allowed an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Root {
    /// A kernel parameter (a buffer, a `__local` or by-value argument).
    Param(usize),
    /// The kernel-scope `__local` variables.
    LocalStatic,
    /// Program-scope variables (constant addresses).
    Global,
    /// Unknown or mixed.
    Other,
}

/// The root of every value that can be a pointer (`None` for values that are not).
pub fn roots(f: &Func) -> Vec<Option<Root>> {
    let mut root: Vec<Option<Root>> = vec![None; f.types.len()];
    let join = |a: Option<Root>, b: Option<Root>| match (a, b) {
        (None, x) | (x, None) => x,
        (Some(x), Some(y)) if x == y => Some(x),
        _ => Some(Root::Other),
    };
    let mut changed = true;
    while changed {
        changed = false;
        let mut set = |v: Val, r: Option<Root>, root: &mut Vec<Option<Root>>| {
            let new = join(root[v as usize], r);
            if new != root[v as usize] {
                root[v as usize] = new;
                changed = true;
            }
        };
        for b in &f.blocks {
            for s in &b.stmts {
                let Some(d) = s.result else { continue };
                let r = match &s.inst {
                    Inst::Param { param, .. } | Inst::ParamAddr { param } => {
                        Some(Root::Param(*param))
                    }
                    Inst::LocalVar(_) => Some(Root::LocalStatic),
                    Inst::Const(c) if *c >= 4096 => Some(Root::Global),
                    Inst::Copy(a) | Inst::Conv(_, a) => root[*a as usize],
                    Inst::Bin(super::ssa::Bin::IAdd | super::ssa::Bin::ISub, a, c) => {
                        match (root[*a as usize], root[*c as usize]) {
                            (Some(Root::Global), x @ Some(_)) | (x @ Some(_), _) => x,
                            (None, x) => x,
                        }
                    }
                    Inst::Select(_, a, c) => join(root[*a as usize], root[*c as usize]),
                    _ => None,
                };
                if r.is_some() {
                    set(d, r, &mut root);
                }
            }
            for e in edges(&b.term) {
                let params = &f.blocks[e.target as usize].params;
                for (&p, &a) in params.iter().zip(&e.args) {
                    let r = root[a as usize];
                    if r.is_some() {
                        set(p, r, &mut root);
                    }
                }
            }
        }
    }
    root
}

/// Per value: whether it is the same for the four work-items of a pack although computed
/// from ids, the pack's lanes being four consecutive ids from a multiple of four (packs run
/// only where a group's dimension 0 is a multiple of four, `run.rs`): `id / c`, `id >> k`,
/// `id & m` of a local linear id or local id of dimension 0 (plus a multiple of four) by
/// `c` a multiple of four, `k` ≥ 2, `m` without its two low bits (the sub-group built-ins'
/// arithmetic, `lower_groups`). Entry-block statements are left out (those run once per
/// call in a pack function).
pub fn pack_uniform(f: &Func) -> Vec<bool> {
    let n = f.types.len();
    let mut konst = vec![None::<u64>; n];
    // Lane 0 a multiple of four, lanes one apart.
    let mut aligned = vec![false; n];
    let mut uniform = vec![false; n];
    let four = |c: Option<u64>| c.is_some_and(|c| c % 4 == 0);
    for (b, block) in f.blocks.iter().enumerate() {
        for s in &block.stmts {
            let Some(r) = s.result else { continue };
            let r = r as usize;
            match s.inst {
                Inst::Const(c) => konst[r] = Some(c),
                Inst::Builtin(BuiltinValue::LocalLinearId, _)
                | Inst::Builtin(BuiltinValue::LocalId, 0) => aligned[r] = true,
                Inst::Copy(a) | Inst::Conv(super::ssa::Conv::Int { .. }, a) => {
                    aligned[r] = aligned[a as usize];
                }
                Inst::Bin(super::ssa::Bin::IAdd, a, c) | Inst::Bin(super::ssa::Bin::IAdd, c, a)
                    if aligned[a as usize] && four(konst[c as usize]) =>
                {
                    aligned[r] = true
                }
                Inst::Bin(op, a, c) if b != 0 && aligned[a as usize] => {
                    use super::ssa::Bin;
                    let k = konst[c as usize];
                    let bits = u64::from(f.types[r].bits());
                    uniform[r] = match op {
                        Bin::UDiv => four(k) && k != Some(0),
                        // A shift by the width or more is masked.
                        Bin::LShr => k.is_some_and(|k| (2..bits).contains(&k)),
                        Bin::And => four(k),
                        _ => false,
                    };
                }
                _ => {}
            }
        }
    }
    uniform
}

/// The blocks of the region that starts at block `first`: those it reaches up to barriers
/// (a block ending in a barrier is the region's last).
pub fn region_reach(f: &Func, first: u32) -> Vec<bool> {
    let mut reach = vec![false; f.blocks.len()];
    let mut work = vec![first];
    while let Some(b) = work.pop() {
        if std::mem::replace(&mut reach[b as usize], true) {
            continue;
        }
        if !matches!(f.blocks[b as usize].term, Term::Barrier { .. }) {
            work.extend(f.succs(b));
        }
    }
    reach
}

/// The statements of the region that starts at block `first` ([`region_reach`]), block by
/// block in order.
pub fn region_stmts(f: &Func, first: u32) -> impl Iterator<Item = &Stmt> {
    f.blocks
        .iter()
        .zip(region_reach(f, first))
        .filter(|(_, r)| *r)
        .flat_map(|(b, _)| &b.stmts)
}

/// Each value's defining statement (`None` for parameters and block parameters).
pub(super) fn def_stmts(f: &Func) -> Vec<Option<&Stmt>> {
    let mut def = vec![None; f.types.len()];
    for s in f.blocks.iter().flat_map(|b| &b.stmts) {
        for d in defs(s) {
            def[d as usize] = Some(s);
        }
    }
    def
}

/// Whether a statement computes its value from its operands alone (no memory, no calls).
pub(super) fn pure(s: &Stmt) -> bool {
    matches!(
        s.inst,
        Inst::Const(_)
            | Inst::Copy(_)
            | Inst::Un(..)
            | Inst::Bin(..)
            | Inst::Fma(..)
            | Inst::Int3(..)
            | Inst::Select(..)
            | Inst::Conv(..)
    )
}

/// Splits the values live across each barrier into those kept per work-item and those
/// recomputed where the work-item resumes (pure functions of entry-block values: addresses
/// of a work-item's row, its ids scaled, ...; keeping them would cost a store and a load per
/// work-item and barrier). Returns, per barrier, (kept, statements recomputing the others in
/// dependency order).
pub fn rematerialize(f: &Func, live: &[Vec<Val>]) -> Vec<(Vec<Val>, Vec<Stmt>)> {
    let def = def_stmts(f);
    let mut entry = vec![false; f.types.len()];
    for s in &f.blocks[0].stmts {
        for d in defs(s) {
            entry[d as usize] = true;
        }
    }
    // Recomputable: pure, with every operand an entry-block value or recomputable.
    let mut memo: Vec<Option<bool>> = vec![None; f.types.len()];
    fn can(
        v: Val,
        def: &[Option<&Stmt>],
        entry: &[bool],
        memo: &mut Vec<Option<bool>>,
        depth: u32,
    ) -> bool {
        if entry[v as usize] {
            return true;
        }
        if let Some(m) = memo[v as usize] {
            return m;
        }
        let ok = depth < 32
            && def[v as usize].is_some_and(|s| {
                pure(s) && uses(s).iter().all(|&u| can(u, def, entry, memo, depth + 1))
            });
        memo[v as usize] = Some(ok);
        ok
    }
    live.iter()
        .map(|vals| {
            let mut kept = Vec::new();
            let mut stmts: Vec<Stmt> = Vec::new();
            let mut done = std::collections::HashSet::new();
            fn emit(
                v: Val,
                def: &[Option<&Stmt>],
                entry: &[bool],
                done: &mut std::collections::HashSet<Val>,
                out: &mut Vec<Stmt>,
            ) {
                if entry[v as usize] || !done.insert(v) {
                    return;
                }
                let Some(s) = def[v as usize] else { return };
                for u in uses(s) {
                    emit(u, def, entry, done, out);
                }
                out.push(s.clone());
            }
            for &v in vals {
                if can(v, &def, &entry, &mut memo, 0) {
                    emit(v, &def, &entry, &mut done, &mut stmts);
                } else {
                    kept.push(v);
                }
            }
            (kept, stmts)
        })
        .collect()
}

/// Which values are the same for every work-item of a group that computes them (group
/// uniform): built from constants, parameters and the group's built-ins by pure operations,
/// never merged where the work-items may have come by different paths. A value kept across a
/// barrier that is group uniform needs one copy per group, not one per work-item.
///
/// Paths part at a branch on a value that is not group uniform. Every work-item resumes at
/// the same barrier, so paths that part meet again there at the latest: the parameters of the
/// blocks reached from two sides of such a branch (barriers cut) are not uniform, and when the
/// branch is in a loop that holds no barrier (work-items may leave it in different turns),
/// no value defined in the blocks it reaches is.
pub fn group_uniform(f: &Func) -> Vec<bool> {
    let n = f.blocks.len();
    let mut uni = vec![true; f.types.len()];
    let succs = |b: usize| match f.blocks[b].term {
        Term::Barrier { .. } => vec![],
        _ => f.succs(b as u32),
    };
    // Blocks reached from `from` (itself included), barriers cut.
    let reach = |from: u32| {
        let mut seen = vec![false; n];
        let mut work = vec![from as usize];
        while let Some(b) = work.pop() {
            if !std::mem::replace(&mut seen[b], true) {
                work.extend(succs(b).into_iter().map(|s| s as usize));
            }
        }
        seen
    };
    let mut split_done = vec![false; n];
    let mut changed = true;
    while changed {
        changed = false;
        let mut clear = |v: Val, uni: &mut Vec<bool>| {
            if std::mem::replace(&mut uni[v as usize], false) {
                changed = true;
            }
        };
        for (i, b) in f.blocks.iter().enumerate() {
            for s in &b.stmts {
                let varies = match &s.inst {
                    Inst::Const(_)
                    | Inst::Param { .. }
                    | Inst::ParamAddr { .. }
                    | Inst::LocalVar(_) => false,
                    Inst::Builtin(which, _) => matches!(
                        which,
                        BuiltinValue::LocalId
                            | BuiltinValue::GlobalId
                            | BuiltinValue::GlobalLinearId
                            | BuiltinValue::LocalLinearId
                            | BuiltinValue::SubgroupId
                            | BuiltinValue::SubgroupLocalId
                    ),
                    _ if pure(s) => uses(s).iter().any(|u| !uni[*u as usize]),
                    _ => true,
                };
                if varies {
                    for d in defs(s) {
                        clear(d, &mut uni);
                    }
                }
            }
            for e in edges(&b.term) {
                let params = &f.blocks[e.target as usize].params;
                for (&p, &a) in params.iter().zip(&e.args) {
                    if !uni[a as usize] {
                        clear(p, &mut uni);
                    }
                }
            }
            let cond = match &b.term {
                Term::Branch { cond, .. } => *cond,
                Term::Switch { sel, .. } => *sel,
                _ => continue,
            };
            if uni[cond as usize] || split_done[i] {
                continue;
            }
            split_done[i] = true;
            let sides: Vec<Vec<bool>> = f.succs(i as u32).into_iter().map(reach).collect();
            let in_loop = sides.iter().any(|s| s[i]);
            for blk in 0..n {
                let from = sides.iter().filter(|s| s[blk]).count();
                let block = &f.blocks[blk];
                if in_loop && from > 0 {
                    for &p in &block.params {
                        clear(p, &mut uni);
                    }
                    for s in &block.stmts {
                        for d in defs(s) {
                            clear(d, &mut uni);
                        }
                    }
                } else if from > 1 {
                    for &p in &block.params {
                        clear(p, &mut uni);
                    }
                }
            }
        }
    }
    uni
}

/// Per value: `Some(off)` if, wherever it is used, it is the address of the work-item's
/// private variable at offset `off` of its private area: a `PrivateVar(off)` or a copy of
/// such a value, defined by one statement that runs before each of its uses on every path
/// ([`super::dominance::defined_before_uses`]; a value defined more than once, e.g. a block
/// parameter, or used where its definition may not have run yet, is `None`). An access
/// through such a value at a constant offset is inside the work-item's area, or not,
/// whatever the work-item: `scalar_gen` needs no run-time check for those that are.
pub fn private_offsets(f: &Func) -> Vec<Option<usize>> {
    let mut off: Vec<Option<usize>> = vec![None; f.types.len()];
    if !f
        .blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .any(|s| matches!(s.inst, Inst::PrivateVar(_)))
    {
        return off;
    }
    let ok = super::dominance::defined_before_uses(f);
    let mut changed = true;
    while changed {
        changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts) {
            let Some(d) = s.result.filter(|&d| ok[d as usize]) else {
                continue;
            };
            let o = match s.inst {
                Inst::PrivateVar(o) => Some(o),
                // `a`'s one definition ran before this copy (`ok[a]`).
                Inst::Copy(a) => off[a as usize],
                _ => None,
            };
            if o.is_some() && off[d as usize].is_none() {
                off[d as usize] = o;
                changed = true;
            }
        }
    }
    off
}

/// Whether consecutive work-groups along dimension 0 may run as one call of the generated
/// code, as one longer group ([`super::run`]): no barrier, no local or private memory, and
/// only built-ins the longer group gives every work-item exactly (global ids, the global
/// linear id, sizes and offsets of the launch, group counts, the work dimension, the
/// sub-group constants); no local id, group id, local size or linear local id.
pub fn groups_merge(f: &Func, params: &[crate::front::ssa::Param], local_static: usize) -> bool {
    use super::ssa::Space;
    let ok = |s: &Stmt| match &s.inst {
        Inst::Builtin(b, _) => matches!(
            b,
            BuiltinValue::GlobalId
                | BuiltinValue::GlobalLinearId
                | BuiltinValue::GlobalSize
                | BuiltinValue::GlobalOffset
                | BuiltinValue::NumGroups
                | BuiltinValue::WorkDim
                | BuiltinValue::SubgroupSize
                | BuiltinValue::SubgroupMaxSize
                | BuiltinValue::SubgroupLocalId
        ),
        Inst::LocalVar(_) | Inst::PrivateVar(_) => false,
        // No parameter is `__local` (below): any but one the kernel does not have.
        Inst::ParamAddr { param } => *param < params.len(),
        Inst::Load { space, .. } | Inst::Store { space, .. } | Inst::Atomic { space, .. } => {
            *space == Space::Other
        }
        Inst::GenericCast(_, space) => *space == Space::Other,
        _ => true,
    };
    local_static == 0
        && f.private_size == 0
        && !params
            .iter()
            .any(|p| matches!(p.kind, crate::front::ssa::ParamKind::Local))
        && f.blocks
            .iter()
            .all(|b| !matches!(b.term, Term::Barrier { .. }) && b.stmts.iter().all(ok))
}

/// Whether the kernel reads only ids of dimension 0 (`get_global_id(0)`, `get_local_id(0)`):
/// such a kernel, launched 1-D, runs groups of one row, where the local id of dimension 0 is
/// the lane (the generated code tests that once per function and then skips the load of
/// `lids`; other kernels' code has no such test).
pub fn row_ids(f: &Func) -> bool {
    f.blocks
        .iter()
        .flat_map(|b| &b.stmts)
        .all(|s| match s.inst {
            Inst::Builtin(BuiltinValue::GlobalId | BuiltinValue::LocalId, d) => d == 0,
            Inst::Builtin(BuiltinValue::GlobalLinearId, _) => false,
            _ => true,
        })
}

/// Whether each value is needed: used by a terminator or by a statement with an effect (or
/// that may fault), directly or through statements without one.
pub(super) fn used_values(f: &Func) -> Vec<bool> {
    use super::ssa::{Bin, Inst};
    let pure = |s: &Stmt| match s.inst {
        Inst::Const(_)
        | Inst::Copy(_)
        | Inst::Param { .. }
        | Inst::ParamAddr { .. }
        | Inst::Builtin(..)
        | Inst::LocalVar(_)
        | Inst::Un(..)
        | Inst::Select(..)
        | Inst::Conv(super::ssa::Conv::Int { .. } | super::ssa::Conv::Bitcast, _) => true,
        Inst::Bin(op, ..) => !matches!(
            op,
            Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod
        ),
        _ => false,
    };
    let mut used = vec![false; f.types.len()];
    for b in &f.blocks {
        for s in b.stmts.iter().filter(|s| !pure(s)) {
            for u in uses(s) {
                used[u as usize] = true;
            }
        }
        match &b.term {
            Term::Branch { cond: v, .. } | Term::Switch { sel: v, .. } => used[*v as usize] = true,
            _ => {}
        }
        for e in edges(&b.term) {
            for &a in &e.args {
                used[a as usize] = true;
            }
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for s in f.blocks.iter().flat_map(|b| &b.stmts).filter(|s| pure(s)) {
            if defs(s).iter().any(|d| used[*d as usize]) {
                for u in uses(s) {
                    if !used[u as usize] {
                        used[u as usize] = true;
                        changed = true;
                    }
                }
            }
        }
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::ssa::{Bin, Edge};
    use crate::value::Scalar;
    use proptest::prelude::*;

    /// b0: v0 = PrivateVar(off), v1 = Copy(v0), v2 = 8, v3 = v0 + v2, v6 = load v7,
    /// v7 = Copy(v0), jump b1(v0); b1(v4): v5 = Copy(v4), return.
    fn func(off: usize, private_size: usize) -> Func {
        let stmt = |v: Val, inst: Inst| Stmt {
            result: Some(v),
            inst,
        };
        Func {
            name: "k".into(),
            blocks: vec![
                Block {
                    params: vec![],
                    stmts: vec![
                        stmt(0, Inst::PrivateVar(off)),
                        stmt(1, Inst::Copy(0)),
                        stmt(2, Inst::Const(8)),
                        stmt(3, Inst::Bin(Bin::IAdd, 0, 2)),
                        stmt(
                            6,
                            Inst::Load {
                                ptr: 7,
                                offset: 0,
                                space: crate::front::ssa::Space::Private,
                            },
                        ),
                        stmt(7, Inst::Copy(0)),
                    ],
                    term: Term::Jump(Edge {
                        target: 1,
                        args: vec![0],
                    }),
                },
                Block {
                    params: vec![4],
                    stmts: vec![stmt(5, Inst::Copy(4))],
                    term: Term::Return,
                },
            ],
            types: vec![Scalar::I64; 8],
            private_size,
            params: vec![],
            local_static: 0,
            subgroup_size: 1,
            subgroup_required: false,
            subgroup_barriers: false,
            group_size: None,
        }
    }

    #[test]
    fn only_private_variables_and_their_copies_defined_first_have_offsets() {
        let f = func(16, 64);
        // v7 is loaded through before it is defined.
        let want = [Some(16), Some(16), None, None, None, None, None, None];
        assert_eq!(private_offsets(&f), want);
    }

    proptest! {
        /// An access is known inside the private area only if every byte of it is, and its
        /// pointer is defined before it.
        #[test]
        fn known_private_accesses_lie_inside_the_area(
            off in 0usize..256,
            size in 0usize..256,
            offset in -300i64..300,
            len in 1u64..128,
        ) {
            let f = func(off, size);
            let layout = crate::jit::FrameLayout::new(&f);
            let first = off as i64 + offset;
            let inside = (first..first + len as i64).all(|b| (0..size as i64).contains(&b));
            prop_assert_eq!(layout.private_inside(0, offset, len), inside);
            prop_assert_eq!(layout.private_inside(1, offset, len), inside);
            for v in [2, 3, 4, 5, 6, 7] {
                prop_assert!(!layout.private_inside(v, offset, len));
            }
        }
    }

    proptest::proptest! {
        /// A copy of a private variable's address has its offset only if each copy in the
        /// chain is defined before each of its uses on every path.
        #[test]
        fn offsets_only_where_every_path_defines_first(
            terms in proptest::collection::vec((0u8..5, (0u32..8, 0u32..8)), 1..8),
            at in [(0u32..8, 0u8..3), (0u32..8, 0u8..3), (0u32..8, 0u8..3)],
        ) {
            use crate::front::dominance::tests::{placed, reached, runs_before};
            let (f, [copy, copy2, load]) = placed(&terms, at);
            let first = reached(&f, copy.0, None) && runs_before(&f, copy, copy2);
            let second = first && runs_before(&f, copy2, load);
            let off = private_offsets(&f);
            proptest::prop_assert_eq!(off[2], first.then_some(8));
            proptest::prop_assert_eq!(off[3], second.then_some(8));
        }
    }
}
