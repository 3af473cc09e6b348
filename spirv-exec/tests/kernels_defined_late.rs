//! Pointers to a private variable used where the instruction that defines them may not have
//! run yet (invalid SPIR-V: the fuzzer's seed 34 input 111279, a mutated kernel, stores
//! through an access chain placed after the store). The compiled code may emit an access
//! through a private variable's address without its run-time check, but only where that
//! address is proven to be the value at hand; these accesses read an undefined pointer and
//! must fault as any other access outside the kernel's memory does, under both executors.

mod common;

use common::asm;
use rspirv::dr::Builder;
use rspirv::spirv::{ExecutionModel, FunctionControl, StorageClass};
use spirv_exec::LaunchError;

/// Where the access chain `p = &var` stands relative to the store `*p = 7`.
#[derive(Clone, Copy, Debug)]
enum Order {
    /// Before the store, in the same block: valid.
    Before,
    /// After the store, in the same block.
    After,
    /// In a loop's body, the store in its header (the first iteration stores through `p`
    /// before the body ever ran).
    LaterInLoop,
    /// In one arm of an `if` (never taken), the store after the `if`.
    InOneArm,
    /// In a block nothing branches to.
    Unreachable,
}

/// `k(global int* out)`: a private `int var`, `p = &var` (an `OpInBoundsPtrAccessChain`
/// with index 0), `*p = 7` placed as `order` says, then `out[0] = var`.
fn module(order: Order) -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let int_fn = b.type_pointer(None, StorageClass::Function, c.int);
    let boolean = b.type_bool();
    let fn_ty = b.type_function(c.void, vec![c.int_ptr]);
    let seven = b.constant_bit32(c.int, 7);
    let magic = b.constant_bit32(c.int, 12345);
    let zero = b.constant_bit64(c.long, 0);
    let one = b.constant_bit64(c.long, 1);
    let f = b
        .begin_function(c.void, None, FunctionControl::NONE, fn_ty)
        .unwrap();
    let out = b.function_parameter(c.int_ptr).unwrap();
    let p = b.id();
    let (entry, end) = (b.id(), b.id());
    b.begin_block(Some(entry)).unwrap();
    let var = b.variable(int_fn, None, StorageClass::Function, None);
    let define = |b: &mut Builder| {
        b.in_bounds_ptr_access_chain(int_fn, Some(p), var, zero, [])
            .unwrap();
    };
    let store = |b: &mut Builder| b.store(p, seven, None, []).unwrap();
    match order {
        Order::Before => {
            define(&mut b);
            store(&mut b);
            b.branch(end).unwrap();
        }
        Order::After => {
            store(&mut b);
            define(&mut b);
            b.branch(end).unwrap();
        }
        Order::LaterInLoop => {
            let (head, body, back) = (b.id(), b.id(), b.id());
            b.branch(head).unwrap();
            b.begin_block(Some(head)).unwrap();
            let i = b.id();
            b.phi(c.long, Some(i), [(zero, entry), (one, back)])
                .unwrap();
            store(&mut b);
            let done = b.i_equal(boolean, None, i, one).unwrap();
            b.loop_merge(end, back, rspirv::spirv::LoopControl::NONE, [])
                .unwrap();
            b.branch_conditional(done, end, body, []).unwrap();
            b.begin_block(Some(body)).unwrap();
            define(&mut b);
            b.branch(back).unwrap();
            b.begin_block(Some(back)).unwrap();
            b.branch(head).unwrap();
        }
        Order::InOneArm => {
            let x = b.load(c.int, None, out, None, []).unwrap();
            let taken = b.i_equal(boolean, None, x, magic).unwrap();
            let (arm, merge) = (b.id(), b.id());
            b.selection_merge(merge, rspirv::spirv::SelectionControl::NONE)
                .unwrap();
            b.branch_conditional(taken, arm, merge, []).unwrap();
            b.begin_block(Some(arm)).unwrap();
            define(&mut b);
            b.branch(merge).unwrap();
            b.begin_block(Some(merge)).unwrap();
            store(&mut b);
            b.branch(end).unwrap();
        }
        Order::Unreachable => {
            store(&mut b);
            b.branch(end).unwrap();
            b.begin_block(None).unwrap();
            define(&mut b);
            b.branch(end).unwrap();
        }
    }
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
fn a_private_pointer_used_before_its_definition_faults() {
    for backend in common::backends() {
        let m = common::module_compiled(&module(Order::Before), backend);
        let mut out = vec![0i32; 16];
        let k = m.kernel("k").unwrap();
        k.launch([2, 1, 1], [8, 1, 1])
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out[0], 7, "{}", backend.name());
        for order in [
            Order::After,
            Order::LaterInLoop,
            Order::InOneArm,
            Order::Unreachable,
        ] {
            let m = common::module_compiled(&module(order), backend);
            common::assert_store_near_null_faults(&m, &format!("{order:?} on {}", backend.name()));
        }
    }
}

/// The fuzzer's input itself, launched as the fuzzer launches it: it builds, its kernels are
/// compiled, and the store through the undefined pointer ends the launch with a fault (the
/// unchecked store wrote to address 0 and killed the process).
#[test]
fn the_fuzzers_input_faults_under_the_compiler() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fuzz-regressions/seed34-111279.spv"
    );
    for backend in common::backends() {
        let m = common::module_compiled(&std::fs::read(path).unwrap(), backend);
        let mut faults = 0;
        for kernel in m.kernels() {
            let mut buffers = common::fuzz_buffers(kernel);
            let launch = common::fuzz_launch(kernel, &mut buffers);
            if let Err(LaunchError::Fault { .. }) = launch.run() {
                faults += 1;
            }
        }
        assert!(faults > 0, "no kernel faulted on {}", backend.name());
    }
}
