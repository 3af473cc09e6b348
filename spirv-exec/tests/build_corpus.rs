//! Every module of the kernel corpus (`kernels/spv`) builds, and every kernel in it but the
//! one that uses images: what the corpus uses is supported.

use std::collections::HashMap;

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
