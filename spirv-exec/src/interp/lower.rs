//! A kernel in the shared IR ([`crate::front::ssa`]) lowered to the interpreter's
//! [`Program`]: every value in a slot (constants, parameters, built-ins and variable addresses
//! written before a group runs; a value used only later in its own block shares its slot
//! with others once dead), block parameters filled by edge copies, arithmetic whose operands
//! are the same for the whole launch (or a row of groups) run once per launch (or row), and
//! blocks ordered for scheduling (`order`).

use crate::front::dominance::Site;
use crate::front::ssa::{self, BlockId, BuiltinValue, Func, Inst, ParamKind, Stmt, Val};
use crate::interp::program::{Block, Edge, EdgeCopy, Exec, Program, Term};
use crate::run::workers::Pace;
use crate::value::Scalar;
use std::collections::HashMap;

/// Where a value's lanes agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Inv {
    /// One value for every lane of the launch, written before any group runs.
    Uniform,
    /// For each lane, one value in every group of a row of groups.
    Row,
    /// Anything else.
    Varying,
}

/// One term of a planned address.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AddrTerm {
    Const(i64),
    /// `v`, sign-extended from `scalar`, times `stride`.
    Index {
        v: Val,
        scalar: Scalar,
        stride: i64,
    },
    /// `a + b` at the width of `scalar`, sign-extended, times `stride`.
    Sum {
        a: Val,
        b: Val,
        scalar: Scalar,
        stride: i64,
    },
}

/// An address computed by one instruction: `base + Σ terms`.
#[derive(Clone, Debug)]
pub(crate) struct Address {
    pub base: Val,
    pub terms: Vec<AddrTerm>,
    /// The statements (of the same block) it computes too.
    pub absorbed: Vec<usize>,
    /// The next statement lowered accesses memory through it, and nothing else uses it.
    pub record: bool,
}

/// The addresses of a kernel lowered as one instruction.
#[derive(Default)]
pub(crate) struct Plan {
    /// By the site of the sum that ends them.
    pub roots: HashMap<Site, Address>,
    /// Statements computed by an address: the index of its root statement.
    pub absorbed: HashMap<Site, usize>,
}

pub(crate) struct Lowering<'f> {
    pub f: &'f Func,
    /// Each value's slot (`usize::MAX`: none yet).
    pub slot: Vec<usize>,
    pub inv: Vec<Inv>,
    slots: usize,
    constants: Vec<(usize, u64)>,
    const_slot: HashMap<u64, usize>,
    local_vars: Vec<(usize, usize)>,
    private_vars: Vec<(usize, usize)>,
    builtins: Vec<(BuiltinValue, usize)>,
    param_slots: Vec<usize>,
    hoisted: Vec<Exec>,
    row_hoisted: Vec<Exec>,
    /// Slots given back by dead temporaries.
    free: Vec<usize>,
    /// Values whose every use is a later statement of their defining block: (block, index
    /// of the last use).
    temp: HashMap<Val, (BlockId, usize)>,
    /// Uses of each value (through copies, which name their source's slot).
    pub uses: Vec<u32>,
    /// The value each copy copies (followed to one that is not a copy).
    root: Vec<Val>,
    /// Each value defined by a `Const` statement.
    konst: Vec<Option<u64>>,
    /// The addresses lowered as one instruction with their steps.
    pub plan: Plan,
}

/// Lowers kernel `f` for the interpreter.
pub(crate) fn lower(f: &Func) -> Result<Program, String> {
    let order = crate::front::order::schedule_order(&successors(f), 0);
    let mut l = Lowering::new(f);
    l.prepare(&order)?;
    let mut blocks: Vec<Option<Block>> = (0..f.blocks.len()).map(|_| None).collect();
    for &b in &order {
        blocks[b as usize] = Some(l.block(b)?);
    }
    l.finish(blocks, &order)
}

/// The successors of each block, in the order the interpreter schedules lanes.
fn successors(f: &Func) -> Vec<Vec<u32>> {
    f.blocks
        .iter()
        .map(|b| match &b.term {
            ssa::Term::Jump(e) => vec![e.target],
            ssa::Term::Branch { then, other, .. } => vec![other.target, then.target],
            ssa::Term::Switch { default, cases, .. } => cases
                .iter()
                .rev()
                .map(|(_, e)| e.target)
                .chain([default.target])
                .collect(),
            ssa::Term::Barrier { next } => vec![*next],
            ssa::Term::Return | ssa::Term::Unreachable => vec![],
        })
        .collect()
}

