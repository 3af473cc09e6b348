//! SPIR-V to the executors' one IR ([`super::ssa`]): every call inlined, every value split
//! into scalars, phis turned into block parameters, barriers ending blocks, the kernel's
//! parameters described; then type-checked ([`super::verify`]).

use super::ssa::{
    Block, BlockId, BuiltinValue, Edge, Func, Inst, Param, ParamKind, Space, Stmt, Term, Val,
};
use crate::front::spirv::{GlobalVar, ModuleData};
use crate::front::types::Shape;
use crate::value::Scalar;
use rspirv::dr::{Function, Instruction, Operand};
use rspirv::spirv::{BuiltIn, Decoration, FunctionParameterAttribute, Op, StorageClass, Word};
use std::collections::HashMap;

/// Kernel `name` (function `f` of `m`) in the one IR, type-checked.
pub(crate) fn kernel_ssa(m: &ModuleData, name: &str, f: &Function) -> Result<Func, String> {
    let params = parameters(m, f)?;
    let (size, required) = subgroup_size(m, f)?;
    let mut func = Front::new(m).kernel(name, f, params)?;
    func.subgroup_size = size;
    func.subgroup_required = required;
    super::verify::check(&func).map_err(|e| format!("ill-typed: {e}"))?;
    Ok(func)
}

/// The sub-group sizes a kernel may require.
pub(crate) const SUBGROUP_SIZES: [u32; 3] = [8, 16, 32];

/// Kernel `f`'s sub-group size, and whether it requires it: its `SubgroupSize` execution
/// mode (OpenCL's `intel_reqd_sub_group_size`, DPC++'s `reqd_sub_group_size`), else
/// [`DEFAULT_SUBGROUP_SIZE`](super::ssa::DEFAULT_SUBGROUP_SIZE).
fn subgroup_size(m: &ModuleData, f: &Function) -> Result<(u32, bool), String> {
    let fid = f.def.as_ref().and_then(|d| d.result_id);
    for mode in &m.module.execution_modes {
        if let [Operand::IdRef(g), Operand::ExecutionMode(rspirv::spirv::ExecutionMode::SubgroupSize), size, ..] =
            mode.operands.as_slice()
        {
            if Some(*g) != fid {
                continue;
            }
            let n = match size {
                Operand::LiteralBit32(n) => Some(*n),
                // `OpExecutionModeId` (its operands are constants).
                Operand::IdRef(c) => m.consts.get(c).and_then(|v| v.first()).map(|v| *v as u32),
                _ => None,
            };
            return match n {
                Some(n) if SUBGROUP_SIZES.contains(&n) => Ok((n, true)),
                Some(n) => Err(format!(
                    "the kernel requires sub-group size {n}; this device has {SUBGROUP_SIZES:?}"
                )),
                None => Err(format!("SubgroupSize execution mode of size {size:?}")),
            };
        }
    }
    Ok((super::ssa::DEFAULT_SUBGROUP_SIZE, false))
}

/// What each parameter of kernel `f` receives.
fn parameters(m: &ModuleData, f: &Function) -> Result<Vec<Param>, String> {
    let mut params = Vec::new();
    for p in &f.parameters {
        let (pid, pty) = (
            p.result_id.ok_or("parameter without id")?,
            p.result_type.ok_or("parameter without type")?,
        );
        let t = m.types.get(pty)?;
        if let Shape::Unsupported(what) = t.shape {
            return Err(format!(
                "parameter {} is of a type of {what} ({what} are not supported by this device)",
                params.len()
            ));
        }
        let byval = m.decorations.get(&pid).is_some_and(|ds| {
            ds.iter().any(|(d, ops)| {
                *d == Decoration::FuncParamAttr
                    && ops.first()
                        == Some(&Operand::FunctionParameterAttribute(
                            FunctionParameterAttribute::ByVal,
                        ))
            })
        });
        let leaves = || ParamKind::Value {
            leaves: t.leaves.clone(),
        };
        let (kind, size, is_pointer) = match t.shape {
            Shape::Pointer(StorageClass::Workgroup, _) => (ParamKind::Local, 8, true),
            Shape::Pointer(_, pointee) if byval => {
                let pt = m.types.get(pointee)?;
                let (size, align) = (pt.size, pt.align);
                (ParamKind::ByVal { size, align }, size, false)
            }
            Shape::Pointer(..) => (leaves(), 8, true),
            _ => (leaves(), t.size, false),
        };
        params.push(Param {
            size,
            kind,
            is_pointer,
            is_sampler: m.types.is_sampler(pty),
        });
    }
    Ok(params)
}

