//! Every example runs and prints what it shows: each binary (built by `cargo test` next to
//! this test's, in `target/<profile>/examples/`) exits with success and prints its key line.
//! An example added to `examples/` without a check here fails `every_example_is_checked`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The examples and a line each must print (a substring of one line of stdout).
const CHECKS: &[(&str, &[&str], &str)] = &[
    ("tour", &[], "with_temp sum: 32640"),
    ("saxpy", &[], "saxpy over 1000003 elements matches the host"),
    ("devices", &[], "device 0:"),
    ("pool_stats", &[], "answers match the host in every pass"),
    (
        "leaks",
        &[],
        "after copying the 3 kept heads to the host: 0 live allocations",
    ),
    ("double_buffer", &[], "every chunk matches the host"),
    ("multi_device", &[], "all match"),
    ("timeline", &["$TMP/timeline"], "wrote "),
    ("mirrored", &[], "step 31:"),
    ("adopt", &[], "elements match"),
    ("share_array", &[], "the child's writes are there"),
    ("array_ops", &[], "every result matches the host"),
    ("placement", &[], "device-only -> device memory"),
    (
        "stream_file",
        &["--size", "16M", "--device-memory", "1M"],
        "output checked",
    ),
];

/// Examples another change is bringing: checked for exit status and output when present.
const OPTIONAL: &[(&str, &[&str], &str)] = &[];

/// Examples that need feature `mpi` and `mpirun`: `.ci/run` runs them under `mpirun -n 4`.
const UNDER_MPIRUN: &[&str] = &["mpi_allreduce", "mpi_halo"];

/// Longest an example may run before it counts as hung.
const TIMEOUT: Duration = Duration::from_secs(300);

/// `target/<profile>/examples`, from this test's binary in `target/<profile>/deps`.
fn examples_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("the test binary lives in target/<profile>/deps")
        .join("examples")
}

/// Runs example `name` with `args`, checking that it is built,
/// newer than its source, exits with success within [`TIMEOUT`] and prints `key`.
fn run(name: &str, args: &[&str], key: &str) {
    let bin = examples_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/{name}.rs"));
    let built = std::fs::metadata(&bin)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| {
            panic!(
                "example {name} is not built at {} ({e}): `cargo test` builds the examples, \
                 `cargo test --test examples` alone does not (run `cargo build --examples` first)",
                bin.display()
            )
        });
    let written = std::fs::metadata(&source)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    assert!(
        built >= written,
        "example {name}'s binary is older than {} (run `cargo build --examples`)",
        source.display()
    );
    let tmp = std::env::temp_dir().join(format!("oneapi-examples-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a temporary directory");
    let args: Vec<String> = args
        .iter()
        .map(|a| a.replace("$TMP", &tmp.to_string_lossy()))
        .collect();
    let mut child = Command::new(&bin)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
    let read = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            pipe.read_to_string(&mut text).map(|_| text)
        })
    };
    let out = read(Box::new(child.stdout.take().expect("piped stdout")));
    let err = read(Box::new(child.stderr.take().expect("piped stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the example") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            panic!("example {name} ran longer than {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = out.join().expect("stdout reader").expect("stdout as UTF-8");
    let stderr = err.join().expect("stderr reader").expect("stderr as UTF-8");
    assert!(
        status.success(),
        "example {name} failed ({status}):\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    assert!(
        !stdout.trim().is_empty() && stdout.lines().any(|l| l.contains(key)),
        "example {name} did not print a line with {key:?}:\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    if name == "timeline" {
        check_timeline_files(&tmp.join("timeline"));
    }
    std::fs::remove_dir_all(&tmp).ok();
}

/// The timeline example wrote an SVG with its marks and a CSV with its rows.
fn check_timeline_files(prefix: &Path) {
    let svg = std::fs::read_to_string(prefix.with_extension("svg")).expect("the SVG written");
    assert!(
        svg.starts_with("<svg") && svg.contains("freed half"),
        "SVG: {svg:.200}"
    );
    let csv = std::fs::read_to_string(prefix.with_extension("csv")).expect("the CSV written");
    assert!(csv.starts_with("time_s,device,kind,bytes_in_use,bytes_pooled,live_arrays,mark\n"));
    assert!(
        csv.lines().any(|l| l.ends_with(",trimmed")),
        "CSV: {csv:.400}"
    );
    assert!(csv.lines().count() > 10, "CSV has few rows: {csv}");
}

fn check(name: &str) {
    let (_, args, key) = CHECKS
        .iter()
        .find(|c| c.0 == name)
        .expect("an example listed in CHECKS");
    run(name, args, key);
}

#[test]
fn tour() {
    check("tour");
}

#[test]
fn saxpy() {
    check("saxpy");
}

#[test]
fn devices() {
    check("devices");
}

#[test]
fn pool_stats() {
    check("pool_stats");
}

#[test]
fn leaks() {
    check("leaks");
}

#[test]
fn double_buffer() {
    check("double_buffer");
}

#[test]
fn multi_device() {
    check("multi_device");
}

#[test]
fn timeline() {
    check("timeline");
}

#[test]
fn mirrored() {
    check("mirrored");
}

#[test]
fn adopt() {
    check("adopt");
}

#[test]
fn share_array() {
    check("share_array");
}

#[test]
fn array_ops() {
    check("array_ops");
}

#[test]
fn placement() {
    check("placement");
}

#[test]
fn stream_file() {
    check("stream_file");
}

/// Examples checked by the other tests, or in `OPTIONAL` (run here when present).
#[test]
fn every_example_is_checked() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("examples/")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "rs").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    for name in &names {
        if CHECKS.iter().any(|c| c.0 == name) || UNDER_MPIRUN.contains(&name.as_str()) {
            continue;
        }
        let Some((_, args, key)) = OPTIONAL.iter().find(|c| c.0 == name) else {
            panic!("examples/{name}.rs has no check in tests/examples.rs");
        };
        run(name, args, key);
    }
    for (name, ..) in CHECKS {
        assert!(
            names.iter().any(|n| n == name),
            "CHECKS names {name}, which is not in examples/"
        );
    }
}