/// The values terminator `t` reads: its condition or selector, its edges' arguments.
fn term_uses(t: &ssa::Term) -> Vec<Val> {
    let mut uses: Vec<Val> = ssa::edges(t)
        .into_iter()
        .flat_map(|e| e.args.iter().copied())
        .collect();
    if let ssa::Term::Branch { cond: v, .. } | ssa::Term::Switch { sel: v, .. } = t {
        uses.push(*v);
    }
    uses
}

/// Whether `inst` computes a value from its operands alone: it cannot fault or reach memory,
/// so it may run before the group (for all lanes) when its operands are known then.
fn pure(inst: &Inst) -> bool {
    matches!(
        inst,
        Inst::Un(..)
            | Inst::Bin(..)
            | Inst::Fma(..)
            | Inst::Int3(..)
            | Inst::Select(..)
            | Inst::Conv(..)
    )
}

/// Where component `k` of built-in `b` agrees between lanes (see `Frame::set_builtins`).
fn builtin_inv(b: BuiltinValue, k: u8) -> Inv {
    match b {
        BuiltinValue::NumGroups
        | BuiltinValue::LocalSize
        | BuiltinValue::EnqueuedLocalSize
        | BuiltinValue::GlobalSize
        | BuiltinValue::GlobalOffset
        | BuiltinValue::WorkDim => Inv::Uniform,
        BuiltinValue::GlobalId | BuiltinValue::GroupId if k > 0 => Inv::Row,
        BuiltinValue::LocalId
        | BuiltinValue::LocalLinearId
        | BuiltinValue::SubgroupSize
        | BuiltinValue::SubgroupMaxSize
        | BuiltinValue::NumSubgroups
        | BuiltinValue::SubgroupId
        | BuiltinValue::SubgroupLocalId => Inv::Row,
        _ => Inv::Varying,
    }
}

impl<'f> Lowering<'f> {
    fn new(f: &'f Func) -> Self {
        let n = f.types.len();
        Lowering {
            f,
            slot: vec![usize::MAX; n],
            inv: vec![Inv::Varying; n],
            slots: 0,
            constants: Vec::new(),
            const_slot: HashMap::new(),
            local_vars: Vec::new(),
            private_vars: Vec::new(),
            builtins: Vec::new(),
            param_slots: Vec::new(),
            hoisted: Vec::new(),
            row_hoisted: Vec::new(),
            free: Vec::new(),
            temp: HashMap::new(),
            uses: vec![0; n],
            root: (0..n as Val).collect(),
            konst: vec![None; n],
            plan: Default::default(),
        }
    }

    fn alloc(&mut self, n: usize) -> usize {
        let s = self.slots;
        self.slots += n.max(1);
        s
    }

    /// A slot holding `value` for every lane.
    pub(crate) fn constant(&mut self, value: u64) -> usize {
        if let Some(&s) = self.const_slot.get(&value) {
            return s;
        }
        let s = self.alloc(1);
        self.constants.push((s, value));
        self.const_slot.insert(value, s);
        s
    }

    /// The value `v` names: itself, or what the copy `v` copies.
    pub(crate) fn root(&self, v: Val) -> Val {
        self.root.get(v as usize).copied().unwrap_or(v)
    }

    /// The slot of `v`.
    pub(crate) fn at(&self, v: Val) -> Result<usize, String> {
        match self.slot.get(self.root(v) as usize) {
            Some(&s) if s != usize::MAX => Ok(s),
            Some(_) => Err(format!("value {v} is used before it is defined")),
            None => Err(format!("value {v} does not exist")),
        }
    }

    /// Whether `v` is a copy named by its source's slot.
    fn aliased(&self, v: Val) -> bool {
        self.root(v) != v
    }

    /// The constant `v` is, if it is one.
    pub(crate) fn konst(&self, v: Val) -> Option<u64> {
        self.konst.get(self.root(v) as usize).copied().flatten()
    }

    /// Where the lanes of `v` agree.
    pub(crate) fn inv_of(&self, v: Val) -> Inv {
        self.inv
            .get(self.root(v) as usize)
            .copied()
            .unwrap_or(Inv::Varying)
    }

