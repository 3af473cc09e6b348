//! The generated reduction kernel, shared by whole-array and per-axis reductions, of values
//! (`sum`, `max`, ...) and of positions (`argmax`, `argmin`).
//!
//! ```text
//! kernel void onearray_reduce(global OUT *out, <inputs...>,
//!                             ulong len, ulong outer_stride, ulong stride, ulong parts
//!                             [, global ulong *index])
//! ```
//!
//! Work-group `g` works for output `o = g / parts` on its share `p = g % parts` of the `len`
//! elements at flat indices `o·outer_stride + k·stride`: work-item `l` combines
//! `k = p·W + l, k + parts·W, …` in order (`stride` ≥ 1), the group combines its `W` values in local memory
//! as a binary tree and writes `out[g]` (rounded to `OUT`) and, for positions, `index[g]`
//! (the `k` of the winner; `u64::MAX` if the group saw no element).
//! A whole array is one output in `parts` groups (the host combines the partials); an axis
//! of a 2-D array is one group per output.

use super::codegen::{Body, Gen};
use super::expr::CmpOp;
use super::spec::{RedOp, Spec, REDUCE_KERNEL};
use super::Ty;
use rspirv::dr::{self, Operand};
use rspirv::spirv::{BuiltIn, ExecutionMode, ExecutionModel, MemoryAccess, StorageClass, Word};

