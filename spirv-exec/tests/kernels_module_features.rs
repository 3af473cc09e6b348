//! Module features Intel's conformance tests use (issue 28, item 5): calls through pointers to
//! functions whose address the module never takes (kernels/src/function_pointers_given.cl),
//! specialization constants of every scalar type (kernels/src/spec_constants.cl), and
//! `sampler_t` parameters and literal samplers (hand-built: llvm-spirv-15 fails on a sampler
//! at -O0).

mod common;

use rspirv::spirv::{
    Capability, ExecutionModel, FunctionControl, SamplerAddressingMode, SamplerFilterMode,
};
use spirv_exec::{Module, ParamKind, SpecConstants};

#[test]
fn pointers_to_functions_never_taken_are_call_targets() {
    for opt in common::OPT {
        let m = common::module(&format!("function_pointers_given-{opt}"));
        let by_value = common::kernel(&m, "call_by_value");
        let add_one = m.function_pointer("add_one").expect("add_one");
        let times_three = m.function_pointer("times_three").expect("times_three");
        for (f, want) in [(add_one, 1), (times_three, 0)] {
            let mut out = vec![0i32; 16];
            by_value
                .launch([1, 1, 1], [16, 1, 1])
                .value(&f)
                .buffer(&mut out)
                .run()
                .unwrap();
            let expect: Vec<i32> = (0..16)
                .map(|i| if want == 1 { i + 1 } else { 3 * i })
                .collect();
            assert_eq!(out, expect, "{opt}");
        }
        // Pointers read from a buffer, several in one launch.
        let from_buffer = common::kernel(&m, "call_from_buffer");
        let mut out = vec![0i32; 16];
        from_buffer
            .launch([1, 1, 1], [16, 1, 1])
            .input(&[add_one, times_three])
            .value(&2i32)
            .buffer(&mut out)
            .run()
            .unwrap();
        let expect: Vec<i32> = (0..16)
            .map(|i| if i % 2 == 0 { i + 1 } else { 3 * i })
            .collect();
        assert_eq!(out, expect, "{opt}");
        // A pointer that names no function of the module is a fault, not a crash.
        let stray = by_value
            .launch([1, 1, 1], [16, 1, 1])
            .value(&(add_one ^ 0x40))
            .buffer(&mut out)
            .run();
        assert!(stray.is_err(), "{opt}: a stray pointer was called");
    }
}

/// Builds `kernels/spv/<name>.spv` with `spec` for the backend of `SPIRV_EXEC_BACKEND`.
fn module_with(name: &str, spec: &SpecConstants) -> Module {
    let backend = std::env::var("SPIRV_EXEC_BACKEND").unwrap_or_else(|_| "jit".into());
    let backend = spirv_exec::backend_named(&backend).expect("jit or interp");
    let words = spirv_exec::words(&common::spirv(name)).unwrap();
    Module::build_with(&words, spec, backend).unwrap()
}

#[test]
fn specialization_constants_of_every_type() {
    for opt in common::OPT {
        let name = format!("spec_constants-{opt}");
        let run = |m: &Module| {
            let mut out = vec![0f64; 6];
            let k = common::kernel(m, "spec_constant_values");
            k.launch([1, 1, 1], [1, 1, 1])
                .buffer(&mut out)
                .run()
                .unwrap();
            out
        };
        let defaults = run(&module_with(&name, &SpecConstants::new()));
        assert_eq!(defaults, [-8.0, -16.0, 32.0, 64.0, 0.5, 0.25], "{opt}");
        // Values as the driver reads them: the constant's bytes, little-endian, in a u64.
        let spec: SpecConstants = [
            (0, (-100i8) as u8 as u64),
            (1, (-1000i16) as u16 as u64),
            (2, 123_456u64),
            (3, (-(1i64 << 40)) as u64),
            (4, u64::from(1.5f32.to_bits())),
            (5, (-2.75f64).to_bits()),
        ]
        .into();
        let set = run(&module_with(&name, &spec));
        assert_eq!(
            set,
            [-100.0, -1000.0, 123_456.0, -(2f64.powi(40)), 1.5, -2.75],
            "{opt}"
        );
        // Several modules of one binary, each with its constants (some left at default).
        let sum = |spec: &SpecConstants| {
            let m = module_with(&name, spec);
            let mut out = [0u64];
            let k = common::kernel(&m, "spec_constant_sum");
            k.launch([1, 1, 1], [1, 1, 1])
                .buffer(&mut out)
                .run()
                .unwrap();
            out[0]
        };
        assert_eq!(sum(&SpecConstants::new()), 160, "{opt}");
        assert_eq!(sum(&[(10, 20), (11, 40), (13, 80)].into()), 190, "{opt}");
        assert_eq!(sum(&SpecConstants::new()), 160, "{opt}");
    }
}

