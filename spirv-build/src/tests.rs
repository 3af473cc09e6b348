use super::*;

/// A fresh directory under the system's temporary one, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("spirv-build-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const SAXPY: &str = "kernel void saxpy(uint n, float a, global const float* x, global float* y) {
    uint i = get_global_id(0);
    if (i < n) y[i] = a * x[i] + y[i];
}
";

fn without_clang() -> Tools {
    Tools {
        clang: "/nonexistent/clang".into(),
        ..Tools::from_env()
    }
}

/// The source `saxpy.cl` and a committed `saxpy.spv` in `dir`.
fn kernel_with_committed(dir: &Path, hash: Option<&str>) -> Kernel {
    std::fs::write(dir.join("saxpy.cl"), SAXPY).unwrap();
    std::fs::write(dir.join("saxpy.spv"), b"committed").unwrap();
    if let Some(hash) = hash {
        std::fs::write(dir.join("saxpy.spv.src-hash"), hash).unwrap();
    }
    Kernel::new(dir.join("saxpy.cl")).out_dir(dir.join("out"))
}

#[test]
fn missing_tools_fall_back_to_the_committed_module() {
    let dir = Scratch::new("fallback");
    let fresh = format!("{}\n", source_hash(SAXPY.as_bytes()));
    let built = kernel_with_committed(&dir.0, Some(&fresh))
        .tools(without_clang())
        .compile()
        .unwrap();
    let Built::Fallback { spv, reason, stale } = &built else {
        panic!("expected the fallback, got {built:?}");
    };
    assert_eq!(spv, &dir.0.join("out/saxpy.spv"));
    assert_eq!(std::fs::read(spv).unwrap(), b"committed");
    assert_eq!(reason, "/nonexistent/clang is not installed");
    assert!(!stale, "the recorded hash is the source's");
}

#[test]
fn a_changed_source_or_no_recorded_hash_is_stale() {
    let dir = Scratch::new("stale");
    let other = source_hash(b"kernel void saxpy() {}");
    let built = kernel_with_committed(&dir.0, Some(&other))
        .tools(without_clang())
        .compile()
        .unwrap();
    assert!(
        matches!(built, Built::Fallback { stale: true, .. }),
        "{built:?}"
    );
    std::fs::remove_file(dir.0.join("saxpy.spv.src-hash")).unwrap();
    let built = Kernel::new(dir.0.join("saxpy.cl"))
        .out_dir(dir.0.join("out"))
        .tools(without_clang())
        .compile()
        .unwrap();
    assert!(
        matches!(built, Built::Fallback { stale: true, .. }),
        "{built:?}"
    );
}

#[test]
fn missing_tools_and_no_committed_module_is_an_error() {
    let dir = Scratch::new("nocommitted");
    std::fs::write(dir.0.join("k.cl"), SAXPY).unwrap();
    let err = Kernel::new(dir.0.join("k.cl"))
        .out_dir(dir.0.join("out"))
        .tools(Tools {
            spirv_val: "/nonexistent/spirv-val".into(),
            ..without_clang()
        })
        .compile()
        .unwrap_err();
    assert!(matches!(err, Error::NoCommitted { .. }), "{err:?}");
    let message = err.to_string();
    assert!(
        message
            .starts_with("/nonexistent/clang is not installed, and there is no committed module")
            && message.contains("k.spv"),
        "{message}"
    );
}

#[test]
fn the_hash_reads_crlf_as_lf_and_sees_every_other_byte() {
    let lf = source_hash(SAXPY.as_bytes());
    assert_eq!(source_hash(SAXPY.replace('\n', "\r\n").as_bytes()), lf);
    assert_ne!(source_hash(SAXPY.replace("a * x", "a*x").as_bytes()), lf);
    assert_ne!(source_hash(b"a\rb"), source_hash(b"ab"));
    assert!(lf.starts_with("fnv1a64 ") && lf.len() == 8 + 16, "{lf}");
}

#[test]
fn relative_sources_are_taken_from_the_package_directory() {
    let kernel = Kernel::new("k/saxpy.cl");
    let dir = std::env::var_os("CARGO_MANIFEST_DIR").unwrap();
    assert_eq!(kernel.committed(), Path::new(&dir).join("k/saxpy.spv"));
    assert_eq!(
        kernel.hash_file(),
        Path::new(&dir).join("k/saxpy.spv.src-hash")
    );
}

/// With the tools installed: compiles, validates, refreshes the committed module and its
/// hash (so a machine without the tools then sees it fresh), and reports compile errors.
#[test]
fn compiles_with_the_tools_when_installed() {
    if let Some(tool) = Tools::from_env().missing() {
        eprintln!("skipped: {tool} is not installed");
        return;
    }
    let dir = Scratch::new("compile");
    let kernel = kernel_with_committed(&dir.0, None);
    let built = kernel.compile().unwrap();
    assert_eq!(
        built,
        Built::Compiled {
            spv: dir.0.join("out/saxpy.spv")
        }
    );
    let module = std::fs::read(built.spv()).unwrap();
    assert_eq!(module[..4], 0x0723_0203u32.to_le_bytes(), "SPIR-V magic");
    assert_eq!(std::fs::read(kernel.committed()).unwrap(), module);
    assert!(
        !dir.0.join("out/saxpy.bc").exists(),
        "the bitcode is removed"
    );
    let built = kernel.clone().tools(without_clang()).compile().unwrap();
    assert!(
        matches!(built, Built::Fallback { stale: false, .. }),
        "{built:?}"
    );

    std::fs::write(
        dir.0.join("bad.cl"),
        "kernel void bad() { undeclared = 1; }",
    )
    .unwrap();
    let err = Kernel::new(dir.0.join("bad.cl"))
        .out_dir(dir.0.join("out"))
        .compile()
        .unwrap_err();
    let message = err.to_string();
    assert!(
        matches!(err, Error::Tool { .. }) && message.contains("undeclared"),
        "{message}"
    );
}
