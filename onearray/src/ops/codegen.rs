//! SPIR-V generation for element-wise kernels (rspirv's builder, SPIR-V 1.0, OpenCL
//! environment: Kernel capability, Physical64 addressing, `OpenCL.std` for math).
//!
//! The kernel of a [`Spec`] is
//! `kernel void onearray_map(global OUT *out, <inputs...>, ulong n)`: work-item `i < n`
//! computes the expression for element `i` and stores it in `out[i]`. Array inputs are
//! `const` (`NoWrite`) pointers, scalars are values in their compute type. The swap kernel
//! of [`blas::swap`](super::blas::swap) is written here too; the reduction kernel, with
//! [`Gen`], in `reduce_kernel`.

use super::expr::{BinOp, CmpOp, Node, UnOp};
use super::spec::{Spec, MAP_KERNEL, SWAP_KERNEL};
use super::Ty;
use rspirv::dr::{self, Builder, Operand};
use rspirv::spirv::{
    AddressingModel, BuiltIn, Capability, Decoration, ExecutionModel, FunctionControl,
    FunctionParameterAttribute, MemoryAccess, MemoryModel, OpenclStd100Op as Cl, StorageClass,
    Word,
};
use std::collections::HashMap;

type R = Result<Word, dr::Error>;

/// Builds the element-wise kernel of `spec`.
/// Builder errors (a block not open) would be bugs of this module; they are returned, not
/// panicked on.
pub(super) fn map_kernel(spec: &Spec) -> Result<Vec<u32>, dr::Error> {
    let mut g = Gen::new(&spec.types());
    let ulong = g.ty(Ty::U64);
    let (f, params, _) = g.begin_kernel(spec, &[ulong])?;
    let i = g.load_x(g.gid)?;
    let n = params[1 + spec.inputs.len()];
    let body = g.b.id();
    let end = g.b.id();
    let t_bool = g.ty(Ty::Bool);
    let inside = g.b.u_less_than(t_bool, None, i, n)?;
    g.b.branch_conditional(inside, body, end, [])?;
    g.b.begin_block(Some(body))?;
    let mut ctx = Body::new(&params, i, spec.out);
    let v = g.node(&mut ctx, &spec.node)?;
    let v = g.convert(v, spec.node.ty(), spec.out)?;
    g.store(params[0], spec.out, i, v)?;
    g.b.branch(end)?;
    g.b.begin_block(Some(end))?;
    g.b.ret()?;
    g.b.end_function()?;
    g.b.entry_point(ExecutionModel::Kernel, f, MAP_KERNEL, [g.gid]);
    Ok(rspirv::binary::Assemble::assemble(&g.b.module()))
}

/// Builds `void onearray_swap(global U *x, global U *y, ulong n)` (`U` = `spec.out`).
pub(super) fn swap_kernel(spec: &Spec) -> Result<Vec<u32>, dr::Error> {
    let ty = spec.out;
    let mut g = Gen::new(&[ty]);
    let (ptr, ulong, boolt) = (g.ptr(ty), g.ty(Ty::U64), g.ty(Ty::Bool));
    let void = g.b.type_void();
    let fn_ty = g.b.type_function(void, [ptr, ptr, ulong]);
    let f =
        g.b.begin_function(void, None, rspirv::spirv::FunctionControl::NONE, fn_ty)?;
    let (x, y, n) = (
        g.b.function_parameter(ptr)?,
        g.b.function_parameter(ptr)?,
        g.b.function_parameter(ulong)?,
    );
    g.b.begin_block(None)?;
    let i = g.load_x(g.gid)?;
    let (body, end) = (g.b.id(), g.b.id());
    let inside = g.b.u_less_than(boolt, None, i, n)?;
    g.b.branch_conditional(inside, body, end, [])?;
    g.b.begin_block(Some(body))?;
    let a = g.load(x, ty, i)?;
    let b = g.load(y, ty, i)?;
    g.store(x, ty, i, b)?;
    g.store(y, ty, i, a)?;
    g.b.branch(end)?;
    g.b.begin_block(Some(end))?;
    g.b.ret()?;
    g.b.end_function()?;
    g.b.entry_point(ExecutionModel::Kernel, f, SWAP_KERNEL, [g.gid]);
    Ok(rspirv::binary::Assemble::assemble(&g.b.module()))
}

