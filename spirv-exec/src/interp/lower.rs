//! Lowering a kernel entry point to a [`Program`]: every call inlined, SSA ids mapped to
//! value slots, OpPhi turned into edge copies, blocks ordered for scheduling (`order`).

use crate::front::spirv::{GlobalVar, ModuleData};
use crate::front::types::Shape;
use crate::interp::program::{
    Block, BuiltinValue, Edge, EdgeCopy, Exec, Param, ParamKind, Program, Term,
};
use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, FunctionParameterAttribute, Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

/// Per-instance (per inlined call) names.
#[derive(Default)]
pub(crate) struct Env {
    pub vals: HashMap<Word, usize>,
    pub types: HashMap<Word, Word>,
    pub labels: HashMap<Word, u32>,
    /// Sign extensions not lowered, used only as access-chain indices: (conversion, source).
    pub folded: HashMap<Word, Word>,
    /// An `OpIAdd` not lowered on its own: the index of the next instruction, an access
    /// chain, which adds it itself ([`crate::interp::memops::Step::Sum`]).
    pub index_add: Option<IndexAdd>,
    /// The instruction being lowered is used only by the next one, a load or store through
    /// it: an access chain then notes its row's bounds for that access.
    pub access_next: bool,
}

/// See [`Env::index_add`].
pub(crate) struct IndexAdd {
    /// The sum's id.
    pub id: Word,
    pub a: usize,
    pub b: usize,
    /// `b` when it is one value for every lane.
    pub kb: Option<crate::interp::ops::Uniform>,
    pub scalar: crate::value::Scalar,
}

pub(crate) struct Lowering<'m> {
    pub m: &'m ModuleData,
    blocks: Vec<Option<Block>>,
    slots: usize,
    constants: Vec<(usize, u64)>,
    const_slot: HashMap<Word, usize>,
    local_vars: Vec<(usize, usize)>,
    local_slot: HashMap<Word, usize>,
    /// Bytes of the kernel-scope `__local` variables this kernel uses (laid out as met).
    local_static: usize,
    private_vars: Vec<(usize, usize)>,
    private_size: usize,
    builtins: Vec<(BuiltinValue, usize)>,
    depth: usize,
    /// Slots written before a work-group's first instruction and never again (constants,
    /// arguments, built-ins, variable addresses): a value that only copies such slots can
    /// name them instead.
    stable: HashSet<usize>,
    /// Slots of temporaries whose last use was lowered (see `temps`).
    free: crate::interp::temps::FreeSlots,
    /// Slots holding one value for every lane of the launch, written before any work-group
    /// runs and never again: constants, parameters, launch sizes, hoisted results.
    pub(crate) uniform: HashSet<usize>,
    /// See [`Program::hoisted`].
    hoisted: Vec<Exec>,
    /// Slots (besides the [`uniform`](Self::uniform) ones) holding for each lane the same
    /// value in every work-group of a row of groups (same group ids in dimensions 1 and 2):
    /// local ids, the global and group ids of dimensions 1 and 2, and the results of
    /// [`Program::row_hoisted`].
    pub(crate) row_invariant: HashSet<usize>,
    /// See [`Program::row_hoisted`].
    row_hoisted: Vec<Exec>,
}

fn id(inst: &Instruction, i: usize) -> Result<Word, String> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(w)) => Ok(*w),
        other => Err(format!(
            "Op{:?}: operand {i} is not an id ({other:?})",
            inst.class.opcode
        )),
    }
}

fn lit(inst: &Instruction, i: usize) -> Result<u64, String> {
    match inst.operands.get(i) {
        Some(Operand::LiteralBit32(v)) => Ok(*v as u64),
        Some(Operand::LiteralBit64(v)) => Ok(*v),
        Some(Operand::LiteralExtInstInteger(v)) => Ok(*v as u64),
        other => Err(format!(
            "Op{:?}: operand {i} is not a literal ({other:?})",
            inst.class.opcode
        )),
    }
}

