//! `SPV_KHR_expect_assume`, which DPC++ emits (dpctl's test kernels declare it):
//! `OpAssumeTrueKHR` is a hint and does nothing, `OpExpectKHR`'s value is its first operand.

mod common;

use common::asm;
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Op};

/// `k(global int* out)`: `assume(out[0] == 3)`, then `out[0] = expect(out[0] + 4, 9)`.
fn module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::ExpectAssumeKHR);
    b.extension("SPV_KHR_expect_assume");
    let boolean = b.type_bool();
    let three = b.constant_bit32(c.int, 3);
    let four = b.constant_bit32(c.int, 4);
    let nine = b.constant_bit32(c.int, 9);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let x = b.load(c.int, None, out, None, []).unwrap();
        let is_three = b.i_equal(boolean, None, x, three).unwrap();
        let assume = rspirv::dr::Instruction::new(
            Op::AssumeTrueKHR,
            None,
            None,
            vec![Operand::IdRef(is_three)],
        );
        b.insert_into_block(rspirv::dr::InsertPoint::End, assume)
            .unwrap();
        let sum = b.i_add(c.int, None, x, four).unwrap();
        let expected = b.id();
        let expect = rspirv::dr::Instruction::new(
            Op::ExpectKHR,
            Some(c.int),
            Some(expected),
            vec![Operand::IdRef(sum), Operand::IdRef(nine)],
        );
        b.insert_into_block(rspirv::dr::InsertPoint::End, expect)
            .unwrap();
        b.store(out, expected, None, []).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn expect_gives_its_value_and_assume_does_nothing() {
    for backend in common::backends() {
        let m = common::module_compiled(&module(), backend);
        let mut out = vec![3i32; 1];
        m.kernel("k")
            .unwrap()
            .launch([1, 1, 1], [1, 1, 1])
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out[0], 7, "{}", backend.name());
    }
}