/// Per-kernel state of the body being generated.
pub(super) struct Body<'p> {
    params: &'p [Word],
    i: Word,
    /// Array argument → its loaded element (each array is loaded once).
    loaded: HashMap<u16, Word>,
    out: Ty,
}

impl<'p> Body<'p> {
    /// The body computing element `i`, with the kernel's parameters (`params[0]` the
    /// output, then the expression's inputs).
    pub(super) fn new(params: &'p [Word], i: Word, out: Ty) -> Self {
        Body {
            params,
            i,
            loaded: HashMap::new(),
            out,
        }
    }
}

pub(super) struct Gen {
    pub(super) b: Builder,
    cl: Word,
    /// The `GlobalInvocationId` built-in.
    pub(super) gid: Word,
    /// A private `half` for rounding f32 values to f16 (casts).
    half_tmp: Option<Word>,
}

impl Gen {
    pub(super) fn new(types: &[Ty]) -> Gen {
        let mut b = Builder::new();
        b.set_version(1, 0);
        // Physical64 makes size_t (the work-item id) 64-bit: Int64 is always needed.
        let mut caps = vec![Capability::Addresses, Capability::Kernel, Capability::Int64];
        let has = |f: &dyn Fn(Ty) -> bool| types.iter().any(|&t| f(t));
        if has(&|t| t.bits() == 8) {
            caps.push(Capability::Int8);
        }
        if has(&|t| matches!(t, Ty::I16 | Ty::U16 | Ty::BF16)) {
            caps.push(Capability::Int16);
        }
        // OpenCL 1.2 (without cl_khr_fp16) allows `half` only in memory, through
        // vload_half/vstore_half: that is all `f16` needs, as it is computed in f32.
        if has(&|t| t == Ty::F16) {
            caps.push(Capability::Float16Buffer);
        }
        if has(&|t| t == Ty::F64) {
            caps.push(Capability::Float64);
        }
        for c in caps {
            b.capability(c);
        }
        let cl = b.ext_inst_import("OpenCL.std");
        b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
        let mut g = Gen {
            b,
            cl,
            gid: 0,
            half_tmp: None,
        };
        g.gid = g.builtin(BuiltIn::GlobalInvocationId);
        g
    }

    /// A module-scope `size_t3` built-in variable (call outside functions).
    pub(super) fn builtin(&mut self, which: BuiltIn) -> Word {
        let ulong = self.ty(Ty::U64);
        let v3 = self.b.type_vector(ulong, 3);
        let ptr = self.b.type_pointer(None, StorageClass::Input, v3);
        let var = self.b.variable(ptr, None, StorageClass::Input, None);
        self.b
            .decorate(var, Decoration::BuiltIn, [Operand::BuiltIn(which)]);
        self.b.decorate(var, Decoration::Constant, []);
        var
    }

    /// Declares the kernel `void f(global OUT *out, <inputs...>, <extra...>)` of `spec`
    /// (`extra`: SPIR-V types of the trailing parameters) and opens its first block;
    /// returns the function, its parameters and the block.
    pub(super) fn begin_kernel(
        &mut self,
        spec: &Spec,
        extra: &[Word],
    ) -> Result<(Word, Vec<Word>, Word), dr::Error> {
        let out_ptr = self.ptr(spec.out);
        let mut param_tys = vec![out_ptr];
        for &(array, ty) in &spec.inputs {
            param_tys.push(if array {
                self.ptr(ty)
            } else {
                self.ty(ty.compute())
            });
        }
        param_tys.extend_from_slice(extra);
        let void = self.b.type_void();
        let fn_ty = self.b.type_function(void, param_tys.clone());
        let f = self
            .b
            .begin_function(void, None, FunctionControl::NONE, fn_ty)?;
        let params = param_tys
            .iter()
            .map(|&t| self.b.function_parameter(t))
            .collect::<Result<Vec<Word>, _>>()?;
        for (p, &(array, _)) in params[1..].iter().zip(&spec.inputs) {
            if array {
                self.b.decorate(
                    *p,
                    Decoration::FuncParamAttr,
                    [Operand::FunctionParameterAttribute(
                        FunctionParameterAttribute::NoWrite,
                    )],
                );
            }
        }
        let entry = self.b.begin_block(None)?;
        if spec.types().contains(&Ty::F16) {
            // Function variables open the first block.
            let half = self.ty(Ty::F16);
            let p = self.b.type_pointer(None, StorageClass::Function, half);
            self.half_tmp = Some(self.b.variable(p, None, StorageClass::Function, None));
        }
        Ok((f, params, entry))
    }

