//! Modules built from several SPIR-V modules (`Module::build_linked`): imports resolved to
//! exports by name (`kernels/link/`), and the errors of a link that cannot be made.

mod common;

use spirv_exec::{Module, SpecConstants};

/// The words of `kernels/link/<name>.spv`.
fn link_input(name: &str) -> Vec<u32> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../kernels/link")
        .join(format!("{name}.spv"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    spirv_exec::words(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn link(names: &[&str]) -> Result<Module, spirv_exec::BuildError> {
    let words: Vec<Vec<u32>> = names.iter().map(|n| link_input(n)).collect();
    let spec = SpecConstants::new();
    let inputs: Vec<(&[u32], &SpecConstants)> = words.iter().map(|w| (&w[..], &spec)).collect();
    let backend = std::env::var("SPIRV_EXEC_BACKEND").unwrap_or_else(|_| "jit".into());
    let backend = spirv_exec::backend_named(&backend).expect("jit or interp");
    Module::build_linked_with(&inputs, backend)
}

#[test]
fn a_kernel_calls_a_function_and_reads_a_variable_of_another_module() {
    for opt in common::OPT {
        for order in [["link_main", "link_lib"], ["link_lib", "link_main"]] {
            let names = order.map(|n| format!("{n}-{opt}"));
            let m = link(&[&names[0], &names[1]]).unwrap_or_else(|e| panic!("{names:?}: {e}"));
            let mut kernels: Vec<&str> = m.kernels().iter().map(|k| k.name()).collect();
            kernels.sort();
            assert_eq!(kernels, ["lib_set_offset", "linked_scale"], "{names:?}");
            let input: Vec<f32> = (0..16).map(|i| i as f32).collect();
            let mut out = vec![0f32; 16];
            let k = m.kernel("linked_scale").expect("linked_scale");
            k.launch([4, 1, 1], [4, 1, 1])
                .buffer(&mut out)
                .input(&input)
                .value(&3i32)
                .run()
                .unwrap_or_else(|e| panic!("{names:?}: {e}"));
            let want: Vec<f32> = input.iter().map(|x| x * 3.0 + 100.0).collect();
            assert_eq!(out, want, "{names:?}");
            // The exported variable is one: the library's kernel sets what the other reads.
            m.kernel("lib_set_offset")
                .expect("lib_set_offset")
                .launch([1, 1, 1], [1, 1, 1])
                .value(&-5i32)
                .run()
                .unwrap_or_else(|e| panic!("{names:?}: {e}"));
            k.launch([4, 1, 1], [4, 1, 1])
                .buffer(&mut out)
                .input(&input)
                .value(&2i32)
                .run()
                .unwrap_or_else(|e| panic!("{names:?}: {e}"));
            let want: Vec<f32> = input.iter().map(|x| x * 2.0 - 5.0).collect();
            assert_eq!(out, want, "{names:?}");
            let mut offset = [0u8; 4];
            assert_eq!(m.read_global("offset", &mut offset), Some(4));
            assert_eq!(i32::from_le_bytes(offset), -5);
        }
    }
}

#[test]
fn the_linked_words_are_valid_spirv() {
    let (main, lib) = (link_input("link_main-O2"), link_input("link_lib-O2"));
    let none = SpecConstants::new();
    let words = Module::link(&[(&main, &none), (&lib, &none)]).expect("link");
    let path = std::env::temp_dir().join(format!("kernels_linked-{}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).expect("write");
    // spirv-val is optional here (the corpus script needs it, the tests do not).
    let validated = std::process::Command::new("spirv-val")
        .args(["--target-env", "opencl2.0"])
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    if let Ok(out) = validated {
        assert!(
            out.status.success(),
            "spirv-val: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn an_import_no_input_exports_is_an_error_naming_it() {
    let e = link(&["link_main-O2"]).err().expect("unresolved");
    let text = e.to_string();
    assert!(
        text.contains("unresolved import offset (input 0): no input exports variable offset"),
        "{text}"
    );
    let e = link(&["link_main-O0", "link_dup-O0"])
        .err()
        .expect("no offset");
    let text = e.to_string();
    assert!(text.contains("unresolved import offset"), "{text}");
}

#[test]
fn a_name_exported_twice_is_an_error_naming_it() {
    let e = link(&["link_main-O2", "link_lib-O2", "link_dup-O2"])
        .err()
        .expect("duplicate");
    let text = e.to_string();
    assert!(
        text.contains("symbol scale is exported twice, by input 1 and input 2"),
        "{text}"
    );
}

#[test]
fn an_export_of_another_type_is_an_error_naming_both_types() {
    let e = link(&["link_main-O2", "link_mismatch-O2"])
        .err()
        .expect("mismatch");
    let text = e.to_string();
    assert!(
        text.contains("import scale (input 0) is function of type fn(f32, i32) -> f32")
            && text.contains("exports function of type fn(f64, i32) -> f64"),
        "{text}"
    );
}

#[test]
fn a_kernel_defined_by_two_inputs_is_an_error() {
    let e = link(&["link_lib-O2", "link_lib-O0"]).err().expect("twice");
    let text = e.to_string();
    assert!(
        text.contains("is exported twice, by input 0 and input 1"),
        "{text}"
    );
}

#[test]
fn each_input_keeps_its_own_specialization_constants() {
    // An input with no SpecIds ignores values meant for another input.
    let (main, lib) = (link_input("link_main-O0"), link_input("link_lib-O0"));
    let mut spec = SpecConstants::new();
    spec.insert(0, 7);
    let none = SpecConstants::new();
    Module::build_linked(&[(&main, &spec), (&lib, &none)]).expect("build");
}