pub(crate) fn builtin_value(b: BuiltIn) -> Result<(BuiltinValue, usize), String> {
    Ok(match b {
        BuiltIn::GlobalInvocationId => (BuiltinValue::GlobalId, 3),
        BuiltIn::LocalInvocationId => (BuiltinValue::LocalId, 3),
        BuiltIn::WorkgroupId => (BuiltinValue::GroupId, 3),
        BuiltIn::NumWorkgroups => (BuiltinValue::NumGroups, 3),
        BuiltIn::WorkgroupSize => (BuiltinValue::LocalSize, 3),
        BuiltIn::GlobalSize => (BuiltinValue::GlobalSize, 3),
        BuiltIn::GlobalOffset => (BuiltinValue::GlobalOffset, 3),
        BuiltIn::EnqueuedWorkgroupSize => (BuiltinValue::EnqueuedLocalSize, 3),
        BuiltIn::WorkDim => (BuiltinValue::WorkDim, 1),
        BuiltIn::GlobalLinearId => (BuiltinValue::GlobalLinearId, 1),
        BuiltIn::LocalInvocationIndex => (BuiltinValue::LocalLinearId, 1),
        BuiltIn::SubgroupSize => (BuiltinValue::SubgroupSize, 1),
        BuiltIn::SubgroupMaxSize => (BuiltinValue::SubgroupMaxSize, 1),
        BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups => (BuiltinValue::NumSubgroups, 1),
        BuiltIn::SubgroupId => (BuiltinValue::SubgroupId, 1),
        BuiltIn::SubgroupLocalInvocationId => (BuiltinValue::SubgroupLocalId, 1),
        other => return Err(format!("built-in {other:?} is not supported")),
    })
}

impl<'m> Lowering<'m> {
    pub fn new(m: &'m ModuleData) -> Self {
        Lowering {
            m,
            blocks: Vec::new(),
            slots: 0,
            constants: Vec::new(),
            const_slot: HashMap::new(),
            local_vars: Vec::new(),
            local_slot: HashMap::new(),
            local_static: 0,
            private_vars: Vec::new(),
            private_size: 0,
            builtins: Vec::new(),
            depth: 0,
            stable: HashSet::new(),
            free: Default::default(),
            uniform: HashSet::new(),
            hoisted: Vec::new(),
            row_invariant: HashSet::new(),
            row_hoisted: Vec::new(),
        }
    }

    pub(crate) fn slots_alloc(&mut self, n: usize) -> usize {
        self.alloc(n)
    }

    pub(crate) fn push_constant(&mut self, slot: usize, value: u64) {
        self.stable.insert(slot);
        self.uniform.insert(slot);
        self.constants.push((slot, value));
    }

    fn alloc(&mut self, n: usize) -> usize {
        let s = self.slots;
        self.slots += n.max(1);
        s
    }

    fn new_block(&mut self) -> u32 {
        self.blocks.push(None);
        (self.blocks.len() - 1) as u32
    }

    /// The slot of a value: a local SSA value, a constant, or a global variable's address.
    pub(crate) fn slot(&mut self, env: &Env, v: Word) -> Result<usize, String> {
        if let Some(&s) = env.vals.get(&v) {
            return Ok(s);
        }
        if let Some(&s) = self.const_slot.get(&v) {
            return Ok(s);
        }
        if let Some(values) = self.m.consts.get(&v) {
            let s = self.alloc(values.len());
            self.constants
                .extend(values.iter().enumerate().map(|(i, x)| (s + i, *x)));
            self.stable.extend(s..s + values.len());
            self.uniform.extend(s..s + values.len());
            self.const_slot.insert(v, s);
            return Ok(s);
        }
        match self.m.globals.get(&v) {
            Some(GlobalVar::Memory(addr)) => {
                let s = self.alloc(1);
                self.push_constant(s, *addr as u64);
                self.const_slot.insert(v, s);
                Ok(s)
            }
            Some(GlobalVar::Local) => {
                if let Some(&s) = self.local_slot.get(&v) {
                    return Ok(s);
                }
                // Only the variables the kernel uses take room in its local memory.
                let ty = self.type_of(env, v)?;
                let Shape::Pointer(_, pointee) = self.m.types.get(ty)?.shape else {
                    return Err(format!("__local variable %{v} is not a pointer"));
                };
                let t = self.m.types.get(pointee)?;
                let off = self.local_static.next_multiple_of(t.align.max(1));
                self.local_static = off + t.size;
                let s = self.alloc(1);
                self.local_vars.push((s, off));
                self.stable.insert(s);
                self.uniform.insert(s);
                self.local_slot.insert(v, s);
                Ok(s)
            }
            Some(GlobalVar::Builtin(b)) => {
                Err(format!("built-in variable {b:?} used other than by OpLoad"))
            }
            None => Err(format!("unknown id %{v}")),
        }
    }