    /// The SPIR-V type of `ty` as stored (`bf16` is a 16-bit integer).
    pub(super) fn ty(&mut self, ty: Ty) -> Word {
        match ty {
            Ty::Bool => self.b.type_bool(),
            Ty::F16 => self.b.type_float(16, None),
            Ty::F32 => self.b.type_float(32, None),
            Ty::F64 => self.b.type_float(64, None),
            Ty::BF16 => self.b.type_int(16, 0),
            t => self.b.type_int(t.bits(), 0),
        }
    }

    pub(super) fn ptr(&mut self, ty: Ty) -> Word {
        let t = self.ty(ty);
        self.b.type_pointer(None, StorageClass::CrossWorkgroup, t)
    }

    /// Component 0 of built-in variable `var`.
    pub(super) fn load_x(&mut self, var: Word) -> R {
        Ok({
            let ulong = self.ty(Ty::U64);
            let v3 = self.b.type_vector(ulong, 3);
            let all = self.b.load(
                v3,
                None,
                var,
                Some(MemoryAccess::ALIGNED),
                [Operand::LiteralBit32(32)],
            )?;
            self.b.composite_extract(ulong, None, all, [0])?
        })
    }

    /// A constant of compute type `ty` with value `v` (integers: two's complement bits).
    pub(super) fn constant(&mut self, ty: Ty, v: f64, bits: u64) -> Word {
        let t = self.ty(ty);
        match ty {
            _ if ty.bits() == 64 && !ty.is_float() => self.b.constant_bit64(t, bits),
            Ty::Bool if bits != 0 => self.b.constant_true(t),
            Ty::Bool => self.b.constant_false(t),
            Ty::F32 => self.b.constant_bit32(t, (v as f32).to_bits()),
            Ty::F64 => self.b.constant_bit64(t, v.to_bits()),
            Ty::F16 => self
                .b
                .constant_bit32(t, half::f16::from_f64(v).to_bits() as u32),
            _ => {
                let mask = (1u64 << ty.bits()) - 1;
                self.b.constant_bit32(t, (bits & mask) as u32)
            }
        }
    }

    pub(super) fn int(&mut self, ty: Ty, v: i64) -> Word {
        self.constant(ty, v as f64, v as u64)
    }

    fn element(&mut self, base: Word, ty: Ty, i: Word) -> R {
        Ok({
            let p = self.ptr(ty);
            self.b.in_bounds_ptr_access_chain(p, None, base, i, [])?
        })
    }

    fn ext(&mut self, ty: Ty, op: Cl, args: &[Word]) -> R {
        let t = self.ty(ty);
        self.ext_typed(t, op, args)
    }

    fn ext_typed(&mut self, t: Word, op: Cl, args: &[Word]) -> R {
        let cl = self.cl;
        self.b.ext_inst(
            t,
            None,
            cl,
            op as u32,
            args.iter().map(|&a| Operand::IdRef(a)),
        )
    }

    /// `vstore_half(v, i, base)`: rounds to nearest even.
    fn half_store(&mut self, v: Word, i: Word, base: Word) -> R {
        let void = self.b.type_void();
        self.ext_typed(void, Cl::vstore_half, &[v, i, base])
    }

    /// Stores compute value `v` as element `i` of `base`, rounding to `ty`.
    pub(super) fn store(&mut self, base: Word, ty: Ty, i: Word, v: Word) -> Result<(), dr::Error> {
        if ty == Ty::F16 {
            self.half_store(v, i, base)?;
            return Ok(());
        }
        let stored = self.narrow(v, ty)?;
        let at = self.element(base, ty, i)?;
        let align = [Operand::LiteralBit32(ty.bits() / 8)];
        self.b.store(at, stored, Some(MemoryAccess::ALIGNED), align)
    }

    /// A stored value of `ty` widened to its compute type.
    fn widen(&mut self, v: Word, ty: Ty) -> R {
        Ok({
            let f32t = self.ty(Ty::F32);
            match ty {
                Ty::BF16 => {
                    let u32t = self.ty(Ty::U32);
                    let wide = self.b.u_convert(u32t, None, v)?;
                    let sixteen = self.int(Ty::U32, 16);
                    let bits = self.b.shift_left_logical(u32t, None, wide, sixteen)?;
                    self.b.bitcast(f32t, None, bits)?
                }
                _ => v,
            }
        })
    }