/// A SPIR-V built-in as the executors fill it.
pub(crate) fn builtin_value(b: BuiltIn) -> Result<BuiltinValue, String> {
    Ok(match b {
        BuiltIn::GlobalInvocationId => BuiltinValue::GlobalId,
        BuiltIn::LocalInvocationId => BuiltinValue::LocalId,
        BuiltIn::WorkgroupId => BuiltinValue::GroupId,
        BuiltIn::NumWorkgroups => BuiltinValue::NumGroups,
        BuiltIn::WorkgroupSize => BuiltinValue::LocalSize,
        BuiltIn::GlobalSize => BuiltinValue::GlobalSize,
        BuiltIn::GlobalOffset => BuiltinValue::GlobalOffset,
        BuiltIn::EnqueuedWorkgroupSize => BuiltinValue::EnqueuedLocalSize,
        BuiltIn::WorkDim => BuiltinValue::WorkDim,
        BuiltIn::GlobalLinearId => BuiltinValue::GlobalLinearId,
        BuiltIn::LocalInvocationIndex => BuiltinValue::LocalLinearId,
        BuiltIn::SubgroupSize => BuiltinValue::SubgroupSize,
        BuiltIn::SubgroupMaxSize => BuiltinValue::SubgroupMaxSize,
        BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups => BuiltinValue::NumSubgroups,
        BuiltIn::SubgroupId => BuiltinValue::SubgroupId,
        BuiltIn::SubgroupLocalInvocationId => BuiltinValue::SubgroupLocalId,
        other => return Err(format!("built-in {other:?} is not supported")),
    })
}

/// Per inlined instance of a function: the values of its ids, their types, its labels.
#[derive(Default)]
pub(super) struct Env {
    pub vals: HashMap<Word, Vec<Val>>,
    pub types: HashMap<Word, Word>,
    pub labels: HashMap<Word, BlockId>,
    /// Block parameters of each label (its phis, flattened).
    pub params: HashMap<Word, Vec<(Word, usize)>>,
}

pub(super) fn id(inst: &Instruction, i: usize) -> Result<Word, String> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(w)) => Ok(*w),
        other => Err(format!(
            "Op{:?}: operand {i} is not an id ({other:?})",
            inst.class.opcode
        )),
    }
}

pub(super) fn lit(inst: &Instruction, i: usize) -> Result<u64, String> {
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

/// Builds a [`Func`].
pub(super) struct Front<'m> {
    pub m: &'m ModuleData,
    pub blocks: Vec<Option<Block>>,
    pub types: Vec<Scalar>,
    /// Statements of the entry block (constants, parameters, built-ins, variable addresses):
    /// they dominate everything.
    prologue: Vec<Stmt>,
    consts: HashMap<Word, Vec<Val>>,
    builtins: HashMap<(BuiltinValue, u8), Val>,
    /// Pointers into a built-in variable made by access chains with constant indices (as
    /// DPC++ reads its `CrossWorkgroup` built-ins): the built-in and the component, or the
    /// whole built-in. Only loads read through them.
    pub builtin_ptrs: HashMap<Word, (rspirv::spirv::BuiltIn, Option<usize>)>,
    /// Kernel-scope `__local` variables used, at their offsets (laid out as met).
    local_vars: HashMap<Word, Val>,
    pub local_static: usize,
    pub private_size: usize,
    /// Whether a sub-group barrier was met (see [`Func::subgroup_barriers`]).
    subgroup_barriers: bool,
    depth: usize,
    /// Instructions of the inlined function instances so far.
    inlined: usize,
    /// The statements of the block being built.
    pub cur: Vec<Stmt>,
}