    pub(crate) fn type_of(&self, env: &Env, v: Word) -> Result<Word, String> {
        env.types
            .get(&v)
            .or_else(|| self.m.value_types.get(&v))
            .copied()
            .ok_or_else(|| format!("no type for %{v}"))
    }

    pub(crate) fn builtin_slot(&mut self, b: BuiltinValue, n: usize) -> usize {
        if let Some((_, s)) = self.builtins.iter().find(|(x, _)| *x == b) {
            return *s;
        }
        let s = self.alloc(n);
        self.builtins.push((b, s));
        self.stable.extend(s..s + n);
        // The same for the whole launch (see `Frame::set_constant_builtins`).
        if matches!(
            b,
            BuiltinValue::NumGroups
                | BuiltinValue::LocalSize
                | BuiltinValue::EnqueuedLocalSize
                | BuiltinValue::GlobalSize
                | BuiltinValue::GlobalOffset
                | BuiltinValue::WorkDim
        ) {
            self.uniform.extend(s..s + n);
        }
        // The same in every group of a row of groups (see `Frame::set_builtins`).
        match b {
            BuiltinValue::GlobalId | BuiltinValue::GroupId => {
                self.row_invariant.extend(s + 1..s + n)
            }
            BuiltinValue::LocalId
            | BuiltinValue::LocalLinearId
            | BuiltinValue::SubgroupSize
            | BuiltinValue::SubgroupMaxSize
            | BuiltinValue::NumSubgroups
            | BuiltinValue::SubgroupId
            | BuiltinValue::SubgroupLocalId => self.row_invariant.extend(s..s + n),
            _ => {}
        }
        s
    }

    /// Whether slots `first..first + n` are all [`uniform`](Self::uniform).
    pub(crate) fn is_uniform(&self, first: usize, n: usize) -> bool {
        (first..first + n.max(1)).all(|s| self.uniform.contains(&s))
    }

    /// Whether slots `first..first + n` are all [`stable`](Self::stable).
    pub(crate) fn is_stable(&self, first: usize, n: usize) -> bool {
        (first..first + n).all(|s| self.stable.contains(&s))
    }

    /// Lowers the kernel `f` into a program.
    pub fn kernel(mut self, name: &str, f: &Function) -> Result<Program, String> {
        let mut params = Vec::new();
        let mut args = Vec::new();
        for p in &f.parameters {
            let (pid, pty) = (
                p.result_id.ok_or("parameter without id")?,
                p.result_type.ok_or("parameter without type")?,
            );
            let t = self.m.types.get(pty)?.clone();
            if let Shape::Unsupported(what) = t.shape {
                return Err(format!(
                    "parameter {} is of a type of {what} ({what} are not supported by this device)",
                    params.len()
                ));
            }
            let slot = self.alloc(t.slots);
            self.stable.extend(slot..slot + t.slots.max(1));
            self.uniform.extend(slot..slot + t.slots.max(1));
            let byval = self.m.decorations.get(&pid).is_some_and(|ds| {
                ds.iter().any(|(d, ops)| {
                    *d == Decoration::FuncParamAttr
                        && ops.first()
                            == Some(&Operand::FunctionParameterAttribute(
                                FunctionParameterAttribute::ByVal,
                            ))
                })
            });
            let (kind, size, is_pointer) = match t.shape {
                Shape::Pointer(StorageClass::Workgroup, _) => (ParamKind::Local, 8, true),
                Shape::Pointer(_, pointee) if byval => {
                    let pt = self.m.types.get(pointee)?;
                    (
                        ParamKind::ByVal {
                            size: pt.size,
                            align: pt.align,
                        },
                        pt.size,
                        false,
                    )
                }
                Shape::Pointer(..) => (
                    ParamKind::Value {
                        leaves: t.leaves.clone(),
                    },
                    8,
                    true,
                ),
                _ => (
                    ParamKind::Value {
                        leaves: t.leaves.clone(),
                    },
                    t.size,
                    false,
                ),
            };
            params.push(Param {
                slot,
                size,
                kind,
                is_pointer,
            });
            args.push(slot);
        }
        let entry = self.function(f, &args, None)?;
        let required_group_size = None;
        self.finish(name, entry, params, required_group_size)
    }