    /// The slots of the values that have one before any block runs (parameters, constants,
    /// built-ins, variable addresses, copies of them, block parameters), the uses of every
    /// value, and which values are temporaries.
    fn prepare(&mut self, order: &[u32]) -> Result<(), String> {
        let f = self.f;
        for p in &f.params {
            let n = match &p.kind {
                ParamKind::Value { leaves } => leaves.len(),
                _ => 1,
            };
            let s = self.alloc(n);
            self.param_slots.push(s);
        }
        let mut builtin_at: HashMap<BuiltinValue, usize> = HashMap::new();
        for block in &f.blocks {
            for &p in &block.params {
                let s = self.alloc(1);
                self.set(p, s)?;
            }
            for st in &block.stmts {
                let Some(r) = st.result else { continue };
                let (s, inv) = match st.inst {
                    Inst::Const(c) => {
                        if let Some(k) = self.konst.get_mut(r as usize) {
                            *k = Some(c);
                        }
                        (self.constant(c), Inv::Uniform)
                    }
                    Inst::Param { param, leaf } => {
                        let base = *self
                            .param_slots
                            .get(param)
                            .ok_or_else(|| format!("parameter {param} does not exist"))?;
                        (base + leaf, Inv::Uniform)
                    }
                    Inst::ParamAddr { param } => {
                        let s = *self
                            .param_slots
                            .get(param)
                            .ok_or_else(|| format!("parameter {param} does not exist"))?;
                        (s, Inv::Uniform)
                    }
                    Inst::Builtin(which, k) => {
                        let base = match builtin_at.get(&which) {
                            Some(&s) => s,
                            None => {
                                let s = self.alloc(which.components());
                                self.builtins.push((which, s));
                                builtin_at.insert(which, s);
                                s
                            }
                        };
                        if k as usize >= which.components() {
                            return Err(format!("component {k} of built-in {which:?}"));
                        }
                        (base + k as usize, builtin_inv(which, k))
                    }
                    Inst::LocalVar(off) => {
                        let s = self.alloc(1);
                        self.local_vars.push((s, off));
                        (s, Inv::Uniform)
                    }
                    Inst::PrivateVar(off) => {
                        let s = self.alloc(1);
                        self.private_vars.push((s, off));
                        (s, Inv::Varying)
                    }
                    _ => continue,
                };
                self.set(r, s)?;
                self.inv[r as usize] = inv;
            }
        }
        self.aliases();
        self.count_uses();
        self.invariance(order);
        self.plan = self.plan_addresses();
        self.liveness();
        // Every other value a statement lowered defines has a slot of its own.
        let f = self.f;
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, st) in block.stmts.iter().enumerate() {
                if self.skipped(st, (b as BlockId, i)) {
                    continue;
                }
                for d in ssa::defs(st) {
                    if self.slot[d as usize] == usize::MAX && !self.temp.contains_key(&d) {
                        let s = self.alloc(1);
                        self.set(d, s)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Copies name their source's slot (in SSA a value never changes once set, so the source
    /// holds the copy's value wherever the copy is used); chains resolve to their start. Only
    /// a copy defined before each of its uses is named this way: elsewhere its slot must hold
    /// what it held before the copy ran (zero, the last iteration's value).
    fn aliases(&mut self) {
        let defined = crate::front::dominance::defined_before_uses(self.f);
        let copies: HashMap<Val, Val> = self
            .f
            .blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|st| match (st.result, &st.inst) {
                (Some(r), Inst::Copy(a)) if defined.get(r as usize) == Some(&true) => Some((r, *a)),
                _ => None,
            })
            .collect();
        for &r in copies.keys() {
            let mut v = r;
            for _ in 0..=copies.len() {
                match copies.get(&v) {
                    Some(&a) if a != v => v = a,
                    _ => break,
                }
            }
            if let Some(x) = self.root.get_mut(r as usize) {
                *x = v;
            }
        }
    }

    /// Whether statement `st` at `site` is lowered by nothing: a copy named by its source,
    /// or a step of an address lowered with its sum.
    pub(crate) fn skipped(&self, st: &Stmt, site: (BlockId, usize)) -> bool {
        st.result.is_some_and(|v| self.aliased(v)) || self.plan.absorbed.contains_key(&site)
    }

    /// The uses of every value (on the copies' sources): statements, conditions, edges.
    fn count_uses(&mut self) {
        let f = self.f;
        for block in &f.blocks {
            for st in &block.stmts {
                if st.result.is_some_and(|v| self.aliased(v)) {
                    continue;
                }
                for u in ssa::uses(st) {
                    let u = self.root(u);
                    if let Some(n) = self.uses.get_mut(u as usize) {
                        *n += 1;
                    }
                }
            }
            for u in term_uses(&block.term) {
                let u = self.root(u);
                if let Some(n) = self.uses.get_mut(u as usize) {
                    *n += 1;
                }
            }
        }
    }

    /// Where the lanes of each value a pure statement defines agree: where its operands'
    /// all do (blocks in scheduling `order`, so that definitions come before their uses).
    fn invariance(&mut self, order: &[u32]) {
        let f = self.f;
        for &b in order {
            for st in &f.blocks[b as usize].stmts {
                let (Some(r), true) = (st.result, pure(&st.inst)) else {
                    continue;
                };
                if self.aliased(r) {
                    continue;
                }
                let inv = ssa::uses(st)
                    .into_iter()
                    .map(|u| self.inv_of(u))
                    .max()
                    .unwrap_or(Inv::Uniform);
                self.inv[r as usize] = inv;
            }
        }
    }

    /// Which values are temporaries: defined by a statement and used only by later
    /// statements of the same block (an address step's uses count at its sum's statement).
    fn liveness(&mut self) {
        let f = self.f;
        let n = f.types.len();
        let mut def_at: Vec<Option<(BlockId, usize)>> = vec![None; n];
        let mut last: Vec<Option<(BlockId, usize)>> = vec![None; n];
        // Used by a terminator or in two blocks: not a temporary.
        let mut shared: Vec<bool> = vec![false; n];
        for (b, block) in f.blocks.iter().enumerate() {
            let b = b as BlockId;
            for (i, st) in block.stmts.iter().enumerate() {
                if st.result.is_some_and(|v| self.aliased(v)) {
                    continue;
                }
                let at = self.plan.absorbed.get(&(b, i)).copied().unwrap_or(i);
                for u in ssa::uses(st) {
                    let u = self.root(u);
                    match last.get_mut(u as usize) {
                        Some(Some(l)) if l.0 == b => l.1 = l.1.max(at),
                        Some(Some(_)) => shared[u as usize] = true,
                        Some(l) => *l = Some((b, at)),
                        None => {}
                    }
                }
                if !self.plan.absorbed.contains_key(&(b, i)) {
                    for d in ssa::defs(st) {
                        if let Some(slot) = def_at.get_mut(d as usize) {
                            *slot = Some((b, i));
                        }
                    }
                }
            }
            for u in term_uses(&block.term) {
                if let Some(o) = shared.get_mut(self.root(u) as usize) {
                    *o = true;
                }
            }
        }
        for (v, &at) in def_at.iter().enumerate() {
            let (Some((b, i)), v) = (at, v as Val) else {
                continue;
            };
            if self.slot[v as usize] != usize::MAX || shared[v as usize] {
                continue;
            }
            match last[v as usize] {
                Some((lb, li)) if lb == b && li > i => {
                    self.temp.insert(v, (b, li));
                }
                Some(_) => {}
                // Never used: a temporary whose slot is given back at once.
                None => {
                    self.temp.insert(v, (b, i));
                }
            }
        }
    }

    fn set(&mut self, v: Val, s: usize) -> Result<(), String> {
        *self
            .slot
            .get_mut(v as usize)
            .ok_or_else(|| format!("value {v} does not exist"))? = s;
        Ok(())
    }
}

impl Lowering<'_> {
    /// The slot for `v`, defined now: a temporary takes a free one.
    fn define(&mut self, v: Val, own: bool) -> Result<usize, String> {
        let s = self.slot[v as usize];
        if s != usize::MAX {
            return Ok(s);
        }
        let reused = if own { None } else { self.free.pop() };
        let s = match reused {
            Some(s) => s,
            None => self.alloc(1),
        };
        if own {
            // A hoisted temporary keeps its slot: it is never given back.
            self.temp.remove(&v);
        }
        self.set(v, s)?;
        Ok(s)
    }

    /// Gives back the slots of the temporaries whose last use is statement `i` of block `b`.
    fn free_dead(&mut self, st: &Stmt, b: BlockId, i: usize) {
        let dead = ssa::uses(st).into_iter().chain(ssa::defs(st));
        for v in dead {
            let v = self.root(v);
            if self.temp.get(&v) == Some(&(b, i)) {
                self.temp.remove(&v);
                let s = self.slot[v as usize];
                if s != usize::MAX {
                    self.free.push(s);
                }
            }
        }
    }

    /// Lowers block `b`.
    fn block(&mut self, b: BlockId) -> Result<Block, String> {
        let f = self.f;
        let block = &f.blocks[b as usize];
        let mut insts = Vec::new();
        for (i, st) in block.stmts.iter().enumerate() {
            if self.skipped(st, (b, i))
                || matches!(
                    st.inst,
                    Inst::Const(_)
                        | Inst::Param { .. }
                        | Inst::ParamAddr { .. }
                        | Inst::Builtin(..)
                        | Inst::LocalVar(_)
                        | Inst::PrivateVar(_)
                )
            {
                continue;
            }
            // Where the operands agree decides where the statement runs.
            let inv = match (st.result, pure(&st.inst)) {
                (Some(r), true) => self.inv[r as usize],
                _ => Inv::Varying,
            };
            for d in ssa::defs(st) {
                self.define(d, inv != Inv::Varying)?;
            }
            let address = self.plan.roots.get(&(b, i)).cloned();
            let e = match &address {
                Some(address) => Some(self.address(st, address)?),
                None => self
                    .statement(st)
                    .map_err(|e| format!("{:?}: {e}", st.inst))?,
            };
            match (inv, e) {
                (Inv::Uniform, Some(e)) => self.hoisted.push(e),
                (Inv::Row, Some(e)) => self.row_hoisted.push(e),
                (_, Some(e)) => insts.push(e),
                (_, None) => {}
            }
            self.free_dead(st, b, i);
            for &j in address.iter().flat_map(|a| &a.absorbed) {
                self.free_dead(&block.stmts[j], b, i);
            }
        }
        let term = match &block.term {
            ssa::Term::Jump(e) => Term::Jump(self.edge(e)?),
            ssa::Term::Branch { cond, then, other } => Term::Branch {
                cond: self.at(*cond)?,
                then: self.edge(then)?,
                other: self.edge(other)?,
            },
            ssa::Term::Switch {
                sel,
                default,
                cases,
            } => {
                let mask = self
                    .f
                    .types
                    .get(self.root(*sel) as usize)
                    .ok_or("a switch on a value without a type")?
                    .mask();
                Term::Switch {
                    sel: self.at(*sel)?,
                    mask,
                    default: self.edge(default)?,
                    cases: cases
                        .iter()
                        .map(|(v, e)| Ok((v & mask, self.edge(e)?)))
                        .collect::<Result<_, String>>()?,
                }
            }
            ssa::Term::Barrier { next } => Term::Jump(Edge::new(*next, vec![])),
            ssa::Term::Return => Term::Return,
            ssa::Term::Unreachable => Term::Unreachable,
        };
        Ok(Block { insts, term })
    }

    /// An edge, with the copies into its target's parameters.
    fn edge(&self, e: &ssa::Edge) -> Result<Edge, String> {
        let params = &self
            .f
            .blocks
            .get(e.target as usize)
            .ok_or_else(|| format!("an edge to block {} that does not exist", e.target))?
            .params;
        if params.len() != e.args.len() {
            return Err(format!(
                "an edge passes {} values to block {}'s {} parameters",
                e.args.len(),
                e.target,
                params.len()
            ));
        }
        let mut copies = Vec::new();
        for (&p, &a) in params.iter().zip(&e.args) {
            let (dst, src) = (self.at(p)?, self.at(a)?);
            if dst != src {
                copies.push(EdgeCopy { dst, src, n: 1 });
            }
        }
        Ok(Edge::new(e.target, copies))
    }

    /// The program: blocks numbered in scheduling `order` (unreachable ones dropped).
    fn finish(self, blocks: Vec<Option<Block>>, order: &[u32]) -> Result<Program, String> {
        let mut index = vec![u32::MAX; blocks.len()];
        for (i, b) in order.iter().enumerate() {
            index[*b as usize] = i as u32;
        }
        let mut blocks = blocks;
        let mut ordered = Vec::with_capacity(order.len());
        let renumber = |e: &mut Edge| e.target = index[e.target as usize];
        for b in order {
            let mut block = blocks[*b as usize].take().ok_or("block visited twice")?;
            match &mut block.term {
                Term::Jump(e) => renumber(e),
                Term::Branch { then, other, .. } => {
                    renumber(then);
                    renumber(other);
                }
                Term::Switch { default, cases, .. } => {
                    renumber(default);
                    cases.iter_mut().for_each(|(_, e)| renumber(e));
                }
                Term::Return | Term::Unreachable => {}
            }
            ordered.push(block);
        }
        let loop_free = !self.f.cycle_heads(false).contains(&true);
        Ok(Program {
            name: self.f.name.clone(),
            loop_free,
            blocks: ordered,
            entry: 0,
            slots: self.slots,
            constants: self.constants,
            hoisted: self.hoisted,
            row_hoisted: self.row_hoisted,
            local_vars: self.local_vars,
            local_static: self.f.local_static,
            private_vars: self.private_vars,
            private_size: self.f.private_size,
            builtins: self.builtins,
            params: self.f.params.clone(),
            param_slots: self.param_slots,
            required_group_size: None,
            group_size_hint: None,
            subgroup_size: self.f.subgroup_size,
            subgroup_required: self.f.subgroup_required,
            pace: Pace::default(),
        })
    }
}
