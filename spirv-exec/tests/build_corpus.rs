//! Every module of the kernel corpus (`kernels/spv`) builds, and every kernel in it but the
//! one that uses images: what the corpus uses is supported; and the compiler backend supports
//! every kernel but the few listed as running on the interpreter.

use spirv_exec::{Compiler, Interpreter, Module};
use std::collections::HashMap;

/// The corpus's kernels the compiler leaves to the interpreter (the build log says why): those
/// that print (`printf` is the interpreter's).
const INTERPRETED: &[&str] = &["printf_scalars", "printf_bad_format", "printf_vectors"];

fn corpus() -> Vec<(String, Vec<u32>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/spv");
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/spv")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("spv"))
        .collect();
    entries.sort();
    entries
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, spirv_exec::words(&bytes).unwrap())
        })
        .collect()
}

#[test]
fn the_compiler_supports_every_corpus_kernel_but_the_listed_ones() {
    let mut failures = Vec::new();
    for (file, words) in corpus() {
        let m = Module::build_with(&words, &HashMap::new(), &Compiler)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        for k in m.kernels() {
            let noted = m
                .log()
                .contains(&format!("kernel {} runs on the interpreter", k.name()));
            if noted != INTERPRETED.contains(&k.name()) {
                failures.push(format!("{file} {}: {}", k.name(), m.log()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn code_is_generated_once_per_module_words_and_kernel() {
    let words = corpus()
        .into_iter()
        .find(|(f, _)| f == "saxpy-O2.spv")
        .unwrap()
        .1;
    let build = || Module::build_with(&words, &HashMap::new(), &Compiler).unwrap();
    let (a, b) = (build(), build());
    let info = |m: &Module| m.kernel("saxpy").unwrap().prepare().unwrap().unwrap();
    assert!(!info(&a).cached, "the first module generates the code");
    assert!(info(&b).cached, "the second one finds it");
    assert!(info(&a).code_bytes > 0);
    let (mut x, mut y) = (vec![1f32; 8], vec![1f32; 8]);
    b.kernel("saxpy")
        .unwrap()
        .launch([2, 1, 1], [4, 1, 1])
        .value(&2f32)
        .buffer(&mut x)
        .buffer(&mut y)
        .run()
        .unwrap();
    assert_eq!(y, vec![3f32; 8]);
    let interp = Module::build_with(&words, &HashMap::new(), &Interpreter).unwrap();
    assert_eq!(interp.kernel("saxpy").unwrap().prepare(), Ok(None));
}

#[test]
fn every_corpus_module_builds() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/spv");
    let mut failures = Vec::new();
    let mut count = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/spv")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.extension().and_then(|e| e.to_str()) != Some("spv") {
            continue;
        }
        count += 1;
        let bytes = std::fs::read(&path).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        match spirv_exec::Module::from_bytes(&bytes, &HashMap::new()) {
            Err(e) => failures.push(format!("{file}: {e}")),
            // Every kernel builds but the corpus' one image kernel (images are unsupported).
            Ok(m) => failures.extend(
                m.unavailable_kernels()
                    .iter()
                    .filter(|e| {
                        !(file.starts_with("partial_images")
                            && e.kernel.as_deref() == Some("image_copy"))
                    })
                    .map(|e| format!("{file}: {e}")),
            ),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} modules fail to build:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count >= 58, "only {count} modules in {}", dir.display());
}

#[test]
fn the_compiler_generates_code_for_every_kernel_it_accepts() {
    // Code is generated at the first launch (or `prepare`); a failure there would quietly
    // run the kernel on the interpreter.
    let mut failures = Vec::new();
    for (file, words) in corpus() {
        let m = Module::build_with(&words, &HashMap::new(), &Compiler).unwrap();
        for k in m.kernels() {
            if INTERPRETED.contains(&k.name()) || k.name().starts_with("image") {
                continue;
            }
            if let Err(e) = k.prepare() {
                failures.push(format!("{file} {}: {e}", k.name()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