/// Builds the reduction kernel of `spec` (`spec.out` is the stored output type; values are
/// combined in its compute type).
pub(crate) fn reduce_kernel(spec: &Spec, op: RedOp, group: u32) -> Result<Vec<u32>, dr::Error> {
    let acc = spec.out.compute();
    let arg = op.is_arg();
    let mut g = Gen::new(&spec.types());
    let (lid_var, grp_var) = (
        g.builtin(BuiltIn::LocalInvocationId),
        g.builtin(BuiltIn::WorkgroupId),
    );
    let (acc_t, ulong, boolt) = (g.ty(acc), g.ty(Ty::U64), g.ty(Ty::Bool));
    // local ACC vals[group]; local ulong keys[group] (positions only).
    let len = g.int(Ty::U32, group as i64);
    let scratch = |g: &mut Gen, t: Word| {
        let arr_t = g.b.type_array(t, len);
        let arr_ptr = g.b.type_pointer(None, StorageClass::Workgroup, arr_t);
        let var = g.b.variable(arr_ptr, None, StorageClass::Workgroup, None);
        (var, g.b.type_pointer(None, StorageClass::Workgroup, t))
    };
    let (vals, val_ptr) = scratch(&mut g, acc_t);
    let keys = arg.then(|| scratch(&mut g, ulong));
    // barrier(CLK_LOCAL_MEM_FENCE): work-group scope, SequentiallyConsistent | WorkgroupMemory.
    let (wg_scope, semantics) = (g.int(Ty::U32, 2), g.int(Ty::U32, 0x110));
    let (ident_f, ident_bits) = op.identity(acc);
    let identity = g.constant(acc, ident_f, ident_bits);
    let no_key = g.int(Ty::U64, -1);
    let mut extra = vec![ulong; 4];
    if arg {
        extra.push(g.ptr(Ty::U64));
    }

    let (f, params, entry) = g.begin_kernel(spec, &extra)?;
    let t = 1 + spec.inputs.len();
    let (n, outer_stride, stride, parts) = (params[t], params[t + 1], params[t + 2], params[t + 3]);
    let lid = g.load_x(lid_var)?;
    let grp = g.load_x(grp_var)?;
    let o = g.b.u_div(ulong, None, grp, parts)?;
    let first_part = g.b.i_mul(ulong, None, o, parts)?;
    let part = g.b.i_sub(ulong, None, grp, first_part)?;
    let base = g.b.i_mul(ulong, None, o, outer_stride)?;
    let w = g.int(Ty::U64, group as i64);
    let k0 = g.b.i_mul(ulong, None, part, w)?;
    let k0 = g.b.i_add(ulong, None, k0, lid)?;
    let k_step = g.b.i_mul(ulong, None, parts, w)?;
    let i0 = g.b.i_mul(ulong, None, k0, stride)?;
    let i0 = g.b.i_add(ulong, None, base, i0)?;
    let i_step = g.b.i_mul(ulong, None, k_step, stride)?;
    let end = g.b.i_mul(ulong, None, n, stride)?;
    let end = g.b.i_add(ulong, None, base, end)?;
    let (body, after) = (g.b.id(), g.b.id());
    let (k_next, i_next, acc_next, key_next) = (g.b.id(), g.b.id(), g.b.id(), g.b.id());
    let any = g.b.u_less_than(boolt, None, i0, end)?;
    g.b.branch_conditional(any, body, after, [])?;

    // for (i = i0; i < end; i += i_step) acc = op(acc, expr(i)), rotated (the test at the
    // bottom, one block per iteration); positions also count k = k0, k0 + k_step, ...
    // (i = base + k·stride, stride ≥ 1).
    g.b.begin_block(Some(body))?;
    let i = g.b.phi(ulong, None, [(i0, entry), (i_next, body)])?;
    let acc_v =
        g.b.phi(acc_t, None, [(identity, entry), (acc_next, body)])?;
    let (k, acc_k) = if arg {
        (
            g.b.phi(ulong, None, [(k0, entry), (k_next, body)])?,
            g.b.phi(ulong, None, [(no_key, entry), (key_next, body)])?,
        )
    } else {
        (no_key, no_key)
    };
    let mut cx = Body::new(&params, i, spec.out);
    let v = g.node(&mut cx, &spec.node)?;
    let v = g.convert(v, spec.node.ty(), acc)?;
    let (nv, nk) = combine(&mut g, op, acc, (acc_v, acc_k), (v, k))?;
    // Give the combined values the ids the phis name.
    g.b.copy_object(acc_t, Some(acc_next), nv)?;
    if arg {
        g.b.copy_object(ulong, Some(key_next), nk)?;
        g.b.i_add(ulong, Some(k_next), k, k_step)?;
    }
    g.b.i_add(ulong, Some(i_next), i, i_step)?;
    let more = g.b.u_less_than(boolt, None, i_next, end)?;
    g.b.branch_conditional(more, body, after, [])?;

    // vals[lid] = acc; then a tree over the group.
    g.b.begin_block(Some(after))?;
    let acc_v =
        g.b.phi(acc_t, None, [(identity, entry), (acc_next, body)])?;
    let acc_k = if arg {
        g.b.phi(ulong, None, [(no_key, entry), (key_next, body)])?
    } else {
        no_key
    };
    let aligned = Some(MemoryAccess::ALIGNED);
    let al = |ty: Ty| [Operand::LiteralBit32(ty.bits() / 8)];
    let mine = g.b.in_bounds_access_chain(val_ptr, None, vals, [lid])?;
    g.b.store(mine, acc_v, aligned, al(acc))?;
    let my_key = match keys {
        Some((keys, key_ptr)) => {
            let p = g.b.in_bounds_access_chain(key_ptr, None, keys, [lid])?;
            g.b.store(p, acc_k, aligned, al(Ty::U64))?;
            Some((p, keys, key_ptr))
        }
        None => None,
    };
    g.b.control_barrier(wg_scope, wg_scope, semantics)?;
    let mut half = group / 2;
    while half > 0 {
        let (step, next) = (g.b.id(), g.b.id());
        let h = g.int(Ty::U64, half as i64);
        let active = g.b.u_less_than(boolt, None, lid, h)?;
        g.b.branch_conditional(active, step, next, [])?;
        g.b.begin_block(Some(step))?;
        let other = g.b.i_add(ulong, None, lid, h)?;
        let theirs = g.b.in_bounds_access_chain(val_ptr, None, vals, [other])?;
        let a = g.b.load(acc_t, None, mine, aligned, al(acc))?;
        let b = g.b.load(acc_t, None, theirs, aligned, al(acc))?;
        let (ka, their_key) = match my_key {
            Some((p, keys, key_ptr)) => {
                let q = g.b.in_bounds_access_chain(key_ptr, None, keys, [other])?;
                (g.b.load(ulong, None, p, aligned, al(Ty::U64))?, Some(q))
            }
            None => (no_key, None),
        };
        let kb = match their_key {
            Some(q) => g.b.load(ulong, None, q, aligned, al(Ty::U64))?,
            None => no_key,
        };
        let (c, kc) = combine(&mut g, op, acc, (a, ka), (b, kb))?;
        g.b.store(mine, c, aligned, al(acc))?;
        if let Some((p, ..)) = my_key {
            g.b.store(p, kc, aligned, al(Ty::U64))?;
        }
        g.b.branch(next)?;
        g.b.begin_block(Some(next))?;
        g.b.control_barrier(wg_scope, wg_scope, semantics)?;
        half /= 2;
    }
    // if (lid == 0) { out[g] = vals[0]; index[g] = keys[0]; }
    let (write, end) = (g.b.id(), g.b.id());
    let zero = g.int(Ty::U64, 0);
    let first = g.b.i_equal(boolt, None, lid, zero)?;
    g.b.branch_conditional(first, write, end, [])?;
    g.b.begin_block(Some(write))?;
    let total = g.b.load(acc_t, None, mine, aligned, al(acc))?;
    g.store(params[0], spec.out, grp, total)?;
    if let Some((p, ..)) = my_key {
        let key = g.b.load(ulong, None, p, aligned, al(Ty::U64))?;
        g.store(params[t + 4], Ty::U64, grp, key)?;
    }
    g.b.branch(end)?;
    g.b.begin_block(Some(end))?;
    g.b.ret()?;
    g.b.end_function()?;
    let interface = [g.gid, lid_var, grp_var];
    g.b.entry_point(ExecutionModel::Kernel, f, REDUCE_KERNEL, interface);
    g.b.execution_mode(f, ExecutionMode::LocalSize, [group, 1, 1]);
    Ok(rspirv::binary::Assemble::assemble(&g.b.module()))
}

