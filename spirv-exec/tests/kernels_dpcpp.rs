//! SPIR-V shapes current DPC++ writes (dpctl's, dpnp's and oneMKL's kernels), on both
//! executors:
//! * built-ins declared as `CrossWorkgroup` variables with Import linkage and a `BuiltIn`
//!   decoration, each component read through `OpInBoundsPtrAccessChain %var 0 %c` and a load:
//!   they must read the work-item's values, never zeros;
//! * hints: alias scopes (`SPV_INTEL_memory_access_aliasing`: declarations, decorations,
//!   memory operands) and the Intel fast-math flags;
//! * float atomics (`OpAtomicFAddEXT`, `FMinEXT`, `FMaxEXT`);
//! * function-scope variables with an initializer, set at each entry of their function.

mod common;

use common::asm;
use rspirv::dr::{Builder, InsertPoint, Instruction, Operand};
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, FPFastMathMode, FunctionControl, LinkageType, MemoryAccess,
    Op, Scope, StorageClass,
};

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

/// Runs kernel `k` of `words` over `groups` groups of `local` work-items on each backend,
/// with `out` as its one buffer, and returns each backend's result.
fn run_each(words: &[u8], local: u32, groups: u32, out: &[i32]) -> Vec<(String, Vec<i32>)> {
    common::backends()
        .into_iter()
        .map(|backend| {
            let m = common::module_compiled(words, backend);
            let mut o = out.to_vec();
            m.kernel("k")
                .unwrap_or_else(|| panic!("{}: {}", backend.name(), m.log()))
                .launch([groups, 1, 1], [local, 1, 1])
                .buffer(&mut o)
                .run()
                .unwrap();
            (backend.name().to_string(), o)
        })
        .collect()
}

fn push(b: &mut Builder, inst: Instruction) {
    b.insert_into_block(InsertPoint::End, inst).unwrap();
}

/// `k(global int* out)`: `out[0] = out[0] + 1` through accesses carrying alias scopes, the
/// scopes declared and decorated as DPC++ does; and a float add marked with the Intel
/// fast-math flags.
fn hints_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::MemoryAccessAliasingINTEL);
    b.capability(Capability::FPFastMathModeINTEL);
    b.extension("SPV_INTEL_memory_access_aliasing");
    b.extension("SPV_INTEL_fp_fast_math_mode");
    let one = b.constant_bit32(c.int, 1);
    let half = b.constant_bit32(c.float, 0.5f32.to_bits());
    let (domain, scope, list) = (b.id(), b.id(), b.id());
    for (op, result, operands) in [
        (Op::AliasDomainDeclINTEL, domain, vec![]),
        (Op::AliasScopeDeclINTEL, scope, vec![Operand::IdRef(domain)]),
        (
            Op::AliasScopeListDeclINTEL,
            list,
            vec![Operand::IdRef(scope)],
        ),
    ] {
        b.module_mut()
            .types_global_values
            .push(Instruction::new(op, None, Some(result), operands));
    }
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let x = b.id();
        push(
            b,
            Instruction::new(
                Op::Load,
                Some(c.int),
                Some(x),
                vec![
                    Operand::IdRef(out),
                    Operand::MemoryAccess(MemoryAccess::ALIAS_SCOPE_INTEL_MASK),
                    Operand::IdRef(list),
                ],
            ),
        );
        b.module_mut().annotations.push(Instruction::new(
            Op::DecorateId,
            None,
            None,
            vec![
                Operand::IdRef(x),
                Operand::Decoration(Decoration::AliasScopeINTEL),
                Operand::IdRef(list),
            ],
        ));
        let f = b.convert_s_to_f(c.float, None, x).unwrap();
        let g = b.f_add(c.float, None, f, half).unwrap();
        b.decorate(
            g,
            Decoration::FPFastMathMode,
            vec![Operand::FPFastMathMode(
                FPFastMathMode::ALLOW_CONTRACT | FPFastMathMode::ALLOW_REASSOC,
            )],
        );
        let back = b.convert_f_to_s(c.int, None, g).unwrap();
        let y = b.i_add(c.int, None, back, one).unwrap();
        b.decorate(y, Decoration::NoSignedWrap, vec![]);
        push(
            b,
            Instruction::new(
                Op::Store,
                None,
                None,
                vec![
                    Operand::IdRef(out),
                    Operand::IdRef(y),
                    Operand::MemoryAccess(MemoryAccess::NO_ALIAS_INTEL_MASK),
                    Operand::IdRef(list),
                ],
            ),
        );
    });
    asm::bytes(b)
}

