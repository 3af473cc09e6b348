//! Code generation time of the compiler backend for every kernel of the corpus (`kernels/spv`,
//! both optimisation levels): a table, slowest first, and the share under the 50 ms target.
//!
//! ```sh
//! cargo bench --bench compile
//! ```
//! Each kernel is compiled from a module built afresh (no cache hit): the time is Cranelift's
//! and the IR construction's for that kernel, measured by the backend.

use oneapi::spirv_exec::{self, Compiler, Module};
use std::time::Duration;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels/spv");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("kernels/spv")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("spv"))
        .collect();
    files.sort();
    let mut rows: Vec<(Duration, String, usize)> = Vec::new();
    // Build (check, translate, lower) and code generation of every kernel, wall clock.
    let mut whole = Duration::ZERO;
    let mut building = Duration::ZERO;
    for path in files {
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let words = spirv_exec::words(&std::fs::read(&path).unwrap()).unwrap();
        let start = std::time::Instant::now();
        let module = Module::build_with(&words, &Default::default(), &Compiler)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let built = start.elapsed();
        if !module.log().is_empty() {
            print!("{file}: {}", module.log());
        }
        let start = std::time::Instant::now();
        let prepared: Vec<_> = module.kernels().iter().map(|k| k.prepare()).collect();
        whole += built + start.elapsed();
        building += built;
        for (k, prepared) in module.kernels().iter().zip(prepared) {
            match prepared {
                Ok(Some(info)) => rows.push((
                    info.compile_time,
                    format!("{file} {}", k.name()),
                    info.code_bytes,
                )),
                Ok(None) => {}
                Err(e) => println!("{file} {}: code generation failed: {e}", k.name()),
            }
        }
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.0));
    let under = rows
        .iter()
        .filter(|r| r.0 < Duration::from_millis(50))
        .count();
    let total: Duration = rows.iter().map(|r| r.0).sum();
    println!(
        "{} kernels compiled in {total:.2?}; {under} under 50 ms; median {:.2?}, max {:.2?}",
        rows.len(),
        rows.get(rows.len() / 2).map_or(Duration::ZERO, |r| r.0),
        rows.first().map_or(Duration::ZERO, |r| r.0)
    );
    println!(
        "every module built and every kernel's code generated in {whole:.2?} (wall clock; \
         building {building:.2?})"
    );
    println!("\n| kernel | compile time | code bytes |\n|---|---|---|");
    for (t, name, bytes) in &rows {
        println!("| {name} | {t:.2?} | {bytes} |");
    }
}
