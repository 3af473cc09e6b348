//! Module forms clang does not emit, built with rspirv: built-ins declared as `UniformConstant`
//! imports (issue 11, item 11); kernel attributes and partial modules from the corpus.

mod common;

use common::asm;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Decoration, LinkageType, StorageClass};
use spirv_exec::Module;

/// `out[gid] = gid * 1000 + lid` where both built-ins are `UniformConstant` imports named
/// `__spirv_BuiltIn*`, as older SPIR-V producers declare them.
#[test]
fn uniform_constant_builtins_read_their_values() {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(rspirv::spirv::Capability::Linkage);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::UniformConstant, v3);
    let import = |b: &mut rspirv::dr::Builder, which: BuiltIn, name: &str| {
        let v = b.variable(v3_ptr, None, StorageClass::UniformConstant, None);
        asm::builtin(b, v, which);
        b.decorate(
            v,
            Decoration::LinkageAttributes,
            vec![
                Operand::LiteralString(name.into()),
                Operand::LinkageType(LinkageType::Import),
            ],
        );
        b.decorate(v, Decoration::Constant, vec![]);
        v
    };
    let gid = import(
        &mut b,
        BuiltIn::GlobalInvocationId,
        "__spirv_BuiltInGlobalInvocationId",
    );
    let lid = import(
        &mut b,
        BuiltIn::LocalInvocationId,
        "__spirv_BuiltInLocalInvocationId",
    );
    asm::kernel(&mut b, &c, "ids", |b, c, out| {
        let g = b.load(v3, None, gid, None, []).unwrap();
        let g = b.composite_extract(c.long, None, g, [0]).unwrap();
        let l = b.load(v3, None, lid, None, []).unwrap();
        let l = b.composite_extract(c.long, None, l, [0]).unwrap();
        let k = b.constant_bit64(c.long, 1000);
        let v = b.i_mul(c.long, None, g, k).unwrap();
        let v = b.i_add(c.long, None, v, l).unwrap();
        let v = b.u_convert(c.int, None, v).unwrap();
        let p = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, g, [])
            .unwrap();
        b.store(p, v, None, []).unwrap();
    });
    let m = Module::from_bytes(&asm::bytes(b), &Default::default()).unwrap();
    let mut out = vec![-1i32; 64];
    m.kernel("ids")
        .unwrap()
        .launch([4, 1, 1], [16, 1, 1])
        .buffer(&mut out)
        .run()
        .unwrap();
    let want: Vec<i32> = (0..64).map(|i| i * 1000 + i % 16).collect();
    assert_eq!(out, want);
}

/// A module with an image kernel builds (issue 11, item 13): the image kernel is unavailable,
/// with the reason in the build log; the other kernel runs.
#[test]
fn module_with_an_unsupported_kernel_builds() {
    for opt in common::OPT {
        let m = common::module(&format!("partial_images-{opt}"));
        let err = m
            .unavailable("image_copy")
            .expect("image_copy is unavailable");
        assert!(err.message.contains("images"), "{err}");
        assert!(m.kernel("image_copy").is_none());
        assert!(
            m.log().contains("kernel image_copy: ") && m.log().contains("images"),
            "{}",
            m.log()
        );
        let input: Vec<i32> = (0..40).collect();
        let mut out = vec![0i32; 40];
        common::launch_1d(common::kernel(&m, "plain_double"), 40, 8)
            .input(&input)
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out, (0..40).map(|i| i * 2 + 1).collect::<Vec<_>>());
    }
}

/// `work_group_size_hint` is read beside `reqd_work_group_size` (issue 11, item 16); a hint
/// does not constrain the launch.
#[test]
fn group_size_hints_are_read() {
    for opt in common::OPT {
        let m = common::module(&format!("attributes-{opt}"));
        let hinted = common::kernel(&m, "hinted");
        assert_eq!(hinted.group_size_hint(), Some([8, 4, 1]));
        assert_eq!(hinted.required_group_size(), None);
        let both = common::kernel(&m, "required_and_hinted");
        assert_eq!(both.group_size_hint(), Some([4, 2, 1]));
        assert_eq!(both.required_group_size(), Some([4, 2, 1]));
        let mut out = vec![0i32; 6];
        common::launch_1d(hinted, 6, 3)
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out, [3; 6], "{opt}: the hint is not the group size");
    }
}

/// The refusal of an ill-shaped module: its error when the module is refused, or the
/// kernel's when only the kernel is.
fn refusal(b: rspirv::dr::Builder) -> String {
    match Module::from_bytes(&asm::bytes(b), &Default::default()) {
        Err(e) => e.to_string(),
        Ok(m) => match m.unavailable("k") {
            Some(e) => e.to_string(),
            None => panic!("the ill-shaped kernel was accepted"),
        },
    }
}

/// Composites whose parts do not fill their type (the fuzzer's seed 27 input 4130: a
/// `v8float` constant of two floats fed to `mad`, which read past the register file) are
/// refused at build: a constant, an `OpCompositeConstruct`, and `OpVectorShuffle`s with too
/// few components or a result wider than a vector.
#[test]
fn composites_that_do_not_fill_their_type_are_refused() {
    // `out[0] = (int)v[0]` for the vector `make(builder, common)` returns.
    type Make = fn(&mut rspirv::dr::Builder, &asm::Common) -> (u32, u32);
    let cases: [(&str, Make); 4] = [
        ("constant", |b, c| {
            let v8 = b.type_vector(c.float, 8);
            let half = b.constant_bit32(c.float, 0.5f32.to_bits());
            (b.constant_composite(v8, [half, half]), c.float)
        }),
        ("construct", |b, c| {
            let v4 = b.type_vector(c.float, 4);
            let half = b.constant_bit32(c.float, 0.5f32.to_bits());
            let v = b.composite_construct(v4, None, [half, half]).unwrap();
            (v, c.float)
        }),
        ("shuffle", |b, c| {
            let (v2, v4) = (b.type_vector(c.float, 2), b.type_vector(c.float, 4));
            let half = b.constant_bit32(c.float, 0.5f32.to_bits());
            let x = b.constant_composite(v2, [half, half]);
            (b.vector_shuffle(v4, None, x, x, [1, 0]).unwrap(), c.float)
        }),
        ("wide shuffle", |b, c| {
            let v2 = b.type_vector(c.float, 2);
            let n = b.constant_bit32(c.int, 20);
            let wide = b.type_array(c.float, n);
            let half = b.constant_bit32(c.float, 0.5f32.to_bits());
            let x = b.constant_composite(v2, [half, half]);
            let picks = [0u32, 1, 2, 3].repeat(5);
            (b.vector_shuffle(wide, None, x, x, picks).unwrap(), c.float)
        }),
    ];
    for (what, make) in cases {
        let (mut b, c) = asm::skeleton((1, 0));
        asm::kernel(&mut b, &c, "k", |b, c, out| {
            let (v, elem) = make(b, c);
            let x = b.composite_extract(elem, None, v, [0]).unwrap();
            let x = b.convert_f_to_s(c.int, None, x).unwrap();
            b.store(out, x, None, []).unwrap();
        });
        let err = refusal(b);
        assert!(err.contains("components"), "{what}: {err}");
    }
}