#[test]
fn alias_scopes_and_fast_math_flags_are_hints() {
    for (backend, out) in run_each(&hints_module(), 1, 1, &[41]) {
        assert_eq!(out, [42], "{backend}");
    }
}

/// `k(global int* out)`: every work-item adds 1.5 to the float at `out[0]` and 2.0 to the
/// double at `out[2..4]`, takes the min of its id into `out[1]` and the max into `out[4]`
/// (as floats), with the `EXT` float atomics.
fn float_atomics_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::Float64);
    for cap in [
        Capability::AtomicFloat32AddEXT,
        Capability::AtomicFloat64AddEXT,
        Capability::AtomicFloat32MinMaxEXT,
    ] {
        b.capability(cap);
    }
    b.extension("SPV_EXT_shader_atomic_float_add");
    b.extension("SPV_EXT_shader_atomic_float_min_max");
    let double = b.type_float(64, None);
    let fptr = b.type_pointer(None, StorageClass::CrossWorkgroup, c.float);
    let dptr = b.type_pointer(None, StorageClass::CrossWorkgroup, double);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let gid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid, BuiltIn::GlobalInvocationId);
    let device = b.constant_bit32(c.int, Scope::Device as u32);
    let relaxed = b.constant_bit32(c.int, 0);
    let f15 = b.constant_bit32(c.float, 1.5f32.to_bits());
    let d2 = b.constant_bit64(double, 2.0f64.to_bits());
    let [i1, i4] = [1u32, 4].map(|k| b.constant_bit64(c.long, k as u64));
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let ids = b.load(v3, None, gid, None, []).unwrap();
        let id = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let fid = b.convert_u_to_f(c.float, None, id).unwrap();
        let p0 = b.bitcast(fptr, None, out).unwrap();
        let p1i = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, i1, [])
            .unwrap();
        let p1 = b.bitcast(fptr, None, p1i).unwrap();
        let p4i = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, i4, [])
            .unwrap();
        let p4 = b.bitcast(fptr, None, p4i).unwrap();
        // out[2..4] as a double: 8-byte aligned in the test's buffer.
        let p2i = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, i1, [])
            .unwrap();
        let p2i = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, p2i, i1, [])
            .unwrap();
        let p2 = b.bitcast(dptr, None, p2i).unwrap();
        for (op, ty, ptr, value) in [
            (Op::AtomicFAddEXT, c.float, p0, f15),
            (Op::AtomicFMinEXT, c.float, p1, fid),
            (Op::AtomicFMaxEXT, c.float, p4, fid),
            (Op::AtomicFAddEXT, double, p2, d2),
        ] {
            let r = b.id();
            push(
                b,
                Instruction::new(
                    op,
                    Some(ty),
                    Some(r),
                    vec![
                        Operand::IdRef(ptr),
                        Operand::IdRef(device),
                        Operand::IdRef(relaxed),
                        Operand::IdRef(value),
                    ],
                ),
            );
        }
    });
    asm::bytes(b)
}

#[test]
fn float_atomics_add_min_and_max() {
    let (groups, local) = (8u32, 64u32);
    let n = (groups * local) as f32;
    let mut init = [0i32; 6];
    init[0] = 0f32.to_bits() as i32;
    init[1] = 1e9f32.to_bits() as i32;
    init[4] = (-1f32).to_bits() as i32;
    for (backend, out) in run_each(&float_atomics_module(), local, groups, &init) {
        assert_eq!(f32::from_bits(out[0] as u32), 1.5 * n, "{backend} fadd");
        assert_eq!(f32::from_bits(out[1] as u32), 0.0, "{backend} fmin");
        assert_eq!(f32::from_bits(out[4] as u32), n - 1.0, "{backend} fmax");
        let d = (out[2] as u32 as u64) | ((out[3] as u32 as u64) << 32);
        assert_eq!(f64::from_bits(d), 2.0 * n as f64, "{backend} fadd double");
    }
}