    /// A compute value rounded to `ty`'s storage (round to nearest even; NaN stays NaN).
    fn narrow(&mut self, v: Word, ty: Ty) -> R {
        Ok({
            match ty {
                Ty::BF16 => {
                    let (u32t, u16t, boolt) =
                        (self.ty(Ty::U32), self.ty(Ty::U16), self.ty(Ty::Bool));
                    let bits = self.b.bitcast(u32t, None, v)?;
                    let sixteen = self.int(Ty::U32, 16);
                    let high = self.b.shift_right_logical(u32t, None, bits, sixteen)?;
                    let one = self.int(Ty::U32, 1);
                    let lsb = self.b.bitwise_and(u32t, None, high, one)?;
                    let bias = self.int(Ty::U32, 0x7fff);
                    let up = self.b.i_add(u32t, None, bits, bias)?;
                    let up = self.b.i_add(u32t, None, up, lsb)?;
                    let rounded = self.b.shift_right_logical(u32t, None, up, sixteen)?;
                    let quiet = self.int(Ty::U32, 0x40);
                    let nan = self.b.bitwise_or(u32t, None, high, quiet)?;
                    let is_nan = self.b.is_nan(boolt, None, v)?;
                    let r = self.b.select(u32t, None, is_nan, nan, rounded)?;
                    self.b.u_convert(u16t, None, r)?
                }
                _ => v,
            }
        })
    }

    /// Converts a compute value of `from` to the compute type of `to`, as Rust's `as`.
    pub(super) fn convert(&mut self, v: Word, from: Ty, to: Ty) -> R {
        Ok({
            if from == to {
                return Ok(v);
            }
            let (cf, ct) = (from.compute(), to.compute());
            let t = self.ty(ct);
            let v = if from == Ty::Bool {
                let (one, zero) = (self.constant(ct, 1.0, 1), self.constant(ct, 0.0, 0));
                self.b.select(t, None, v, one, zero)?
            } else if cf.is_float() && ct.is_float() {
                if cf == ct {
                    v
                } else {
                    self.b.f_convert(t, None, v)?
                }
            } else if cf.is_float() {
                // Saturating, NaN → 0: Rust's `as` (OpenCL's convert_*_sat).
                let r = if ct.is_signed() {
                    self.b.convert_f_to_s(t, None, v)
                } else {
                    self.b.convert_f_to_u(t, None, v)
                }?;
                self.b.decorate(r, Decoration::SaturatedConversion, []);
                r
            } else if ct.is_float() {
                if cf.is_signed() {
                    self.b.convert_s_to_f(t, None, v)
                } else {
                    self.b.convert_u_to_f(t, None, v)
                }?
            } else if cf.bits() == ct.bits() {
                v
            } else if cf.is_signed() && ct.bits() > cf.bits() {
                self.b.s_convert(t, None, v)?
            } else {
                self.b.u_convert(t, None, v)?
            };
            // Casts to f16/bf16 round, even though the result is computed on in f32.
            if let (Ty::F16, Some(tmp)) = (to, self.half_tmp) {
                let zero = self.int(Ty::U64, 0);
                self.half_store(v, zero, tmp)?;
                let f32t = self.ty(Ty::F32);
                self.ext_typed(f32t, Cl::vload_half, &[zero, tmp])?
            } else if to == Ty::BF16 {
                let s = self.narrow(v, to)?;
                self.widen(s, to)?
            } else {
                v
            }
        })
    }

    pub(super) fn node(&mut self, cx: &mut Body<'_>, node: &Node) -> R {
        Ok({
            match node {
                &Node::Array { arg, ty } => {
                    if let Some(&v) = cx.loaded.get(&arg) {
                        return Ok(v);
                    }
                    let v = self.load(cx.params[arg as usize + 1], ty, cx.i)?;
                    cx.loaded.insert(arg, v);
                    v
                }
                &Node::Scalar { arg, .. } => cx.params[arg as usize + 1],
                Node::Index => cx.i,
                &Node::Dest(_) => {
                    let (out, ty, i) = (cx.params[0], cx.out, cx.i);
                    self.load(out, ty, i)?
                }
                Node::Unary(op, a) => {
                    let v = self.node(cx, a)?;
                    self.unary(*op, a.ty().compute(), v)?
                }
                Node::Binary(op, a, b) => {
                    let (x, y) = (self.node(cx, a)?, self.node(cx, b)?);
                    self.binary(*op, a.ty().compute(), x, y)?
                }
                Node::Compare(op, a, b) => {
                    let (x, y) = (self.node(cx, a)?, self.node(cx, b)?);
                    self.compare(*op, a.ty().compute(), x, y)?
                }
                Node::Select(c, a, b) => {
                    let (c, x, y) = (self.node(cx, c)?, self.node(cx, a)?, self.node(cx, b)?);
                    let t = self.ty(a.ty().compute());
                    self.b.select(t, None, c, x, y)?
                }
                Node::Cast(to, a) => {
                    let v = self.node(cx, a)?;
                    self.convert(v, a.ty(), *to)?
                }
            }
        })
    }

