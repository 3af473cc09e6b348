//! SPIR-V 1.1 to 1.4 (issue 11, item 14): the corpus as llvm-spirv-15 writes it at 1.4, and
//! the instructions those versions add that OpenCL producers emit, in hand-built modules.

mod common;

use common::asm;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, ExecutionMode, Op};

/// Every module of `kernels/spv14` builds with all its kernels (CI also runs every kernel test
/// on this corpus, with `SPIRV_EXEC_CORPUS=spv14`). The translator writes the lowest version a
/// module needs, up to 1.4: most need 1.4 (`NoSignedWrap` and `NoUnsignedWrap` decorations).
#[test]
fn the_corpus_at_spirv_1_4_builds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/spv14");
    let (mut count, mut at_1_4) = (0, 0);
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let words = spirv_exec::words(&bytes).unwrap();
        assert!(
            words[1] <= 0x0001_0400,
            "{}: newer than 1.4",
            path.display()
        );
        at_1_4 += usize::from(words[1] == 0x0001_0400);
        let m = common::module_from_bytes(&bytes);
        // Only the image kernels of partial_images are unavailable, as at SPIR-V 1.0.
        for e in m.unavailable_kernels() {
            assert!(e.message.contains("images"), "{}: {e}", path.display());
        }
        count += 1;
    }
    assert!(count >= 60, "{count} modules in {}", dir.display());
    assert!(
        at_1_4 * 2 > count,
        "only {at_1_4} of {count} modules are SPIR-V 1.4"
    );
}

/// A module newer than 1.4 is refused with the versions that are accepted.
#[test]
fn spirv_1_5_is_refused_with_the_accepted_range() {
    let (mut b, c) = asm::skeleton((1, 5));
    asm::kernel(&mut b, &c, "k", |_, _, _| {});
    let words = spirv_exec::words(&asm::bytes(b)).unwrap();
    let err = spirv_exec::Module::build(&words, &Default::default())
        .err()
        .expect("1.5 is refused");
    assert!(err.message.contains("1.0 to 1.4"), "{err}");
}

/// `OpSizeOf` (1.1), `OpPtrDiff`, `OpPtrEqual`, `OpPtrNotEqual` and `OpCopyLogical` (1.4),
/// `OpDecorateId` (1.2) and `OpExecutionModeId` with `LocalSizeId` (1.2).
#[test]
fn instructions_added_by_spirv_1_1_to_1_4() {
    let (mut b, c) = asm::skeleton((1, 4));
    // Two struct types of the same members (the builder would merge them): what OpCopyLogical
    // copies between.
    let pair = b.type_struct([c.int, c.int]);
    let other_pair = b.id();
    b.module_mut().types_global_values.push(Instruction::new(
        Op::TypeStruct,
        None,
        Some(other_pair),
        vec![Operand::IdRef(c.int), Operand::IdRef(c.int)],
    ));
    let (eight, one) = (b.constant_bit32(c.int, 8), b.constant_bit32(c.int, 1));
    let mut param = 0;
    let k = asm::kernel(&mut b, &c, "v14", |b, c, out| {
        param = out;
        let store = |b: &mut rspirv::dr::Builder, at: u32, v: u32| {
            let at = b.constant_bit64(c.long, at as u64);
            let p = b
                .in_bounds_ptr_access_chain(c.int_ptr, None, out, at, [])
                .unwrap();
            b.store(p, v, None, []).unwrap();
        };
        let size = b.size_of(c.int, None, out).unwrap();
        store(b, 0, size);
        let three = b.constant_bit64(c.long, 3);
        let p3 = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, three, [])
            .unwrap();
        let diff = b.ptr_diff(c.long, None, p3, out).unwrap();
        let diff = b.u_convert(c.int, None, diff).unwrap();
        store(b, 1, diff);
        let back = b.ptr_diff(c.int, None, out, p3).unwrap();
        store(b, 2, back);
        let bool_ty = b.type_bool();
        let (yes, no) = (b.constant_bit32(c.int, 1), b.constant_bit32(c.int, 0));
        for (at, op, lhs) in [
            (3, Op::PtrEqual, p3),
            (4, Op::PtrNotEqual, p3),
            (5, Op::PtrEqual, out),
        ] {
            let test = if op == Op::PtrEqual {
                b.ptr_equal(bool_ty, None, lhs, out).unwrap()
            } else {
                b.ptr_not_equal(bool_ty, None, lhs, out).unwrap()
            };
            let v = b.select(c.int, None, test, yes, no).unwrap();
            store(b, at, v);
        }
        let seven = b.constant_bit32(c.int, 7);
        let nine = b.constant_bit32(c.int, 9);
        let arr = b.composite_construct(pair, None, [seven, nine]).unwrap();
        let copied = b.copy_logical(other_pair, None, arr).unwrap();
        let second = b.composite_extract(c.int, None, copied, [1]).unwrap();
        store(b, 6, second);
    });
    b.execution_mode_id(k, ExecutionMode::LocalSizeId, [eight, one, one]);
    b.decorate_id(param, Decoration::AlignmentId, vec![Operand::IdRef(eight)]);
    let bytes = asm::bytes(b);
    if let Some(report) = validate_1_4(&bytes) {
        panic!("spirv-val --target-env spv1.4 rejects the test module: {report}");
    }
    let m = common::module_from_bytes(&bytes);
    let kernel = m.kernel("v14").unwrap();
    assert_eq!(kernel.required_group_size(), Some([8, 1, 1]));
    let mut out = vec![-1i32; 8];
    kernel
        .launch([1, 1, 1], [8, 1, 1])
        .buffer(&mut out)
        .run()
        .unwrap();
    assert_eq!(out, [4, 3, -3, 0, 1, 1, 9, -1]);
}

/// `spirv-val`'s complaint about `bytes` as SPIR-V 1.4, if it has one (`None` when it accepts
/// them, or is not installed: CI installs spirv-tools).
fn validate_1_4(bytes: &[u8]) -> Option<String> {
    let path = std::env::temp_dir().join(format!("kernels_versions-{}.spv", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "spv1.4"])
        .arg(&path)
        .output();
    std::fs::remove_file(&path).ok();
    match out {
        Ok(o) if !o.status.success() => Some(String::from_utf8_lossy(&o.stderr).into_owned()),
        Ok(_) => None,
        Err(_) => {
            eprintln!("spirv-val is not installed: the module is not validated");
            None
        }
    }
}
