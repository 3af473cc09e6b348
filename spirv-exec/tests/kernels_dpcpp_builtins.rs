//! Built-ins as current DPC++ declares them: `CrossWorkgroup` variables with Import linkage and
//! a `BuiltIn` decoration, each component read through `OpInBoundsPtrAccessChain %var 0 %c`
//! and a load (dpctl's test kernels). They must read the work-item's values, never zeros.

mod common;

use common::asm;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, Capability, Decoration, LinkageType, StorageClass};

/// `k(global int* out)`: `out[gid.x] = gid.x + 100 * offset.x + 1000 * gid.y` with the
/// built-ins read as DPC++ reads them; `whole` loads the vector through a pointer chain with
/// no component index instead of the `x` component.
fn module(whole: bool) -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::Linkage);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::CrossWorkgroup, v3);
    let long_ptr = b.type_pointer(None, StorageClass::CrossWorkgroup, c.long);
    let zero = b.constant_bit32(c.int, 0);
    let one = b.constant_bit32(c.int, 1);
    let hundred = b.constant_bit64(c.long, 100);
    let thousand = b.constant_bit64(c.long, 1000);
    let var = |b: &mut rspirv::dr::Builder, name: &str, which: BuiltIn| {
        let v = b.variable(v3_ptr, None, StorageClass::CrossWorkgroup, None);
        b.name(v, name);
        asm::builtin(b, v, which);
        b.decorate(v, Decoration::Constant, vec![]);
        b.decorate(
            v,
            Decoration::LinkageAttributes,
            vec![
                Operand::LiteralString(name.into()),
                Operand::LinkageType(LinkageType::Import),
            ],
        );
        v
    };
    let gid = var(
        &mut b,
        "__spirv_BuiltInGlobalInvocationId",
        BuiltIn::GlobalInvocationId,
    );
    let off = var(&mut b, "__spirv_BuiltInGlobalOffset", BuiltIn::GlobalOffset);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let x = if whole {
            let p = b
                .in_bounds_ptr_access_chain(v3_ptr, None, gid, zero, [])
                .unwrap();
            let v = b.load(v3, None, p, None, []).unwrap();
            b.composite_extract(c.long, None, v, [0]).unwrap()
        } else {
            let p = b
                .in_bounds_ptr_access_chain(long_ptr, None, gid, zero, [zero])
                .unwrap();
            b.load(c.long, None, p, None, []).unwrap()
        };
        let py = b
            .in_bounds_access_chain(long_ptr, None, gid, [one])
            .unwrap();
        let y = b.load(c.long, None, py, None, []).unwrap();
        let po = b
            .in_bounds_ptr_access_chain(long_ptr, None, off, zero, [zero])
            .unwrap();
        let o = b.load(c.long, None, po, None, []).unwrap();
        let o100 = b.i_mul(c.long, None, o, hundred).unwrap();
        let y1000 = b.i_mul(c.long, None, y, thousand).unwrap();
        let s = b.i_add(c.long, None, x, o100).unwrap();
        let s = b.i_add(c.long, None, s, y1000).unwrap();
        let s32 = b.u_convert(c.int, None, s).unwrap();
        let at = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, x, [])
            .unwrap();
        b.store(at, s32, None, []).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn cross_workgroup_builtins_read_the_work_items_ids() {
    for whole in [false, true] {
        for backend in common::backends() {
            let m = common::module_compiled(&module(whole), backend);
            let mut out = vec![-1i32; 16];
            m.kernel("k")
                .unwrap()
                .launch([4, 1, 1], [4, 1, 1])
                .buffer(&mut out)
                .run()
                .unwrap();
            let want: Vec<i32> = (0..16).collect();
            assert_eq!(out, want, "{} whole={whole}", backend.name());
        }
    }
}