    fn finish(
        self,
        name: &str,
        entry: u32,
        params: Vec<Param>,
        required_group_size: Option<[u32; 3]>,
    ) -> Result<Program, String> {
        // Scheduling order (loops contiguous, see `order`); unreachable blocks are dropped.
        let blocks: Vec<Block> = self
            .blocks
            .into_iter()
            .map(|b| b.ok_or("a block was never completed"))
            .collect::<Result<_, _>>()?;
        let succ = |b: &Block| -> Vec<u32> {
            match &b.term {
                Term::Branch(e) => vec![e.target],
                Term::Cond { then, other, .. } => vec![other.target, then.target],
                Term::Switch { default, cases, .. } => cases
                    .iter()
                    .rev()
                    .map(|(_, e)| e.target)
                    .chain([default.target])
                    .collect(),
                Term::Return | Term::Unreachable => vec![],
            }
        };
        let succs: Vec<Vec<u32>> = blocks.iter().map(succ).collect();
        let order = crate::front::order::schedule_order(&succs, entry);
        let mut index = vec![u32::MAX; blocks.len()];
        for (i, b) in order.iter().enumerate() {
            index[*b as usize] = i as u32;
        }
        let mut slots_of: Vec<Option<Block>> = blocks.into_iter().map(Some).collect();
        let mut ordered = Vec::with_capacity(order.len());
        let renumber = |e: &mut Edge| e.target = index[e.target as usize];
        for b in &order {
            let mut block = slots_of[*b as usize].take().ok_or("block visited twice")?;
            match &mut block.term {
                Term::Branch(e) => renumber(e),
                Term::Cond { then, other, .. } => {
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
        Ok(Program {
            name: name.to_string(),
            blocks: ordered,
            entry: 0,
            slots: self.slots,
            constants: self.constants,
            hoisted: self.hoisted,
            row_hoisted: self.row_hoisted,
            local_vars: self.local_vars,
            local_static: self.local_static,
            private_vars: self.private_vars,
            private_size: self.private_size,
            builtins: self.builtins,
            params,
            required_group_size,
            group_size_hint: None,
        })
    }

    /// Lowers `inst` into slots of its own (never a temporary's, so they keep their value
    /// from one group to the next, as hoisted code needs): its code and those slots.
    fn own_slot(
        &mut self,
        env: &mut Env,
        temps: &HashMap<Word, (usize, usize)>,
        inst: &Instruction,
    ) -> Result<Option<(Exec, std::ops::Range<usize>)>, String> {
        let r = inst.result_id.unwrap_or(0);
        let n = self.m.types.get(inst.result_type.unwrap_or(0))?.slots;
        let slot = match env.vals.get(&r) {
            Some(&s) if !temps.contains_key(&r) => s,
            _ => self.alloc(n),
        };
        env.vals.insert(r, slot);
        let e = self
            .instruction(env, inst)
            .map_err(|e| format!("Op{:?} (%{r}): {e}", inst.class.opcode))?;
        Ok(match (e, env.vals.get(&r)) {
            (Some(e), Some(&at)) => Some((e, at..at + n.max(1))),
            _ => None,
        })
    }

    /// Inlines one instance of `f`; returns its entry block. `ret`: the caller's result slot
    /// and continuation block (None for the kernel itself).
    fn function(
        &mut self,
        f: &Function,
        args: &[usize],
        ret: Option<(Option<usize>, u32)>,
    ) -> Result<u32, String> {
        self.depth += 1;
        if self.depth > 64 {
            return Err("call depth exceeds 64 (recursion is not allowed in OpenCL C)".into());
        }
        let mut env = Env {
            folded: self.index_conversions(f)?,
            ..Env::default()
        };
        let temps = crate::interp::temps::temporaries(f, &env.folded);
        let uses = crate::interp::temps::use_counts(f);
        // The fused `OpIAdd` whose operands' slots are given back after its access chain.
        let mut deferred: Option<(&Instruction, (usize, usize))> = None;
        // The temporaries' slots (taken when defined, given back after the last use).
        let mut owned: HashMap<Word, (usize, usize)> = HashMap::new();
        for (p, &a) in f.parameters.iter().zip(args) {
            let pid = p.result_id.ok_or("parameter without id")?;
            env.vals.insert(pid, a);
            env.types
                .insert(pid, p.result_type.ok_or("parameter without type")?);
        }
        for block in &f.blocks {
            for inst in &block.instructions {
                let (Some(rid), Some(rt)) = (inst.result_id, inst.result_type) else {
                    continue;
                };
                env.types.insert(rid, rt);
                if inst.class.opcode == Op::Variable {
                    let Shape::Pointer(_, pointee) = self.m.types.get(rt)?.shape.clone() else {
                        return Err("OpVariable of non-pointer type".into());
                    };
                    if inst.operands.len() > 1 {
                        return Err(
                            "function-scope OpVariable with an initializer is not supported".into(),
                        );
                    }
                    let t = self.m.types.get(pointee)?;
                    self.private_size = self.private_size.next_multiple_of(t.align.max(1));
                    let slot = self.alloc(1);
                    self.private_vars.push((slot, self.private_size));
                    self.stable.insert(slot);
                    self.private_size += t.size.max(1);
                    env.vals.insert(rid, slot);
                } else if !temps.contains_key(&rid) && !env.folded.contains_key(&rid) {
                    let n = self.m.types.get(rt)?.slots;
                    let slot = self.alloc(n);
                    env.vals.insert(rid, slot);
                }
            }
        }
        let by_label: HashMap<Word, &rspirv::dr::Block> = f
            .blocks
            .iter()
            .filter_map(|b| b.label.as_ref().and_then(|l| l.result_id).map(|l| (l, b)))
            .collect();
        for block in &f.blocks {
            let label = block
                .label
                .as_ref()
                .and_then(|l| l.result_id)
                .ok_or("block without label")?;
            let b = self.new_block();
            env.labels.insert(label, b);
        }
        let first = f
            .blocks
            .first()
            .and_then(|b| b.label.as_ref())
            .and_then(|l| l.result_id)
            .ok_or("function without blocks")?;
        let entry = env.labels[&first];
        for (b, block) in f.blocks.iter().enumerate() {
            let label = block
                .label
                .as_ref()
                .and_then(|l| l.result_id)
                .ok_or("block without label")?;
            let mut cur = env.labels[&label];
            let mut insts: Vec<Exec> = Vec::new();
            for (i, inst) in block.instructions.iter().enumerate() {
                let op = inst.class.opcode;
                let term = match op {
                    Op::FunctionCall => {
                        let callee_id = id(inst, 0)?;
                        let callee = self
                            .m
                            .module
                            .functions
                            .iter()
                            .find(|g| g.def.as_ref().and_then(|d| d.result_id) == Some(callee_id))
                            .ok_or_else(|| format!("call of unknown function %{callee_id}"))?;
                        let mut call_args = Vec::new();
                        for i in 1..inst.operands.len() {
                            call_args.push(self.slot(&env, id(inst, i)?)?);
                        }
                        let cont = self.new_block();
                        let result = match inst.result_id {
                            Some(r)
                                if self
                                    .m
                                    .types
                                    .get(inst.result_type.unwrap_or(0))
                                    .is_ok_and(|t| t.slots > 0) =>
                            {
                                Some(env.vals[&r])
                            }
                            _ => None,
                        };
                        let callee_entry =
                            self.function(callee, &call_args, Some((result, cont)))?;
                        self.blocks[cur as usize] = Some(Block {
                            insts: std::mem::take(&mut insts),
                            term: Term::Branch(Edge::new(callee_entry, vec![])),
                        });
                        cur = cont;
                        continue;
                    }
                    Op::Branch => Term::Branch(self.edge(&env, &by_label, label, id(inst, 0)?)?),
                    Op::BranchConditional => Term::Cond {
                        cond: self.slot(&env, id(inst, 0)?)?,
                        then: self.edge(&env, &by_label, label, id(inst, 1)?)?,
                        other: self.edge(&env, &by_label, label, id(inst, 2)?)?,
                    },
                    Op::Switch => {
                        let sel_id = id(inst, 0)?;
                        let (scalar, _) = self.m.components(self.type_of(&env, sel_id)?)?;
                        let sel = self.slot(&env, sel_id)?;
                        let default = self.edge(&env, &by_label, label, id(inst, 1)?)?;
                        let mut cases = Vec::new();
                        let mut i = 2;
                        while i + 1 < inst.operands.len() {
                            let value = lit(inst, i)? & scalar.mask();
                            cases.push((
                                value,
                                self.edge(&env, &by_label, label, id(inst, i + 1)?)?,
                            ));
                            i += 2;
                        }
                        Term::Switch {
                            sel,
                            mask: scalar.mask(),
                            default,
                            cases,
                        }
                    }
                    Op::Return | Op::ReturnValue => match ret {
                        None => Term::Return,
                        Some((result, cont)) => {
                            let mut copies = Vec::new();
                            if let (Op::ReturnValue, Some(dst)) = (op, result) {
                                let v = id(inst, 0)?;
                                let n = self.m.types.get(self.type_of(&env, v)?)?.slots;
                                copies.push(EdgeCopy {
                                    dst,
                                    src: self.slot(&env, v)?,
                                    n,
                                });
                            }
                            Term::Branch(Edge::new(cont, copies))
                        }
                    },
                    Op::Unreachable => Term::Unreachable,
                    Op::Phi
                    | Op::LoopMerge
                    | Op::SelectionMerge
                    | Op::Line
                    | Op::NoLine
                    | Op::Nop
                    | Op::LifetimeStart
                    | Op::LifetimeStop
                    | Op::Variable
                    | Op::ControlBarrier
                    | Op::MemoryBarrier => continue,
                    _ if inst.result_id.is_some_and(|r| env.folded.contains_key(&r)) => continue,
                    _ if self.hoistable(&env, inst) => {
                        if let Some((e, slots)) = self.own_slot(&mut env, &temps, inst)? {
                            self.hoisted.push(e);
                            self.stable.extend(slots.clone());
                            self.uniform.extend(slots);
                        }
                        continue;
                    }
                    _ if self.row_hoistable(&env, inst)? => {
                        if let Some((e, slots)) = self.own_slot(&mut env, &temps, inst)? {
                            self.row_hoisted.push(e);
                            self.row_invariant.extend(slots);
                        }
                        continue;
                    }
                    _ if self.index_add(&env, &uses, &block.instructions, i)? => {
                        // Lowered by the access chain that follows: no row of its own.
                        let scalar = self.m.components(inst.result_type.unwrap_or(0))?.0;
                        env.index_add = Some(IndexAdd {
                            id: inst.result_id.unwrap_or(0),
                            a: self.operand(&env, inst, 0)?,
                            b: self.operand(&env, inst, 1)?,
                            kb: self.uniform_arg(&env, inst, 1, 1),
                            scalar,
                        });
                        deferred = Some((inst, (b, i)));
                        continue;
                    }
                    _ => {
                        let temp = match inst.result_id {
                            Some(r) if temps.contains_key(&r) => {
                                let n = self.m.types.get(inst.result_type.unwrap_or(0))?.slots;
                                let slot = self.free.take(n).unwrap_or_else(|| self.alloc(n));
                                env.vals.insert(r, slot);
                                Some((r, slot, n))
                            }
                            _ => None,
                        };
                        env.access_next = crate::interp::lower_hoist::accessed_next(
                            &uses,
                            &block.instructions,
                            i,
                        );
                        let e = self.instruction(&mut env, inst).map_err(|e| {
                            format!("Op{op:?} (%{}): {e}", inst.result_id.unwrap_or(0))
                        })?;
                        env.access_next = false;
                        if let Some((r, slot, n)) = temp {
                            if env.vals.get(&r) != Some(&slot) {
                                // It names another slot (a constant's, say).
                                self.free.give(slot, n);
                            } else if e.is_none() {
                                // Never written: a slot of its own, zero like the others.
                                self.free.give(slot, n);
                                let own = self.alloc(n);
                                env.vals.insert(r, own);
                            } else {
                                owned.insert(r, (slot, n));
                            }
                        }
                        if let Some(e) = e {
                            insts.push(e);
                        }
                        if let Some(add) = env.index_add.take() {
                            return Err(format!("internal: the index %{} was not lowered", add.id));
                        }
                        self.free_dead(&temps, &mut owned, &env.folded, inst, (b, i));
                        if let Some((add, at)) = deferred.take() {
                            self.free_dead(&temps, &mut owned, &env.folded, add, at);
                        }
                        continue;
                    }
                };
                self.blocks[cur as usize] = Some(Block {
                    insts: std::mem::take(&mut insts),
                    term,
                });
            }
        }
        self.depth -= 1;
        Ok(entry)
    }

    /// Gives back the slots of the temporaries (in `owned`) whose last use is `inst`, at
    /// `at` (block, position): its operands, and its own result if unused.
    fn free_dead(
        &mut self,
        temps: &HashMap<Word, (usize, usize)>,
        owned: &mut HashMap<Word, (usize, usize)>,
        folded: &HashMap<Word, Word>,
        inst: &Instruction,
        at: (usize, usize),
    ) {
        let operands = inst.operands.iter().filter_map(|o| match o {
            Operand::IdRef(v) => Some(*folded.get(v).unwrap_or(v)),
            _ => None,
        });
        for v in operands.chain(inst.result_id) {
            if temps.get(&v) != Some(&at) {
                continue;
            }
            // `remove`: an operand named twice is given back once.
            if let Some((slot, n)) = owned.remove(&v) {
                if !self.is_stable(slot, n) {
                    self.free.give(slot, n);
                }
            }
        }
    }

    /// The sign extensions of `f` to lower as part of the access chains that use them (every
    /// use an index): plain `OpSConvert` (not saturating) of an integer scalar to one at least
    /// as wide, so that sign-extending the source is the same index.
    fn index_conversions(&self, f: &Function) -> Result<HashMap<Word, Word>, String> {
        let types: HashMap<Word, Word> = f
            .parameters
            .iter()
            .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            .filter_map(|i| Some((i.result_id?, i.result_type?)))
            .collect();
        let int = |ty: Option<&Word>| -> Result<Option<u32>, String> {
            let Some(ty) = ty else { return Ok(None) };
            let (s, n) = self.m.components(*ty)?;
            Ok((n == 1 && !s.is_float() && s != crate::value::Scalar::Bool).then(|| s.bits()))
        };
        let mut folded = HashMap::new();
        for (conv, src) in crate::interp::temps::index_conversions(f) {
            if self
                .m
                .decoration(conv, Decoration::SaturatedConversion)
                .is_some()
            {
                continue;
            }
            let from = int(types.get(&src).or_else(|| self.m.value_types.get(&src)))?;
            let to = int(types.get(&conv))?;
            if let (Some(from), Some(to)) = (from, to) {
                if to >= from {
                    folded.insert(conv, src);
                }
            }
        }
        Ok(folded)
    }

    /// The edge from block `from` to block `to` with the copies of `to`'s OpPhi instructions.
    fn edge(
        &mut self,
        env: &Env,
        by_label: &HashMap<Word, &rspirv::dr::Block>,
        from: Word,
        to: Word,
    ) -> Result<Edge, String> {
        let target = *env
            .labels
            .get(&to)
            .ok_or_else(|| format!("branch to unknown label %{to}"))?;
        let mut copies = Vec::new();
        if let Some(block) = by_label.get(&to) {
            for phi in block
                .instructions
                .iter()
                .take_while(|i| matches!(i.class.opcode, Op::Phi | Op::Line | Op::NoLine))
            {
                if phi.class.opcode != Op::Phi {
                    continue;
                }
                let dst = env.vals[&phi.result_id.ok_or("phi without id")?];
                let n = self
                    .m
                    .types
                    .get(phi.result_type.ok_or("phi without type")?)?
                    .slots;
                let mut i = 0;
                while i + 1 < phi.operands.len() {
                    if id(phi, i + 1)? == from {
                        copies.push(EdgeCopy {
                            dst,
                            src: self.slot(env, id(phi, i)?)?,
                            n,
                        });
                    }
                    i += 2;
                }
            }
        }
        Ok(Edge::new(target, copies))
    }
}