/// `sampler_arg(global int* out, sampler_t s, int v)`: `*out = plus_one(s, v)`, and
/// `sampler_literal(global int* out, int v)`: `*out = plus_one(literal, v)` with a literal
/// sampler (repeat, normalized, linear); `plus_one(sampler_t, int v)` is `v + 1`.
fn sampler_module() -> Vec<u8> {
    let (mut b, c) = common::asm::skeleton((1, 0));
    b.capability(Capability::LiteralSampler);
    let sampler = b.type_sampler();
    let one = b.constant_bit32(c.int, 1);
    let literal = b.constant_sampler(
        sampler,
        SamplerAddressingMode::Repeat,
        1,
        SamplerFilterMode::Linear,
    );
    let plus_ty = b.type_function(c.int, vec![sampler, c.int]);
    let plus_one = b
        .begin_function(c.int, None, FunctionControl::NONE, plus_ty)
        .unwrap();
    b.function_parameter(sampler).unwrap();
    let v = b.function_parameter(c.int).unwrap();
    b.begin_block(None).unwrap();
    let sum = b.i_add(c.int, None, v, one).unwrap();
    b.ret_value(sum).unwrap();
    b.end_function().unwrap();
    let mut kernel = |name: &str, takes_sampler: bool| {
        let mut params = vec![c.int_ptr];
        if takes_sampler {
            params.push(sampler);
        }
        params.push(c.int);
        let ty = b.type_function(c.void, params);
        let f = b
            .begin_function(c.void, None, FunctionControl::NONE, ty)
            .unwrap();
        let out = b.function_parameter(c.int_ptr).unwrap();
        let s = if takes_sampler {
            b.function_parameter(sampler).unwrap()
        } else {
            literal
        };
        let v = b.function_parameter(c.int).unwrap();
        b.begin_block(None).unwrap();
        let r = b.function_call(c.int, None, plus_one, vec![s, v]).unwrap();
        b.store(out, r, None, vec![]).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        b.entry_point(ExecutionModel::Kernel, f, name, vec![]);
        b.name(f, name);
    };
    kernel("sampler_arg", true);
    kernel("sampler_literal", false);
    common::asm::bytes(b)
}

#[test]
fn samplers_are_integers_of_opencl_bits() {
    assert_eq!(spirv_exec::sampler_bits(3, 1, 1), Some(0x27)); // repeat, normalized, linear
    assert_eq!(spirv_exec::sampler_bits(0, 0, 0), Some(0x10)); // none, nearest
    assert_eq!(spirv_exec::sampler_bits(1, 0, 0), Some(0x12)); // clamp to edge
    assert_eq!(spirv_exec::sampler_bits(2, 0, 0), Some(0x14)); // clamp (to border)
    assert_eq!(spirv_exec::sampler_bits(4, 0, 0), Some(0x18)); // mirrored repeat
    assert_eq!(spirv_exec::sampler_bits(5, 0, 0), None);
    for backend in common::backends() {
        let words = spirv_exec::words(&sampler_module()).unwrap();
        let m = Module::build_with(&words, &Default::default(), backend).unwrap();
        let arg = common::kernel(&m, "sampler_arg");
        assert_eq!(arg.params()[1].kind, ParamKind::Sampler);
        assert_eq!(arg.params()[1].size, 4);
        let mut out = [0i32];
        arg.launch([1, 1, 1], [1, 1, 1])
            .buffer(&mut out)
            .value(&0x27u32)
            .value(&41i32)
            .run()
            .unwrap();
        assert_eq!(out, [42], "{}", backend.name());
        let literal = common::kernel(&m, "sampler_literal");
        literal
            .launch([1, 1, 1], [1, 1, 1])
            .buffer(&mut out)
            .value(&6i32)
            .run()
            .unwrap();
        assert_eq!(out, [7], "{}", backend.name());
    }
}

#[test]
fn function_pointers_by_exported_name_without_debug_names() {
    let bytes = common::spirv("function_pointers_given-O2");
    let words = spirv_exec::words(&bytes).unwrap();
    // The module without its OpName instructions (as `spirv-opt --strip-debug` leaves it).
    let mut stripped = words[..5].to_vec();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if words[at] & 0xffff != 5 {
            stripped.extend_from_slice(&words[at..at + count]);
        }
        at += count;
    }
    for backend in common::backends() {
        let m = Module::build_with(&stripped, &Default::default(), backend).unwrap();
        let add_one = m
            .function_pointer("add_one")
            .expect("add_one by its export");
        let mut out = vec![0i32; 4];
        common::kernel(&m, "call_by_value")
            .launch([1, 1, 1], [4, 1, 1])
            .value(&add_one)
            .buffer(&mut out)
            .run()
            .unwrap();
        assert_eq!(out, [1, 2, 3, 4], "{}", backend.name());
    }
}
