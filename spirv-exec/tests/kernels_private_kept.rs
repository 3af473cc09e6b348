//! A private variable's address kept across barriers: the compiled code accesses a private
//! variable through its proven address without a run-time check, also after a barrier, where
//! the address comes back from the per-work-item spill area (a copy chain too long to be
//! recomputed) or is recomputed. Each work-item must reach its own variable (a wrong lane's
//! address would go unchecked into another work-item's private memory), and an address
//! defined after a barrier in a loop but used before it in the first pass is not proven: the
//! access is checked and faults.

mod common;

use common::asm;
use rspirv::dr::Builder;
use rspirv::spirv::{BuiltIn, ExecutionModel, FunctionControl, StorageClass, Word};

fn barrier(b: &mut Builder, c: &asm::Common) {
    let scope = b.constant_bit32(c.int, 2);
    let sem = b.constant_bit32(c.int, 0x110);
    b.control_barrier(scope, scope, sem).unwrap();
}

/// `k(global int* out)`: private `int var`, `p = &var` then `copies` copies of it, a barrier,
/// `*p_last = gid + 100`, a barrier, `out[gid] = var`.
fn kept(copies: usize) -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let int_fn = b.type_pointer(None, StorageClass::Function, c.int);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let gid_var = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid_var, BuiltIn::GlobalInvocationId);
    let fn_ty = b.type_function(c.void, vec![c.int_ptr]);
    let zero = b.constant_bit64(c.long, 0);
    let hundred = b.constant_bit32(c.int, 100);
    let f = b
        .begin_function(c.void, None, FunctionControl::NONE, fn_ty)
        .unwrap();
    let out = b.function_parameter(c.int_ptr).unwrap();
    b.begin_block(None).unwrap();
    let var = b.variable(int_fn, None, StorageClass::Function, None);
    let g = b.load(v3, None, gid_var, None, []).unwrap();
    let gid = b.composite_extract(c.long, None, g, [0]).unwrap();
    let mut p: Word = b
        .in_bounds_ptr_access_chain(int_fn, None, var, zero, [])
        .unwrap();
    for _ in 0..copies {
        p = b.copy_object(int_fn, None, p).unwrap();
    }
    barrier(&mut b, &c);
    let x = b.u_convert(c.int, None, gid).unwrap();
    let x = b.i_add(c.int, None, x, hundred).unwrap();
    b.store(p, x, None, []).unwrap();
    barrier(&mut b, &c);
    let v = b.load(c.int, None, var, None, []).unwrap();
    let at = b
        .in_bounds_ptr_access_chain(c.int_ptr, None, out, gid, [])
        .unwrap();
    b.store(at, v, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Kernel, f, "k", vec![gid_var]);
    b.name(f, "k");
    asm::bytes(b)
}

/// `k(global int* out)`: a loop whose head stores 7 through `p` and waits at a barrier, whose
/// body sets `p = &var`: the first pass stores through `p` before anything set it.
fn defined_after_barrier() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let int_fn = b.type_pointer(None, StorageClass::Function, c.int);
    let boolean = b.type_bool();
    let fn_ty = b.type_function(c.void, vec![c.int_ptr]);
    let seven = b.constant_bit32(c.int, 7);
    let zero = b.constant_bit64(c.long, 0);
    let one = b.constant_bit64(c.long, 1);
    let f = b
        .begin_function(c.void, None, FunctionControl::NONE, fn_ty)
        .unwrap();
    let out = b.function_parameter(c.int_ptr).unwrap();
    let p = b.id();
    let (entry, head, body, back, end) = (b.id(), b.id(), b.id(), b.id(), b.id());
    b.begin_block(Some(entry)).unwrap();
    let var = b.variable(int_fn, None, StorageClass::Function, None);
    b.branch(head).unwrap();
    b.begin_block(Some(head)).unwrap();
    let i = b.id();
    b.phi(c.long, Some(i), [(zero, entry), (one, back)])
        .unwrap();
    b.store(p, seven, None, []).unwrap();
    barrier(&mut b, &c);
    let done = b.i_equal(boolean, None, i, one).unwrap();
    b.loop_merge(end, back, rspirv::spirv::LoopControl::NONE, [])
        .unwrap();
    b.branch_conditional(done, end, body, []).unwrap();
    b.begin_block(Some(body)).unwrap();
    b.in_bounds_ptr_access_chain(int_fn, Some(p), var, zero, [])
        .unwrap();
    b.branch(back).unwrap();
    b.begin_block(Some(back)).unwrap();
    b.branch(head).unwrap();
    b.begin_block(Some(end)).unwrap();
    let x = b.load(c.int, None, var, None, []).unwrap();
    b.store(out, x, None, []).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Kernel, f, "k", vec![]);
    b.name(f, "k");
    asm::bytes(b)
}

#[test]
fn each_work_item_reaches_its_own_variable_after_barriers() {
    for backend in common::backends() {
        // 0 and 3 copies: recomputed after the barrier; 40: kept in the spill area.
        for copies in [0, 3, 40] {
            let m = common::module_compiled(&kept(copies), backend);
            for (groups, size) in [(1, 8), (3, 16), (2, 5), (4, 1)] {
                let n = (groups * size) as usize;
                let mut out = vec![0i32; n];
                m.kernel("k")
                    .unwrap()
                    .launch([groups, 1, 1], [size, 1, 1])
                    .buffer(&mut out)
                    .threads(2)
                    .run()
                    .unwrap();
                let want: Vec<i32> = (0..n as i32).map(|i| i + 100).collect();
                let name = backend.name();
                assert_eq!(
                    out, want,
                    "{copies} copies, {groups} groups of {size}, {name}"
                );
            }
        }
    }
}

#[test]
fn a_pointer_defined_after_a_barrier_and_used_before_it_faults() {
    for backend in common::backends() {
        let m = common::module_compiled(&defined_after_barrier(), backend);
        common::assert_store_near_null_faults(&m, backend.name());
    }
}
