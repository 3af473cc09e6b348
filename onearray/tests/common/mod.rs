//! Helpers shared by the tests.
#![allow(dead_code)]

use std::process::Command;

/// The statistics of the pools of `kind` (one device in these tests).
pub fn stats(kind: level_zero::MemoryKind) -> onearray::PoolStats {
    onearray::memory_info().unwrap().of_kind(kind)
}

const CHILD: &str = "ONEARRAY_TEST_CHILD";

/// Runs test `name` again in a child process with `envs` (driver configuration is read once
/// per process) and asserts it passes. `true` in the child, which must then do the work.
pub fn in_child(name: &str, envs: &[(&str, &str)]) -> bool {
    if std::env::var(CHILD).as_deref() == Ok(name) {
        return true;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .envs(envs.iter().copied())
        .output()
        .expect("spawn test child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "child {name} failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "child {name} ran no test:\n{stdout}"
    );
    false
}
