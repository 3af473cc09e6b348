//! Dominance between the statements of a kernel: whether every path from the entry block to
//! one point passes another first. A valid SPIR-V module defines each id before every use
//! along every path; a mutated one may not (a use placed before its definition, in a loop
//! before the statement that defines it, in a block the definition's block does not
//! dominate), and then the use reads whatever the value's variable held (zero, or the last
//! iteration's value). What the code generators assume about a value's content holds only at
//! the uses its definition dominates.

use super::ssa::{defs, edges, uses, Func, Term, Val};

/// Where a statement is: its block and its index there (the block's statement count for its
/// terminator).
pub type Site = (u32, usize);

/// The dominator tree of a kernel's blocks (edges: jumps, branches, switches, and each
/// barrier to the block where the work-items resume), as intervals of a walk of the tree.
pub struct Dominance {
    /// Per block: its number in a pre-order walk of the dominator tree (`u32::MAX` if the
    /// entry block does not reach it).
    enter: Vec<u32>,
    /// Per block: the highest pre-order number of the blocks it dominates.
    leave: Vec<u32>,
}

impl Dominance {
    /// The dominators of `f`'s blocks (Cooper, Harvey and Kennedy's iteration over the
    /// reverse post-order).
    pub fn new(f: &Func) -> Dominance {
        let n = f.blocks.len();
        let succs: Vec<Vec<usize>> = (0..n)
            .map(|b| {
                f.succs(b as u32)
                    .into_iter()
                    .map(|s| s as usize)
                    .filter(|&s| s < n)
                    .collect()
            })
            .collect();
        // Post-order numbers of the blocks the entry reaches.
        let mut post = vec![usize::MAX; n];
        let mut order = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        if n > 0 {
            seen[0] = true;
            let mut stack = vec![(0usize, 0usize)];
            while let Some((b, i)) = stack.last_mut() {
                if let Some(&s) = succs[*b].get(*i) {
                    *i += 1;
                    if !seen[s] {
                        seen[s] = true;
                        stack.push((s, 0));
                    }
                } else {
                    post[*b] = order.len();
                    order.push(*b);
                    stack.pop();
                }
            }
        }
        let mut preds = vec![Vec::new(); n];
        for &b in &order {
            for &s in &succs[b] {
                preds[s].push(b);
            }
        }
        let mut idom = vec![usize::MAX; n];
        if n > 0 {
            idom[0] = 0;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().rev().skip(1) {
                let mut new = usize::MAX;
                for &p in &preds[b] {
                    if idom[p] == usize::MAX {
                        continue;
                    }
                    new = if new == usize::MAX {
                        p
                    } else {
                        let (mut x, mut y) = (new, p);
                        while x != y {
                            while post[x] < post[y] {
                                x = idom[x];
                            }
                            while post[y] < post[x] {
                                y = idom[y];
                            }
                        }
                        x
                    };
                }
                if new != idom[b] {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        let mut children = vec![Vec::new(); n];
        for &b in &order {
            if b != 0 {
                children[idom[b]].push(b);
            }
        }
        let mut enter = vec![u32::MAX; n];
        let mut leave = vec![u32::MAX; n];
        if n > 0 {
            let mut next = 0u32;
            enter[0] = 0;
            let mut stack = vec![(0usize, 0usize)];
            while let Some((b, i)) = stack.last_mut() {
                if let Some(&c) = children[*b].get(*i) {
                    *i += 1;
                    next += 1;
                    enter[c] = next;
                    stack.push((c, 0));
                } else {
                    leave[*b] = next;
                    stack.pop();
                }
            }
        }
        Dominance { enter, leave }
    }

    /// Whether the entry block reaches block `b`.
    pub fn reachable(&self, b: u32) -> bool {
        self.enter.get(b as usize).is_some_and(|&e| e != u32::MAX)
    }

    /// Whether every path from the entry to `b` passes `a` (`a` dominates itself); false
    /// when the entry does not reach `b`.
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        self.reachable(a)
            && self.reachable(b)
            && self.enter[a as usize] <= self.enter[b as usize]
            && self.enter[b as usize] <= self.leave[a as usize]
    }

    /// Whether statement `def` runs before `use_` on every path from the entry to `use_`:
    /// earlier in the same block, or in a block that dominates `use_`'s.
    pub fn before(&self, def: Site, use_: Site) -> bool {
        if def.0 == use_.0 {
            self.reachable(def.0) && def.1 < use_.1
        } else {
            self.dominates(def.0, use_.0)
        }
    }
}

/// Per value: whether it is defined by exactly one statement, in a block the entry reaches,
/// and that statement runs before each of its uses on every path ([`Dominance::before`]; an
/// edge's arguments and a branch's condition are used at the block's end). Only for such a
/// value is its content at a use the one its definition computes.
pub fn defined_before_uses(f: &Func) -> Vec<bool> {
    let n = f.types.len();
    let mut count = vec![0u32; n];
    let mut site: Vec<Site> = vec![(u32::MAX, 0); n];
    for (b, block) in f.blocks.iter().enumerate() {
        for &p in &block.params {
            if let Some(c) = count.get_mut(p as usize) {
                *c += 1;
            }
        }
        for (i, s) in block.stmts.iter().enumerate() {
            for d in defs(s) {
                if let Some(c) = count.get_mut(d as usize) {
                    *c += 1;
                    site[d as usize] = (b as u32, i);
                }
            }
        }
    }
    let dom = Dominance::new(f);
    let mut ok: Vec<bool> = (0..n)
        .map(|v| count[v] == 1 && dom.reachable(site[v].0))
        .collect();
    let used_at = |v: Val, at: Site, ok: &mut Vec<bool>| {
        if let Some(o) = ok.get_mut(v as usize) {
            *o = *o && dom.before(site[v as usize], at);
        }
    };
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, s) in block.stmts.iter().enumerate() {
            for u in uses(s) {
                used_at(u, (b as u32, i), &mut ok);
            }
        }
        let end = (b as u32, block.stmts.len());
        match &block.term {
            Term::Branch { cond: v, .. } | Term::Switch { sel: v, .. } => used_at(*v, end, &mut ok),
            _ => {}
        }
        for e in edges(&block.term) {
            for &a in &e.args {
                used_at(a, end, &mut ok);
            }
        }
    }
    ok
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::front::ssa::{Block, Edge, Inst, Stmt};
    use crate::value::Scalar;
    use proptest::prelude::*;