/// `k(global int* out)`: `out[gid] = f() + f() + t[gid % 4]` where `f` has a variable
/// initialized to 5 that it increments and returns (6 at every call), and `t` is a private
/// array initialized to `{10, 20, 30, 40}`.
fn initializers_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let int_fn_ptr = b.type_pointer(None, StorageClass::Function, c.int);
    let four = b.constant_bit32(c.int, 4);
    let arr = b.type_array(c.int, four);
    let arr_ptr = b.type_pointer(None, StorageClass::Function, arr);
    let five = b.constant_bit32(c.int, 5);
    let one = b.constant_bit32(c.int, 1);
    let table: Vec<u32> = [10u32, 20, 30, 40]
        .iter()
        .map(|v| b.constant_bit32(c.int, *v))
        .collect();
    let table = b.constant_composite(arr, table);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let gid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid, BuiltIn::GlobalInvocationId);
    let three = b.constant_bit64(c.long, 3);
    // int f(void)
    let f_ty = b.type_function(c.int, vec![]);
    let f = b
        .begin_function(c.int, None, FunctionControl::DONT_INLINE, f_ty)
        .unwrap();
    b.begin_block(None).unwrap();
    let x = b.variable(int_fn_ptr, None, StorageClass::Function, Some(five));
    let v = b.load(c.int, None, x, None, []).unwrap();
    let w = b.i_add(c.int, None, v, one).unwrap();
    b.store(x, w, None, []).unwrap();
    let r = b.load(c.int, None, x, None, []).unwrap();
    b.ret_value(r).unwrap();
    b.end_function().unwrap();
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let t = b.id();
        // Function-scope variables come first in the block.
        push(
            b,
            Instruction::new(
                Op::Variable,
                Some(arr_ptr),
                Some(t),
                vec![
                    Operand::StorageClass(StorageClass::Function),
                    Operand::IdRef(table),
                ],
            ),
        );
        let ids = b.load(v3, None, gid, None, []).unwrap();
        let id = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let a = b.function_call(c.int, None, f, []).unwrap();
        let bb = b.function_call(c.int, None, f, []).unwrap();
        let k = b.bitwise_and(c.long, None, id, three).unwrap();
        let pt = b.in_bounds_access_chain(int_fn_ptr, None, t, [k]).unwrap();
        let tv = b.load(c.int, None, pt, None, []).unwrap();
        let s = b.i_add(c.int, None, a, bb).unwrap();
        let s = b.i_add(c.int, None, s, tv).unwrap();
        let at = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, id, [])
            .unwrap();
        b.store(at, s, None, []).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn function_variables_take_their_initializer_at_each_entry() {
    let want: Vec<i32> = (0..32).map(|i| 12 + [10, 20, 30, 40][i % 4]).collect();
    for (backend, out) in run_each(&initializers_module(), 8, 4, &[0; 32]) {
        assert_eq!(out, want, "{backend}");
    }
}

/// `k(global int* out)`: `if (gid < 5) { sub_group_barrier(); out[gid] = 1; }`, the barrier
/// with execution scope `Subgroup` in flow that differs between the group's work-items (as
/// SYCL's sub-group loads and stores put them in a tail).
fn subgroup_barrier_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let boolean = b.type_bool();
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let gid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid, BuiltIn::GlobalInvocationId);
    let five = b.constant_bit64(c.long, 5);
    let one = b.constant_bit32(c.int, 1);
    let subgroup = b.constant_bit32(c.int, Scope::Subgroup as u32);
    let semantics = b.constant_bit32(c.int, 0x110);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let ids = b.load(v3, None, gid, None, []).unwrap();
        let id = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let low = b.u_less_than(boolean, None, id, five).unwrap();
        let (then, end) = (b.id(), b.id());
        b.selection_merge(end, rspirv::spirv::SelectionControl::NONE)
            .unwrap();
        b.branch_conditional(low, then, end, []).unwrap();
        b.begin_block(Some(then)).unwrap();
        b.control_barrier(subgroup, subgroup, semantics).unwrap();
        let at = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, id, [])
            .unwrap();
        b.store(at, one, None, []).unwrap();
        b.branch(end).unwrap();
        b.begin_block(Some(end)).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn subgroup_barriers_may_sit_in_divergent_flow() {
    let want: Vec<i32> = (0..16).map(|i| (i < 5) as i32).collect();
    for (backend, out) in run_each(&subgroup_barrier_module(), 16, 1, &[0; 16]) {
        assert_eq!(out, want, "{backend}");
    }
}

