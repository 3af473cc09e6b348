//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod raw;
pub mod spirv_asm;

use std::path::PathBuf;
use std::process::Command;

/// The CPU driver built as a shared library (`level-zero-cpu-icd`, a dev-dependency, so cargo
/// builds it next to the test executables).
pub fn icd_path() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory");
    let path = deps.join("liblevel_zero_cpu_icd.so");
    assert!(path.exists(), "{} not built", path.display());
    path
}

/// Whether Intel's loader can be opened. In CI (`CI` set) a missing loader is a failure.
pub fn loader_available() -> bool {
    // SAFETY: opening the loader runs its initialisers only.
    let ok = unsafe { libloading::Library::new(level_zero_sys::LOADER_LIBRARY) }.is_ok();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have Intel's loader (apt-get install libze1)"
        );
        eprintln!(
            "skipping: {} is not installed",
            level_zero_sys::LOADER_LIBRARY
        );
    }
    ok
}

const CHILD: &str = "ONEAPI_TEST_CHILD";

/// Runs the test `name` of the current test binary again in a child process with `envs`, and
/// asserts it passes. Returns `true` in the child (which must then do the real work), `false`
/// in the parent. Loader state (`zeInit`, environment) is per process, hence the child.
pub fn in_child(name: &str, envs: &[(&str, &str)]) -> bool {
    child_stderr(name, envs).is_none()
}

/// [`in_child`] that, in the parent, returns what the passing child wrote to stderr (for
/// checks on the driver's reports); `None` in the child.
pub fn child_stderr(name: &str, envs: &[(&str, &str)]) -> Option<String> {
    child_output(name, envs).map(|(_, stderr)| stderr)
}

/// Runs the test `name` in a child like [`in_child`], without asserting how it ended: in the
/// parent, the child's exit code (`None` if a signal ended it) and what it wrote to stderr;
/// `None` in the child.
pub fn child_exit(name: &str, envs: &[(&str, &str)]) -> Option<(Option<i32>, String)> {
    let out = run_child(name, envs)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("1 passed"),
        "child {name} did not pass:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some((
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// [`in_child`] that, in the parent, returns what the passing child wrote to stdout and stderr
/// (the test harness's lines included); `None` in the child.
pub fn child_output(name: &str, envs: &[(&str, &str)]) -> Option<(String, String)> {
    let out = run_child(name, envs)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "child {name} failed ({}):\n{stdout}\n{stderr}",
        out.status
    );
    assert!(
        stdout.contains("1 passed"),
        "child {name} ran no test:\n{stdout}"
    );
    Some((stdout.into_owned(), stderr.into_owned()))
}

/// Runs the test `name` of the current test binary in a child process with `envs` and returns
/// how it ended; `None` in the child.
fn run_child(name: &str, envs: &[(&str, &str)]) -> Option<std::process::Output> {
    if std::env::var(CHILD).as_deref() == Ok(name) {
        return None;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .envs(envs.iter().copied())
        .output()
        .expect("spawn test child");
    Some(out)
}
