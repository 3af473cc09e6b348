//! `ze-build` end to end on the embedded CPU driver, over a few modules of the repository's
//! corpus and a file that is not SPIR-V: the counts, the reasons, the threshold's exit status.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv")).join(name)
}

fn ze_build(args: &[&str], paths: &[PathBuf]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ze-build"))
        .args(args)
        .args(paths)
        .env("ONEAPI_RS_BACKEND", "cpu")
        .output()
        .expect("ze-build runs")
}

/// A folder holding one file that is not SPIR-V.
fn bad_folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ze-build-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.spv"), b"not SPIR-V").unwrap();
    dir
}

#[test]
fn counts_modules_and_kernels_and_groups_the_failures() {
    let bad = bad_folder("counts");
    let paths = [
        corpus("saxpy-O2.spv"),
        corpus("matmul-O2.spv"),
        corpus("partial_images-O2.spv"),
        bad.clone(),
    ];
    for threads in ["1", "3"] {
        let out = ze_build(&["--json", "--per-module", "--threads", threads], &paths);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        let r: Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
        assert_eq!(r["backend"], "Cpu");
        assert_eq!(r["modules"], 4);
        assert_eq!(r["modules_built"], 3);
        assert_eq!(r["entry_points"], 7);
        assert_eq!(r["kernels_named"], 6);
        assert_eq!(r["kernels_created"], 6);
        // The image kernel is left out of the names; its reason is the build log's.
        assert_eq!(r["unnamed_entry_points"], 1);
        let kernel = r["kernel_failures"][0]["reason"].as_str().unwrap();
        assert!(kernel.contains("images"), "{kernel}");
        let build = r["build_failures"].as_array().unwrap();
        assert_eq!(build.len(), 1);
        assert_eq!(build[0]["count"], 1);
        assert!(build[0]["file"].as_str().unwrap().ends_with("bad.spv"));
        assert!(build[0]["reason"]
            .as_str()
            .unwrap()
            .contains("multiple of 4"));
    }
    let out = ze_build(&[], &paths);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Modules built:   3 / 4 (75.0 %)"), "{text}");
    assert!(text.contains("Kernels created: 6 / 6 named"), "{text}");
    // Below the threshold: exit status 1, the report printed all the same.
    let out = ze_build(&["--min-built", "80"], &paths);
    std::fs::remove_dir_all(&bad).ok();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("below the 80 %"));
}

#[test]
fn bad_command_lines_and_paths_exit_2_with_words() {
    for (args, paths, said) in [
        (
            vec!["--threads", "0"],
            vec![corpus("saxpy-O2.spv")],
            "--threads 0",
        ),
        (
            vec!["--min-built", "200"],
            vec![corpus("saxpy-O2.spv")],
            "percentage",
        ),
        (vec!["--frobnicate"], vec![], "unknown option"),
        (vec![], vec![], "no module given"),
        (
            vec![],
            vec![PathBuf::from("/no/such/module.spv")],
            "/no/such/module.spv",
        ),
    ] {
        let out = ze_build(&args, &paths);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}

/// With `--link`, a module calling a function it imports is linked with the library that
/// exports it and its kernel counted; without, the kernel is not created and the reason says
/// the module imports it.
#[test]
fn link_resolves_imports_from_the_libraries() {
    let link = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/link"));
    let app = [link.join("link_fn-O2.spv")];
    let lib = link.join("link_lib-O2.spv");
    let alone = ze_build(&["--json"], &app);
    let r: Value = serde_json::from_slice(&alone.stdout).expect("valid JSON");
    assert_eq!(
        (r["modules_built"].as_u64(), r["kernels_created"].as_u64()),
        (Some(1), Some(0))
    );
    let reason = r["kernel_failures"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("which the module imports"), "{reason}");
    let linked = ze_build(&["--json", "--link", lib.to_str().unwrap()], &app);
    let r: Value = serde_json::from_slice(&linked.stdout).expect("valid JSON");
    assert_eq!(r["kernels_created"], 1, "{r}");
    assert_eq!(r["modules_linked"], 1);
    assert_eq!(r["modules"], 1, "the library is not counted");
}