    fn edge(target: u32) -> Edge {
        Edge {
            target,
            args: vec![],
        }
    }

    /// A terminator of block kind `k` with targets `t` (value 1 is the condition).
    fn term(k: u8, t: (u32, u32)) -> Term {
        match k % 5 {
            0 => Term::Return,
            1 => Term::Jump(edge(t.0)),
            2 => Term::Branch {
                cond: 1,
                then: edge(t.0),
                other: edge(t.1),
            },
            3 => Term::Barrier { next: t.0 },
            _ => Term::Unreachable,
        }
    }

    /// Whether block `to` is reached from the entry without passing block `cut`.
    pub(crate) fn reached(f: &Func, to: u32, cut: Option<u32>) -> bool {
        let mut seen = vec![false; f.blocks.len()];
        let mut stack = vec![0u32];
        while let Some(b) = stack.pop() {
            if Some(b) == cut || std::mem::replace(&mut seen[b as usize], true) {
                continue;
            }
            stack.extend(f.succs(b));
        }
        seen[to as usize]
    }

    /// Every path from the entry to `u` passes `d` first (the definition of dominance).
    pub(crate) fn runs_before(f: &Func, d: Site, u: Site) -> bool {
        reached(f, u.0, None)
            && if d.0 == u.0 {
                d.1 < u.1
            } else {
                !reached(f, u.0, Some(d.0))
            }
    }