/// Declares function `name` of type `ty` (returning `ret`) as an import without a body.
fn import_fn(b: &mut Builder, name: &str, ret: u32, ty: u32, params: &[u32]) -> u32 {
    let f = b
        .begin_function(ret, None, FunctionControl::NONE, ty)
        .unwrap();
    for p in params {
        b.function_parameter(*p).unwrap();
    }
    b.end_function().unwrap();
    b.name(f, name);
    b.decorate(
        f,
        Decoration::LinkageAttributes,
        vec![
            Operand::LiteralString(name.into()),
            Operand::LinkageType(LinkageType::Import),
        ],
    );
    f
}

/// `k(global int* out)`: `out[0] = fshl(out[0], out[1], out[2])`,
/// `out[1] = fshr(out[3], out[4], out[5])`, and `out[2 + i] = is_fpclass(x_i, mask)` for floats
/// `x` read from `out[8..]` with the classes of `out[6]`, through the LLVM intrinsics the
/// translator leaves as imports (`llvm.fshl.i32`, `llvm.fshr.i32`, `llvm.is.fpclass.f32`).
fn intrinsics_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::Linkage);
    let boolean = b.type_bool();
    let fptr = b.type_pointer(None, StorageClass::CrossWorkgroup, c.float);
    let fn3 = b.type_function(c.int, vec![c.int, c.int, c.int]);
    let fncls = b.type_function(boolean, vec![c.float, c.int]);
    let fshl = import_fn(&mut b, "llvm.fshl.i32", c.int, fn3, &[c.int, c.int, c.int]);
    let fshr = import_fn(&mut b, "llvm.fshr.i32", c.int, fn3, &[c.int, c.int, c.int]);
    let class = import_fn(
        &mut b,
        "llvm.is.fpclass.f32",
        boolean,
        fncls,
        &[c.float, c.int],
    );
    // Negative normals, both zeros and +inf (bits 3, 5, 6, 9).
    let mask = b.constant_bit32(c.int, (1 << 3) | (1 << 5) | (1 << 6) | (1 << 9));
    let idx: Vec<u32> = (0..16u64).map(|i| b.constant_bit64(c.long, i)).collect();
    let (one, zero) = (b.constant_bit32(c.int, 1), b.constant_bit32(c.int, 0));
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let at = |b: &mut Builder, i: usize| {
            b.in_bounds_ptr_access_chain(c.int_ptr, None, out, idx[i], [])
                .unwrap()
        };
        let load = |b: &mut Builder, i: usize| {
            let p = at(b, i);
            b.load(c.int, None, p, None, []).unwrap()
        };
        let v: Vec<u32> = (0..6).map(|i| load(b, i)).collect();
        let l = b
            .function_call(c.int, None, fshl, [v[0], v[1], v[2]])
            .unwrap();
        let r = b
            .function_call(c.int, None, fshr, [v[3], v[4], v[5]])
            .unwrap();
        let (p0, p1) = (at(b, 0), at(b, 1));
        b.store(p0, l, None, []).unwrap();
        b.store(p1, r, None, []).unwrap();
        for i in 0..6 {
            let pi = at(b, 8 + i);
            let pf = b.bitcast(fptr, None, pi).unwrap();
            let x = b.load(c.float, None, pf, None, []).unwrap();
            let yes = b.function_call(boolean, None, class, [x, mask]).unwrap();
            let v = b.select(c.int, None, yes, one, zero).unwrap();
            let po = at(b, 2 + i);
            b.store(po, v, None, []).unwrap();
        }
    });
    asm::bytes(b)
}