/// The most instructions a kernel may have once every call is inlined.
const MAX_INLINED: usize = 1 << 17;

impl<'m> Front<'m> {
    pub fn new(m: &'m ModuleData) -> Self {
        Front {
            m,
            // Block 0: the prologue, filled at the end.
            blocks: vec![None],
            types: Vec::new(),
            prologue: Vec::new(),
            consts: HashMap::new(),
            builtins: HashMap::new(),
            builtin_ptrs: HashMap::new(),
            local_vars: HashMap::new(),
            local_static: 0,
            private_size: 0,
            subgroup_barriers: false,
            depth: 0,
            inlined: 0,
            cur: Vec::new(),
        }
    }

    pub fn new_val(&mut self, s: Scalar) -> Val {
        self.types.push(s);
        (self.types.len() - 1) as Val
    }

    fn new_block(&mut self) -> BlockId {
        self.blocks.push(None);
        (self.blocks.len() - 1) as BlockId
    }

    /// Appends `inst` (defining a new value of type `s`) to the current block.
    pub fn emit(&mut self, s: Scalar, inst: Inst) -> Val {
        let v = self.new_val(s);
        self.cur.push(Stmt {
            result: Some(v),
            inst,
        });
        v
    }

    /// Defines the existing value `v` by `inst` in the current block.
    pub fn define(&mut self, v: Val, inst: Inst) {
        self.cur.push(Stmt {
            result: Some(v),
            inst,
        });
    }

    /// Appends a statement without result.
    pub fn effect(&mut self, inst: Inst) {
        self.cur.push(Stmt { result: None, inst });
    }

    fn prologue_val(&mut self, s: Scalar, inst: Inst) -> Val {
        let v = self.new_val(s);
        self.prologue.push(Stmt {
            result: Some(v),
            inst,
        });
        v
    }

    /// The scalar types of a value of SPIR-V type `ty`.
    pub fn leaves(&self, ty: Word) -> Result<Vec<Scalar>, String> {
        Ok(self
            .m
            .types
            .get(ty)?
            .leaves
            .iter()
            .map(|l| l.scalar)
            .collect())
    }

    pub fn type_of(&self, env: &Env, v: Word) -> Result<Word, String> {
        env.types
            .get(&v)
            .or_else(|| self.m.value_types.get(&v))
            .copied()
            .ok_or_else(|| format!("no type for %{v}"))
    }

    /// The scalar values of id `v`: a local value, a constant, a global variable's address.
    pub fn vals(&mut self, env: &Env, v: Word) -> Result<Vec<Val>, String> {
        if let Some(vs) = env.vals.get(&v) {
            return Ok(vs.clone());
        }
        if let Some(vs) = self.consts.get(&v) {
            return Ok(vs.clone());
        }
        if let Some(values) = self.m.consts.get(&v) {
            let ty = self.type_of(env, v)?;
            let leaves = self.leaves(ty)?;
            let vs: Vec<Val> = values
                .iter()
                .enumerate()
                .map(|(i, x)| {
                    let s = leaves.get(i).copied().unwrap_or(Scalar::I64);
                    self.prologue_val(s, Inst::Const(*x))
                })
                .collect();
            self.consts.insert(v, vs.clone());
            return Ok(vs);
        }
        match self.m.globals.get(&v) {
            Some(GlobalVar::Memory(addr)) => {
                let c = self.prologue_val(Scalar::I64, Inst::Const(*addr as u64));
                self.consts.insert(v, vec![c]);
                Ok(vec![c])
            }
            Some(GlobalVar::Local) => {
                if let Some(&c) = self.local_vars.get(&v) {
                    return Ok(vec![c]);
                }
                let ty = self.type_of(env, v)?;
                let Shape::Pointer(_, pointee) = self.m.types.get(ty)?.shape else {
                    return Err(format!("__local variable %{v} is not a pointer"));
                };
                let t = self.m.types.get(pointee)?;
                let off = self.local_static.next_multiple_of(t.align.max(1));
                self.local_static = off + t.size;
                let c = self.prologue_val(Scalar::I64, Inst::LocalVar(off));
                self.local_vars.insert(v, c);
                Ok(vec![c])
            }
            Some(GlobalVar::Builtin(b)) => {
                Err(format!("built-in variable {b:?} used other than by OpLoad"))
            }
            None => Err(format!("unknown id %{v}")),
        }
    }