    pub(super) fn load(&mut self, base: Word, ty: Ty, i: Word) -> R {
        Ok({
            if ty == Ty::F16 {
                let f32t = self.ty(Ty::F32);
                return self.ext_typed(f32t, Cl::vload_half, &[i, base]);
            }
            let at = self.element(base, ty, i)?;
            let t = self.ty(ty);
            let v = self.b.load(
                t,
                None,
                at,
                Some(MemoryAccess::ALIGNED),
                [Operand::LiteralBit32(ty.bits() / 8)],
            )?;
            self.widen(v, ty)?
        })
    }

    fn unary(&mut self, op: UnOp, ty: Ty, v: Word) -> R {
        Ok({
            let t = self.ty(ty);
            let b = &mut self.b;
            let r = match op {
                UnOp::Neg if ty.is_float() => b.f_negate(t, None, v),
                UnOp::Neg => b.s_negate(t, None, v),
                UnOp::Not if ty == Ty::Bool => b.logical_not(t, None, v),
                UnOp::Not => b.not(t, None, v),
                UnOp::Abs if ty.is_float() => return self.ext(ty, Cl::fabs, &[v]),
                UnOp::Abs => return self.ext(ty, Cl::s_abs, &[v]),
                UnOp::Recip => {
                    let one = self.constant(ty, 1.0, 1);
                    self.b.f_div(t, None, one, v)
                }
                UnOp::Sqrt => return self.ext(ty, Cl::sqrt, &[v]),
                UnOp::Exp => return self.ext(ty, Cl::exp, &[v]),
                UnOp::Ln => return self.ext(ty, Cl::log, &[v]),
                UnOp::Log2 => return self.ext(ty, Cl::log2, &[v]),
                UnOp::Log10 => return self.ext(ty, Cl::log10, &[v]),
                UnOp::Sin => return self.ext(ty, Cl::sin, &[v]),
                UnOp::Cos => return self.ext(ty, Cl::cos, &[v]),
                UnOp::Tan => return self.ext(ty, Cl::tan, &[v]),
                UnOp::Tanh => return self.ext(ty, Cl::tanh, &[v]),
                UnOp::Floor => return self.ext(ty, Cl::floor, &[v]),
                UnOp::Ceil => return self.ext(ty, Cl::ceil, &[v]),
                UnOp::Round => return self.ext(ty, Cl::round, &[v]),
                UnOp::Trunc => return self.ext(ty, Cl::trunc, &[v]),
            };
            r?
        })
    }

    pub(super) fn binary(&mut self, op: BinOp, ty: Ty, x: Word, y: Word) -> R {
        Ok({
            let t = self.ty(ty);
            let float = ty.is_float();
            let signed = ty.is_signed();
            let b = &mut self.b;
            let r = match op {
                BinOp::Add if float => b.f_add(t, None, x, y),
                BinOp::Add => b.i_add(t, None, x, y),
                BinOp::Sub if float => b.f_sub(t, None, x, y),
                BinOp::Sub => b.i_sub(t, None, x, y),
                BinOp::Mul if float => b.f_mul(t, None, x, y),
                BinOp::Mul => b.i_mul(t, None, x, y),
                BinOp::Div if float => b.f_div(t, None, x, y),
                BinOp::Rem if float => b.f_rem(t, None, x, y),
                BinOp::Div | BinOp::Rem => return self.int_div(op, ty, x, y),
                BinOp::Max if float => return self.ext(ty, Cl::fmax, &[x, y]),
                BinOp::Max if signed => return self.ext(ty, Cl::s_max, &[x, y]),
                BinOp::Max => return self.ext(ty, Cl::u_max, &[x, y]),
                BinOp::Min if float => return self.ext(ty, Cl::fmin, &[x, y]),
                BinOp::Min if signed => return self.ext(ty, Cl::s_min, &[x, y]),
                BinOp::Min => return self.ext(ty, Cl::u_min, &[x, y]),
                BinOp::Pow => return self.ext(ty, Cl::pow, &[x, y]),
                BinOp::And if ty == Ty::Bool => b.logical_and(t, None, x, y),
                BinOp::Or if ty == Ty::Bool => b.logical_or(t, None, x, y),
                BinOp::And => b.bitwise_and(t, None, x, y),
                BinOp::Or => b.bitwise_or(t, None, x, y),
                BinOp::Xor => b.bitwise_xor(t, None, x, y),
                BinOp::Shl | BinOp::Shr => {
                    // The count modulo the width, as `wrapping_shl`/`wrapping_shr`.
                    let mask = self.int(ty, ty.bits() as i64 - 1);
                    let y = self.b.bitwise_and(t, None, y, mask)?;
                    match op {
                        BinOp::Shl => self.b.shift_left_logical(t, None, x, y),
                        _ if signed => self.b.shift_right_arithmetic(t, None, x, y),
                        _ => self.b.shift_right_logical(t, None, x, y),
                    }
                }
            };
            r?
        })
    }