#[test]
fn llvm_intrinsics_left_as_imports_run() {
    let xs = [-1.5f32, -0.0, 0.0, f32::INFINITY, f32::NAN, 1e-40];
    let mut init = [0i32; 16];
    init[..6].copy_from_slice(&[
        0x1234_5678,
        0x9abc_def0u32 as i32,
        8,
        0x1234_5678,
        0x9abc_def0u32 as i32,
        36,
    ]);
    for (i, x) in xs.iter().enumerate() {
        init[8 + i] = x.to_bits() as i32;
    }
    let fshl = |a: u32, b: u32, c: u32| ((((a as u64) << 32 | b as u64) << (c % 32)) >> 32) as u32;
    let fshr = |a: u32, b: u32, c: u32| (((a as u64) << 32 | b as u64) >> (c % 32)) as u32;
    for (backend, out) in run_each(&intrinsics_module(), 1, 1, &init) {
        assert_eq!(
            out[0] as u32,
            fshl(0x1234_5678, 0x9abc_def0, 8),
            "{backend} fshl"
        );
        assert_eq!(
            out[1] as u32,
            fshr(0x1234_5678, 0x9abc_def0, 36),
            "{backend} fshr"
        );
        assert_eq!(&out[2..8], &[1, 1, 1, 1, 0, 0], "{backend} is.fpclass");
    }
}

/// `k(global int* out)`: `llvm.memmove.p1.p1.i64(out + 1, out, 12, false)`, as an import.
fn memmove_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    b.capability(Capability::Linkage);
    let boolean = b.type_bool();
    let ty = b.type_function(c.void, vec![c.int_ptr, c.int_ptr, c.long, boolean]);
    let name = "llvm.memmove.p1.p1.i64";
    let mv = import_fn(
        &mut b,
        name,
        c.void,
        ty,
        &[c.int_ptr, c.int_ptr, c.long, boolean],
    );
    let one = b.constant_bit64(c.long, 1);
    let twelve = b.constant_bit64(c.long, 12);
    let no = b.constant_false(boolean);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let dst = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, one, [])
            .unwrap();
        b.function_call(c.void, None, mv, [dst, out, twelve, no])
            .unwrap();
    });
    asm::bytes(b)
}

#[test]
fn llvm_memmove_left_as_an_import_moves() {
    for (backend, out) in run_each(&memmove_module(), 1, 1, &[1, 2, 3, 4, 5]) {
        assert_eq!(out, [1, 1, 2, 3, 5], "{backend}");
    }
}

/// `k(global int* out)` over one group of 16: `async_work_group_copy(tmp, out, 16, 0)` into a
/// `__local int tmp[16]`, `wait_group_events`, then `out[16 + lid] = 2 * tmp[15 - lid]`.
fn async_copy_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let event = b.type_event();
    let sixteen = b.constant_bit32(c.int, 16);
    let arr = b.type_array(c.int, sixteen);
    let arr_ptr = b.type_pointer(None, StorageClass::Workgroup, arr);
    let local_int = b.type_pointer(None, StorageClass::Workgroup, c.int);
    let event_ptr = b.type_pointer(None, StorageClass::Function, event);
    let tmp = b.variable(arr_ptr, None, StorageClass::Workgroup, None);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let lid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, lid, BuiltIn::LocalInvocationId);
    let workgroup = b.constant_bit32(c.int, Scope::Workgroup as u32);
    let n = b.constant_bit64(c.long, 16);
    let one = b.constant_bit64(c.long, 1);
    let zero64 = b.constant_bit64(c.long, 0);
    let fifteen = b.constant_bit64(c.long, 15);
    let two = b.constant_bit32(c.int, 2);
    let one32 = b.constant_bit32(c.int, 1);
    let no_event = b.constant_null(event);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let slot = b.id();
        push(
            b,
            Instruction::new(
                Op::Variable,
                Some(event_ptr),
                Some(slot),
                vec![Operand::StorageClass(StorageClass::Function)],
            ),
        );
        let base = b
            .in_bounds_access_chain(local_int, None, tmp, [zero64])
            .unwrap();
        let e = b.id();
        push(
            b,
            Instruction::new(
                Op::GroupAsyncCopy,
                Some(event),
                Some(e),
                vec![
                    Operand::IdScope(workgroup),
                    Operand::IdRef(base),
                    Operand::IdRef(out),
                    Operand::IdRef(n),
                    Operand::IdRef(one),
                    Operand::IdRef(no_event),
                ],
            ),
        );
        b.store(slot, e, None, []).unwrap();
        push(
            b,
            Instruction::new(
                Op::GroupWaitEvents,
                None,
                None,
                vec![
                    Operand::IdScope(workgroup),
                    Operand::IdRef(one32),
                    Operand::IdRef(slot),
                ],
            ),
        );
        let ids = b.load(v3, None, lid, None, []).unwrap();
        let l = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let r = b.i_sub(c.long, None, fifteen, l).unwrap();
        let pt = b.in_bounds_access_chain(local_int, None, tmp, [r]).unwrap();
        let x = b.load(c.int, None, pt, None, []).unwrap();
        let y = b.i_mul(c.int, None, x, two).unwrap();
        let o = b.i_add(c.long, None, l, n).unwrap();
        let po = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, o, [])
            .unwrap();
        b.store(po, y, None, []).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn async_work_group_copies_complete_at_the_wait() {
    let mut init: Vec<i32> = (0..16).collect();
    init.extend([0; 16]);
    let want: Vec<i32> = (0..16).chain((0..16).map(|l| 2 * (15 - l))).collect();
    for (backend, out) in run_each(&async_copy_module(), 16, 1, &init) {
        assert_eq!(out, want, "{backend}");
    }
}

