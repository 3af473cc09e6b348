//! The batched copy kernel (`onearray_copy_batch`, run by `copy_ranges`): work-group `g`
//! copies range `g` of a table of (destination, source, length) in units of 1, 2 or 4 bytes.

use super::codegen::Gen;
use super::spec::{Spec, COPY_BATCH_KERNEL};
use super::Ty;
use rspirv::dr;
use rspirv::spirv::{
    BuiltIn, Decoration, ExecutionModel, FunctionControl, FunctionParameterAttribute,
};

/// Builds `void onearray_copy_batch(global U *dst, global const U *src, global const ulong
/// *table, ulong local, ulong shift)` (`U` = `spec.out`): work-item `lid` of group `g`
/// (`local` = `1 << shift` work-items a group: the launch's group size, passed so that it is
/// the same for the whole group) copies elements `lid, lid + local, …` of range `g`, `table[3g .. 3g + 3]` being
/// its destination start, source start and length in elements of `U`.
pub(super) fn kernel(spec: &Spec) -> Result<Vec<u32>, dr::Error> {
    let ty = spec.out;
    let mut g = Gen::new(&[ty, Ty::U64]);
    let (ptr, table_ptr, ulong, boolt) = (g.ptr(ty), g.ptr(Ty::U64), g.ty(Ty::U64), g.ty(Ty::Bool));
    let void = g.b.type_void();
    let fn_ty = g.b.type_function(void, [ptr, ptr, table_ptr, ulong, ulong]);
    let f =
        g.b.begin_function(void, None, FunctionControl::NONE, fn_ty)?;
    let dst = g.b.function_parameter(ptr)?;
    let src = g.b.function_parameter(ptr)?;
    let table = g.b.function_parameter(table_ptr)?;
    let local = g.b.function_parameter(ulong)?;
    let shift = g.b.function_parameter(ulong)?;
    for p in [src, table] {
        g.b.decorate(
            p,
            Decoration::FuncParamAttr,
            [dr::Operand::FunctionParameterAttribute(
                FunctionParameterAttribute::NoWrite,
            )],
        );
    }
    let (lid_var, group_var) = (
        g.builtin(BuiltIn::LocalInvocationId),
        g.builtin(BuiltIn::WorkgroupId),
    );
    let entry = g.b.begin_block(None)?;
    let lid = g.load_x(lid_var)?;
    let group = g.load_x(group_var)?;
    let (zero, one, three) = (
        g.b.constant_bit64(ulong, 0),
        g.b.constant_bit64(ulong, 1),
        g.b.constant_bit64(ulong, 3),
    );
    let at = g.b.i_mul(ulong, None, group, three)?;
    let d = g.load(table, Ty::U64, at)?;
    let at = g.b.i_add(ulong, None, at, one)?;
    let s = g.load(table, Ty::U64, at)?;
    let at = g.b.i_add(ulong, None, at, one)?;
    let n = g.load(table, Ty::U64, at)?;
    // Whole passes over the range, `n / local` (the same for the whole group; `local` a
    // power of two: a shift, not a division), four at a time, then one at a time, then the
    // rest, `i < n` tested only there.
    let passes = g.b.shift_right_logical(ulong, None, n, shift)?;
    let two = g.b.constant_bit64(ulong, 2);
    let fours = g.b.shift_right_logical(ulong, None, passes, two)?;
    let four_passes = g.b.shift_left_logical(ulong, None, fours, two)?;
    let (head4, body4, head, body, tail, copy, end) = (
        g.b.id(),
        g.b.id(),
        g.b.id(),
        g.b.id(),
        g.b.id(),
        g.b.id(),
        g.b.id(),
    );
    let (k4_next, k_next) = (g.b.id(), g.b.id());
    // The work-item's first element of the range in each buffer (pointers made once, so the
    // loop keeps two values live, not the buffers, the range's starts and the id).
    let (first_s, first_d) = (
        g.b.i_add(ulong, None, s, lid)?,
        g.b.i_add(ulong, None, d, lid)?,
    );
    let from = g.b.ptr_access_chain(ptr, None, src, first_s, [])?;
    let to = g.b.ptr_access_chain(ptr, None, dst, first_d, [])?;
    // Element `k·local` from there: consecutive across the group's work-items.
    let element =
        |g: &mut Gen, k: u32| -> Result<u32, dr::Error> { g.b.i_mul(ulong, None, k, local) };
    let copy_one = |g: &mut Gen, i: u32| -> Result<(), dr::Error> {
        let v = g.load(from, ty, i)?;
        g.store(to, ty, i, v)
    };
    g.b.branch(head4)?;
    g.b.begin_block(Some(head4))?;
    let k4 = g.b.phi(ulong, None, [(zero, entry), (k4_next, body4)])?;
    let more = g.b.u_less_than(boolt, None, k4, four_passes)?;
    g.b.branch_conditional(more, body4, head, [])?;
    g.b.begin_block(Some(body4))?;
    let mut i = element(&mut g, k4)?;
    for pass in 0..4 {
        if pass > 0 {
            i = g.b.i_add(ulong, None, i, local)?;
        }
        copy_one(&mut g, i)?;
    }
    let four = g.b.constant_bit64(ulong, 4);
    g.b.i_add(ulong, Some(k4_next), k4, four)?;
    g.b.branch(head4)?;
    g.b.begin_block(Some(head))?;
    let k = g.b.phi(ulong, None, [(k4, head4), (k_next, body)])?;
    let more = g.b.u_less_than(boolt, None, k, passes)?;
    g.b.branch_conditional(more, body, tail, [])?;
    g.b.begin_block(Some(body))?;
    let i = element(&mut g, k)?;
    copy_one(&mut g, i)?;
    g.b.i_add(ulong, Some(k_next), k, one)?;
    g.b.branch(head)?;
    g.b.begin_block(Some(tail))?;
    let i = element(&mut g, k)?;
    let at = g.b.i_add(ulong, None, i, lid)?;
    let inside = g.b.u_less_than(boolt, None, at, n)?;
    g.b.branch_conditional(inside, copy, end, [])?;
    g.b.begin_block(Some(copy))?;
    copy_one(&mut g, i)?;
    g.b.branch(end)?;
    g.b.begin_block(Some(end))?;
    g.b.ret()?;
    g.b.end_function()?;
    g.b.entry_point(
        ExecutionModel::Kernel,
        f,
        COPY_BATCH_KERNEL,
        [lid_var, group_var],
    );
    Ok(rspirv::binary::Assemble::assemble(&g.b.module()))
}