    /// Integer `/` and `%` that never trap: by zero gives 0, `MIN / -1` gives `MIN` and
    /// `MIN % -1` gives 0 (Rust's `wrapping_div`/`wrapping_rem` apart from the zero).
    fn int_div(&mut self, op: BinOp, ty: Ty, x: Word, y: Word) -> R {
        Ok({
            let (t, boolt) = (self.ty(ty), self.ty(Ty::Bool));
            let (zero, one) = (self.int(ty, 0), self.int(ty, 1));
            let by_zero = self.b.i_equal(boolt, None, y, zero)?;
            let mut d = self.b.select(t, None, by_zero, one, y)?;
            let r = if ty.is_signed() {
                let minus_one = self.int(ty, -1);
                let by_m1 = self.b.i_equal(boolt, None, y, minus_one)?;
                d = self.b.select(t, None, by_m1, one, d)?;
                let (r, special) = if op == BinOp::Div {
                    let q = self.b.s_div(t, None, x, d)?;
                    (q, self.b.s_negate(t, None, x)?)
                } else {
                    (self.b.s_rem(t, None, x, d)?, zero)
                };
                self.b.select(t, None, by_m1, special, r)?
            } else if op == BinOp::Div {
                self.b.u_div(t, None, x, d)?
            } else {
                self.b.u_mod(t, None, x, d)?
            };
            self.b.select(t, None, by_zero, zero, r)?
        })
    }

    pub(super) fn compare(&mut self, op: CmpOp, ty: Ty, x: Word, y: Word) -> R {
        Ok({
            let t = self.ty(Ty::Bool);
            let b = &mut self.b;
            let r = if ty.is_float() {
                match op {
                    CmpOp::Lt => b.f_ord_less_than(t, None, x, y),
                    CmpOp::Le => b.f_ord_less_than_equal(t, None, x, y),
                    CmpOp::Gt => b.f_ord_greater_than(t, None, x, y),
                    CmpOp::Ge => b.f_ord_greater_than_equal(t, None, x, y),
                    CmpOp::Eq => b.f_ord_equal(t, None, x, y),
                    CmpOp::Ne => b.f_unord_not_equal(t, None, x, y),
                }
            } else if ty == Ty::Bool {
                match op {
                    CmpOp::Eq => b.logical_equal(t, None, x, y),
                    _ => b.logical_not_equal(t, None, x, y),
                }
            } else {
                let s = ty.is_signed();
                match op {
                    CmpOp::Lt if s => b.s_less_than(t, None, x, y),
                    CmpOp::Lt => b.u_less_than(t, None, x, y),
                    CmpOp::Le if s => b.s_less_than_equal(t, None, x, y),
                    CmpOp::Le => b.u_less_than_equal(t, None, x, y),
                    CmpOp::Gt if s => b.s_greater_than(t, None, x, y),
                    CmpOp::Gt => b.u_greater_than(t, None, x, y),
                    CmpOp::Ge if s => b.s_greater_than_equal(t, None, x, y),
                    CmpOp::Ge => b.u_greater_than_equal(t, None, x, y),
                    CmpOp::Eq => b.i_equal(t, None, x, y),
                    CmpOp::Ne => b.i_not_equal(t, None, x, y),
                }
            };
            r?
        })
    }
}