    /// Whether `OpControlBarrier` `inst` has an execution scope narrower than the work-group
    /// (`Subgroup`, `Invocation`).
    fn narrow_barrier(&self, inst: &Instruction) -> bool {
        matches!(self.constant_operand(inst, 0), Ok(3 | 4))
    }

    /// Stores function-scope variable `inst`'s initializer into it.
    fn initialize(&mut self, env: &Env, inst: &Instruction) -> Result<(), String> {
        let rid = inst.result_id.ok_or("variable without id")?;
        let ptr = self.val(env, rid)?;
        let rt = inst.result_type.ok_or("variable without type")?;
        let Shape::Pointer(_, pointee) = self.m.types.get(rt)?.shape else {
            return Err("OpVariable of non-pointer type".into());
        };
        let values = self.vals(env, id(inst, 1)?)?;
        let leaves = self.m.types.get(pointee)?.leaves.clone();
        if values.len() != leaves.len() {
            return Err("the initializer's type is not the variable's".into());
        }
        for (leaf, value) in leaves.iter().zip(values) {
            self.effect(Inst::Store {
                ptr,
                offset: leaf.offset as i64,
                value,
                space: Space::Private,
            });
        }
        Ok(())
    }

    /// One value (the first component) of id `v`.
    pub fn val(&mut self, env: &Env, v: Word) -> Result<Val, String> {
        self.vals(env, v)?
            .first()
            .copied()
            .ok_or_else(|| format!("%{v} has no value"))
    }

    /// The components of built-in `b` (loaded once, in the prologue).
    pub fn builtin(&mut self, b: rspirv::spirv::BuiltIn) -> Result<Vec<Val>, String> {
        let which = builtin_value(b)?;
        Ok((0..which.components() as u8)
            .map(|d| {
                if let Some(&v) = self.builtins.get(&(which, d)) {
                    return v;
                }
                let v = self.prologue_val(Scalar::I64, Inst::Builtin(which, d));
                self.builtins.insert((which, d), v);
                v
            })
            .collect())
    }

    /// Ends the current block (`b`) with `term`.
    pub fn finish_block(&mut self, b: BlockId, params: Vec<Val>, term: Term) {
        let stmts = std::mem::take(&mut self.cur);
        self.blocks[b as usize] = Some(Block {
            params,
            stmts,
            term,
        });
    }