    /// b0: v0 = PrivateVar(8), v1 = Const(1), then the statements placed there; other
    /// blocks: the statements placed there. `v2 = Copy(v0)`, `v3 = Copy(v2)` and a load
    /// through v3 go to the blocks and ranks `at` gives (ties keep that order).
    pub(crate) fn placed(terms: &[(u8, (u32, u32))], at: [(u32, u8); 3]) -> (Func, [Site; 3]) {
        let n = terms.len() as u32;
        let stmts = [
            Stmt {
                result: Some(2),
                inst: Inst::Copy(0),
            },
            Stmt {
                result: Some(3),
                inst: Inst::Copy(2),
            },
            Stmt {
                result: Some(4),
                inst: Inst::Load {
                    ptr: 3,
                    offset: 0,
                    space: crate::front::ssa::Space::Private,
                },
            },
        ];
        let mut blocks: Vec<Block> = terms
            .iter()
            .map(|&(k, (a, b))| Block {
                params: vec![],
                stmts: vec![],
                term: term(k, (a % n, b % n)),
            })
            .collect();
        blocks[0].stmts = vec![
            Stmt {
                result: Some(0),
                inst: Inst::PrivateVar(8),
            },
            Stmt {
                result: Some(1),
                inst: Inst::Const(1),
            },
        ];
        let mut order: Vec<usize> = (0..3).collect();
        order.sort_by_key(|&i| (at[i].0 % n, at[i].1, i));
        let mut sites = [(0, 0); 3];
        for i in order {
            let b = at[i].0 % n;
            sites[i] = (b, blocks[b as usize].stmts.len());
            blocks[b as usize].stmts.push(stmts[i].clone());
        }
        let mut types = vec![Scalar::I64; 5];
        types[1] = Scalar::Bool;
        types[4] = Scalar::I32;
        let f = Func {
            name: "k".into(),
            blocks,
            types,
            private_size: 64,
            params: vec![],
            local_static: 0,
            subgroup_size: 1,
            subgroup_required: false,
            subgroup_barriers: false,
            group_size: None,
        };
        (f, sites)
    }

    #[test]
    fn dominators_of_a_loop_and_an_if() {
        // 0 -> 1; 1 -> 2 | 3; 2 -> 1 (loop); 3 -> 4 | 5; 4 -> 5; 6 unreachable -> 5.
        let (f, _) = placed(
            &[
                (1, (1, 0)),
                (2, (2, 3)),
                (1, (1, 0)),
                (2, (4, 5)),
                (1, (5, 0)),
                (0, (0, 0)),
                (1, (5, 0)),
            ],
            [(0, 0); 3],
        );
        let d = Dominance::new(&f);
        for (a, b, want) in [
            (0, 5, true),
            (1, 2, true),
            (2, 1, false),
            (3, 5, true),
            (4, 5, false),
            (2, 3, false),
            (6, 5, false),
            (0, 6, false),
            (5, 5, true),
        ] {
            assert_eq!(d.dominates(a, b), want, "{a} dominates {b}");
        }
        assert!(!d.reachable(6));
    }

    proptest! {
        /// A value's definition runs before each of its uses on every path exactly when the
        /// use is not reached from the entry without the definition's block.
        #[test]
        fn defined_only_where_every_path_defines_first(
            terms in prop::collection::vec((0u8..5, (0u32..8, 0u32..8)), 1..8),
            at in [(0u32..8, 0u8..3), (0u32..8, 0u8..3), (0u32..8, 0u8..3)],
        ) {
            let (f, [copy, copy2, load]) = placed(&terms, at);
            let first = reached(&f, copy.0, None) && runs_before(&f, copy, copy2);
            let ok = defined_before_uses(&f);
            prop_assert_eq!(ok[2], first);
            prop_assert_eq!(ok[3], reached(&f, copy2.0, None) && runs_before(&f, copy2, load));
        }
    }
}