/// Combines `(value, key)` pairs: values with `op`'s operation; positions keep the better
/// value, the lower key on ties (see [`better`]).
fn combine(
    g: &mut Gen,
    op: RedOp,
    ty: Ty,
    a: (Word, Word),
    b: (Word, Word),
) -> Result<(Word, Word), dr::Error> {
    let Some(cmp) = op.arg_compare() else {
        return Ok((g.binary(op.combine(), ty, a.0, b.0)?, a.1));
    };
    let wins = better(g, cmp, ty, a, b)?;
    let (t, ulong) = (g.ty(ty), g.ty(Ty::U64));
    let v = g.b.select(t, None, wins, b.0, a.0)?;
    let k = g.b.select(ulong, None, wins, b.1, a.1)?;
    Ok((v, k))
}

/// Whether `b` beats `a` for a position reduction comparing with `cmp` (`Gt` for argmax):
/// `b cmp a`, or `a` is NaN and `b` is not, or they tie (equal, or both NaN) and `b` comes
/// first. So NaN loses to every number, `-0.0` and `0.0` tie, and the first index wins.
fn better(
    g: &mut Gen,
    cmp: CmpOp,
    ty: Ty,
    a: (Word, Word),
    b: (Word, Word),
) -> Result<Word, dr::Error> {
    let boolt = g.ty(Ty::Bool);
    let beats = g.compare(cmp, ty, b.0, a.0)?;
    let mut tie = g.compare(CmpOp::Eq, ty, b.0, a.0)?;
    let mut wins = beats;
    if ty.is_float() {
        let a_nan = g.b.is_nan(boolt, None, a.0)?;
        let b_nan = g.b.is_nan(boolt, None, b.0)?;
        let b_num = g.b.logical_not(boolt, None, b_nan)?;
        let replaces_nan = g.b.logical_and(boolt, None, a_nan, b_num)?;
        wins = g.b.logical_or(boolt, None, wins, replaces_nan)?;
        let both_nan = g.b.logical_and(boolt, None, a_nan, b_nan)?;
        tie = g.b.logical_or(boolt, None, tie, both_nan)?;
    }
    let earlier = g.b.u_less_than(boolt, None, b.1, a.1)?;
    let tie_first = g.b.logical_and(boolt, None, tie, earlier)?;
    g.b.logical_or(boolt, None, wins, tie_first)
}