    /// Builds the kernel `f` whose parameters are `params`.
    fn kernel(mut self, name: &str, f: &Function, params: Vec<Param>) -> Result<Func, String> {
        let mut args = Vec::new();
        for (i, info) in params.iter().enumerate() {
            let vals = match &info.kind {
                ParamKind::Value { leaves } => leaves
                    .iter()
                    .enumerate()
                    .map(|(leaf, l)| self.prologue_val(l.scalar, Inst::Param { param: i, leaf }))
                    .collect(),
                _ => vec![self.prologue_val(Scalar::I64, Inst::ParamAddr { param: i })],
            };
            args.push(vals);
        }
        let entry = self.function(f, &args, None)?;
        let prologue = std::mem::take(&mut self.prologue);
        self.blocks[0] = Some(Block {
            params: vec![],
            stmts: prologue,
            term: Term::Jump(Edge {
                target: entry,
                args: vec![],
            }),
        });
        let mut blocks = self
            .blocks
            .into_iter()
            .map(|b| b.ok_or("a block was never completed"))
            .collect::<Result<Vec<_>, _>>()?;
        // Values nothing uses (the other components of a built-in, copies of them, ...), until
        // none is left: computing them would cost every work-item of every region.
        loop {
            let mut used = vec![false; self.types.len()];
            for b in &blocks {
                for st in &b.stmts {
                    super::ssa::uses(st)
                        .into_iter()
                        .for_each(|u| used[u as usize] = true);
                }
                for e in super::ssa::edges(&b.term) {
                    e.args.iter().for_each(|a| used[*a as usize] = true);
                }
                match &b.term {
                    Term::Branch { cond: v, .. } | Term::Switch { sel: v, .. } => {
                        used[*v as usize] = true
                    }
                    _ => {}
                }
            }
            let mut removed = false;
            for b in &mut blocks {
                let before = b.stmts.len();
                b.stmts.retain(|st| {
                    !removable(&st.inst) || st.result.is_none_or(|r| used[r as usize])
                });
                removed |= b.stmts.len() != before;
            }
            if !removed {
                break;
            }
        }
        Ok(Func {
            name: name.to_string(),
            blocks,
            types: self.types,
            private_size: self.private_size,
            params,
            local_static: self.local_static,
            subgroup_size: super::ssa::DEFAULT_SUBGROUP_SIZE,
            subgroup_required: false,
            subgroup_barriers: self.subgroup_barriers,
            group_size: None,
        })
    }