/// `k(global int* out)` over one group of 16: `tmp[lid] = lid; sub_group_barrier();
/// out[lid] = tmp[lid ^ 1]` with `__local int tmp[16]`: values exchanged within a sub-group
/// through local memory across a sub-group barrier.
fn subgroup_exchange_module() -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let sixteen = b.constant_bit32(c.int, 16);
    let arr = b.type_array(c.int, sixteen);
    let arr_ptr = b.type_pointer(None, StorageClass::Workgroup, arr);
    let local_int = b.type_pointer(None, StorageClass::Workgroup, c.int);
    let tmp = b.variable(arr_ptr, None, StorageClass::Workgroup, None);
    let v3 = b.type_vector(c.long, 3);
    let v3_ptr = b.type_pointer(None, StorageClass::Input, v3);
    let lid = b.variable(v3_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, lid, BuiltIn::LocalInvocationId);
    let subgroup = b.constant_bit32(c.int, Scope::Subgroup as u32);
    let semantics = b.constant_bit32(c.int, 0x100 | 0x10);
    let one = b.constant_bit64(c.long, 1);
    asm::kernel(&mut b, &c, "k", |b, c, out| {
        let ids = b.load(v3, None, lid, None, []).unwrap();
        let l = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let l32 = b.u_convert(c.int, None, l).unwrap();
        let mine = b.in_bounds_access_chain(local_int, None, tmp, [l]).unwrap();
        b.store(mine, l32, None, []).unwrap();
        b.control_barrier(subgroup, subgroup, semantics).unwrap();
        let other = b.bitwise_xor(c.long, None, l, one).unwrap();
        let theirs = b
            .in_bounds_access_chain(local_int, None, tmp, [other])
            .unwrap();
        let x = b.load(c.int, None, theirs, None, []).unwrap();
        let at = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, l, [])
            .unwrap();
        b.store(at, x, None, []).unwrap();
    });
    asm::bytes(b)
}

#[test]
fn a_subgroup_exchange_through_local_memory_runs_on_the_interpreter() {
    let words = spirv_exec::words(&subgroup_exchange_module()).unwrap();
    let want: Vec<i32> = (0..16).map(|l| l ^ 1).collect();
    for backend in common::backends() {
        let m = spirv_exec::Module::build_with(&words, &Default::default(), backend).unwrap();
        let k = m.kernel("k").unwrap();
        if backend.name() == "compiler" {
            assert!(k.prepare().unwrap().is_none(), "left to the interpreter");
            assert!(m.log().contains("sub-group barriers"), "{}", m.log());
        }
        let mut out = vec![0i32; 16];
        k.launch([1, 1, 1], [16, 1, 1])
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out, want, "{}", backend.name());
    }
}