    /// Inlines one instance of `f` with arguments `args`; returns its entry block. `ret`: the
    /// continuation block (whose parameters receive the returned value), None for the kernel.
    fn function(
        &mut self,
        f: &Function,
        args: &[Vec<Val>],
        ret: Option<BlockId>,
    ) -> Result<BlockId, String> {
        self.depth += 1;
        if self.depth > 64 {
            return Err("call depth exceeds 64 (recursion is not allowed in OpenCL C)".into());
        }
        // Inlining can grow a kernel exponentially (a call bomb): bounded before it runs away.
        self.inlined += 1 + f.blocks.iter().map(|b| b.instructions.len()).sum::<usize>();
        if self.inlined > MAX_INLINED {
            return Err(format!(
                "more than {MAX_INLINED} instructions after inlining every call"
            ));
        }
        let mut env = Env::default();
        for (p, a) in f.parameters.iter().zip(args) {
            let pid = p.result_id.ok_or("parameter without id")?;
            env.vals.insert(pid, a.clone());
            env.types
                .insert(pid, p.result_type.ok_or("parameter without type")?);
        }
        // Every result id gets its values up front: SPIR-V refers forward (phis, blocks
        // placed before their dominators).
        for block in &f.blocks {
            for inst in &block.instructions {
                let (Some(rid), Some(rt)) = (inst.result_id, inst.result_type) else {
                    continue;
                };
                env.types.insert(rid, rt);
                let vals: Vec<Val> = if inst.class.opcode == Op::Variable {
                    let Shape::Pointer(_, pointee) = self.m.types.get(rt)?.shape.clone() else {
                        return Err("OpVariable of non-pointer type".into());
                    };
                    let t = self.m.types.get(pointee)?;
                    let off = self.private_size.next_multiple_of(t.align.max(1));
                    self.private_size = off + t.size.max(1);
                    vec![self.prologue_val(Scalar::I64, Inst::PrivateVar(off))]
                } else {
                    let leaves = self.leaves(rt)?;
                    leaves.into_iter().map(|s| self.new_val(s)).collect()
                };
                env.vals.insert(rid, vals);
            }
        }
        for block in &f.blocks {
            let label = label_of(block)?;
            let b = self.new_block();
            env.labels.insert(label, b);
            let mut params = Vec::new();
            for phi in block
                .instructions
                .iter()
                .filter(|i| i.class.opcode == Op::Phi)
            {
                let rid = phi.result_id.ok_or("phi without id")?;
                params.extend(env.vals[&rid].iter().enumerate().map(|(k, _)| (rid, k)));
            }
            env.params.insert(label, params);
        }
        let first = f.blocks.first().ok_or("function without blocks")?;
        let entry = env.labels[&label_of(first)?];
        let by_label: HashMap<Word, &rspirv::dr::Block> = f
            .blocks
            .iter()
            .filter_map(|b| label_of(b).ok().map(|l| (l, b)))
            .collect();
        for block in &f.blocks {
            let label = label_of(block)?;
            let mut cur = env.labels[&label];
            let mut params: Vec<Val> = env.params[&label]
                .iter()
                .map(|(rid, k)| env.vals[rid][*k])
                .collect();
            self.cur.clear();
            for inst in &block.instructions {
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
                        let intrinsic = self
                            .m
                            .names
                            .get(&callee_id)
                            .filter(|n| Self::is_llvm_intrinsic(n));
                        if let (true, Some(name)) = (callee.blocks.is_empty(), intrinsic) {
                            let name = name.clone();
                            self.llvm_intrinsic(&env, inst, &name)
                                .map_err(|e| format!("{name}: {e}"))?;
                            continue;
                        }
                        if callee.blocks.is_empty() {
                            let name = self.m.names.get(&callee_id);
                            return Err(format!(
                                "calls {}, which the module imports: link it with the module \
                                 that exports it",
                                name.map_or(format!("%{callee_id}"), String::clone)
                            ));
                        }
                        let mut call_args = Vec::new();
                        for i in 1..inst.operands.len() {
                            call_args.push(self.vals(&env, id(inst, i)?)?);
                        }
                        let cont = self.new_block();
                        // The callee's blocks are built with their own statements.
                        let pending = std::mem::take(&mut self.cur);
                        let callee_entry = self.function(callee, &call_args, Some(cont))?;
                        self.cur = pending;
                        self.finish_block(
                            cur,
                            std::mem::take(&mut params),
                            Term::Jump(Edge {
                                target: callee_entry,
                                args: vec![],
                            }),
                        );
                        cur = cont;
                        // The continuation receives the result as its parameters.
                        params = inst
                            .result_id
                            .and_then(|r| env.vals.get(&r).cloned())
                            .unwrap_or_default();
                        continue;
                    }
                    Op::Branch => Term::Jump(self.edge(&env, &by_label, label, id(inst, 0)?)?),
                    Op::BranchConditional => Term::Branch {
                        cond: self.val(&env, id(inst, 0)?)?,
                        then: self.edge(&env, &by_label, label, id(inst, 1)?)?,
                        other: self.edge(&env, &by_label, label, id(inst, 2)?)?,
                    },
                    Op::Switch => {
                        let sel_id = id(inst, 0)?;
                        let (scalar, _) = self.m.components(self.type_of(&env, sel_id)?)?;
                        let sel = self.val(&env, sel_id)?;
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
                            default,
                            cases,
                        }
                    }
                    Op::Return | Op::ReturnValue => match ret {
                        None => Term::Return,
                        Some(cont) => {
                            let args = if op == Op::ReturnValue {
                                self.vals(&env, id(inst, 0)?)?
                            } else {
                                vec![]
                            };
                            Term::Jump(Edge { target: cont, args })
                        }
                    },
                    Op::Unreachable => Term::Unreachable,
                    // A sub-group barrier (execution scope `Subgroup`, as SYCL's sub-group
                    // loads and stores write): the interpreter runs a group's lanes in
                    // lockstep, the compiler each work-item's region in order; only a
                    // work-group barrier ends a region.
                    Op::ControlBarrier if self.narrow_barrier(inst) => {
                        self.subgroup_barriers = true;
                        continue;
                    }
                    Op::GroupAsyncCopy => {
                        self.async_copy(&env, inst)
                            .map_err(|e| format!("OpGroupAsyncCopy: {e}"))?;
                        continue;
                    }
                    // Every copy is done when it is issued: waiting for copies is the work-group
                    // barrier that makes the copying work-item's writes everyone's.
                    Op::ControlBarrier | Op::GroupWaitEvents => {
                        if op == Op::GroupWaitEvents {
                            self.workgroup_scope(inst, "OpGroupWaitEvents")?;
                        }
                        let next = self.new_block();
                        self.finish_block(cur, std::mem::take(&mut params), Term::Barrier { next });
                        cur = next;
                        continue;
                    }
                    Op::Phi
                    | Op::LoopMerge
                    | Op::SelectionMerge
                    | Op::Line
                    | Op::NoLine
                    | Op::Nop
                    | Op::AssumeTrueKHR
                    | Op::LifetimeStart
                    | Op::LifetimeStop
                    | Op::MemoryBarrier => continue,
                    // A variable with an initializer takes its value each time the function
                    // is entered (its block is the function's first).
                    Op::Variable => {
                        if inst.operands.len() > 1 {
                            self.initialize(&env, inst).map_err(|e| {
                                format!("OpVariable (%{}): {e}", inst.result_id.unwrap_or(0))
                            })?;
                        }
                        continue;
                    }
                    _ => {
                        self.instruction(&mut env, inst).map_err(|e| {
                            format!("Op{op:?} (%{}): {e}", inst.result_id.unwrap_or(0))
                        })?;
                        continue;
                    }
                };
                self.finish_block(cur, std::mem::take(&mut params), term);
            }
        }
        self.depth -= 1;
        Ok(entry)
    }

    /// The edge from block `from` to block `to`, passing the values of `to`'s phis.
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
        let mut args = Vec::new();
        if let Some(block) = by_label.get(&to) {
            for phi in block
                .instructions
                .iter()
                .filter(|i| i.class.opcode == Op::Phi)
            {
                let n = env.vals[&phi.result_id.ok_or("phi without id")?].len();
                let mut found = None;
                let mut i = 0;
                while i + 1 < phi.operands.len() {
                    if id(phi, i + 1)? == from {
                        found = Some(id(phi, i)?);
                        break;
                    }
                    i += 2;
                }
                match found {
                    Some(v) => args.extend(self.vals(env, v)?),
                    None => {
                        // The phi names no value for this edge (undefined): zeros.
                        let types: Vec<Scalar> = env.vals[&phi.result_id.unwrap_or(0)]
                            .iter()
                            .map(|v| self.types[*v as usize])
                            .collect();
                        for s in types.into_iter().take(n) {
                            let z = self.prologue_val(s, Inst::Const(0));
                            args.push(z);
                        }
                    }
                }
            }
        }
        Ok(Edge { target, args })
    }

    /// The storage class a pointer of SPIR-V type `ty` points into.
    pub fn space_of(&self, ty: Word) -> super::ssa::Space {
        match self.m.types.get(ty).map(|t| &t.shape) {
            Ok(Shape::Pointer(StorageClass::Function, _)) => super::ssa::Space::Private,
            Ok(Shape::Pointer(StorageClass::Workgroup, _)) => super::ssa::Space::Local,
            _ => super::ssa::Space::Other,
        }
    }
}

fn label_of(b: &rspirv::dr::Block) -> Result<Word, String> {
    b.label
        .as_ref()
        .and_then(|l| l.result_id)
        .ok_or_else(|| "block without label".to_string())
}

/// Whether a statement whose value nothing uses can go: it has no effect and cannot fault
/// (divisions stay, as the interpreter may report them).
fn removable(i: &Inst) -> bool {
    use super::ssa::Bin;
    match i {
        Inst::Const(_)
        | Inst::Copy(_)
        | Inst::Param { .. }
        | Inst::ParamAddr { .. }
        | Inst::Builtin(..)
        | Inst::LocalVar(_)
        | Inst::PrivateVar(_)
        | Inst::Un(..)
        | Inst::Fma(..)
        | Inst::Select(..)
        | Inst::Conv(..) => true,
        Inst::Bin(op, ..) => !matches!(
            op,
            Bin::UDiv | Bin::SDiv | Bin::URem | Bin::SRem | Bin::SMod | Bin::FRem | Bin::FMod
        ),
        _ => false,
    }
}
