//! Project tasks, run as `cargo xtask <task>`.
//!
//! * `cargo xtask codegen` regenerates every committed file that is derived from the vendored
//!   Level Zero headers (`level-zero-sys/include`): the bindgen types, the `Default`s that fill
//!   in `stype`, the `ze_result_t` names and meanings, the table of DDI tables and getters, the
//!   checked result layer, the driver's `UNSUPPORTED_FEATURE` stubs and the cdylib's exports.
//! * `cargo xtask codegen --check` regenerates them in memory and fails, naming the files, if
//!   any committed file differs (CI runs it).
//! * `cargo xtask ddi-since <level-zero repository> [--check]` derives
//!   `level-zero-sys/ddi-since.txt` (when each DDI entry appeared) from Intel's null driver at
//!   the tag the vendored headers came from (`level-zero-sys/include/UPSTREAM`).
//!
//! Only this crate needs libclang (bindgen loads it at run time); building the rest of the
//! workspace uses the committed output.

mod api;
mod bindings;
mod calls;
mod ddi;
mod defaults;
mod header;
mod results;
mod since;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// What a generator step failed on, said in a sentence.
type Result<T, E = String> = std::result::Result<T, E>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let outcome = match args.as_slice() {
        ["codegen"] => codegen(false),
        ["codegen", "--check"] => codegen(true),
        ["ddi-since", repo] => since::run(&workspace_root(), Path::new(repo), false),
        ["ddi-since", repo, "--check"] => since::run(&workspace_root(), Path::new(repo), true),
        _ => Err(
            "usage: cargo xtask codegen [--check] | cargo xtask ddi-since <level-zero repository> [--check]"
                .to_string(),
        ),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// One generated file: where it goes (relative to the workspace root) and its text.
struct Output {
    path: &'static str,
    text: String,
}

fn codegen(check: bool) -> Result<()> {
    let root = workspace_root();
    let include = root.join("level-zero-sys/include");
    let since = std::fs::read_to_string(root.join(ddi::SINCE_FILE))
        .map_err(|e| format!("reading {}: {e}", ddi::SINCE_FILE))?;

    let upstream = since::Upstream::read(&root)?;
    let (major, minor) = upstream.api;
    let current = format!("ZE_API_VERSION_CURRENT = ZE_MAKE_VERSION( {major}, {minor} )");
    let ze_api = std::fs::read_to_string(include.join("level_zero/ze_api.h"))
        .map_err(|e| format!("reading ze_api.h: {e}"))?;
    if !ze_api.contains(&current) {
        return Err(format!(
            "{} records API {major}.{minor}, but ze_api.h does not define {current}",
            since::UPSTREAM_FILE
        ));
    }
    let origin = format!("v{major}.{minor} (oneapi-src/level-zero {})", upstream.tag);
    let bindings = bindings::generate(&root.join("level-zero-sys"), &origin, |api| {
        Ok(defaults::mapping(api)?
            .into_iter()
            .map(|s| s.name)
            .collect())
    })?;
    let api = api::Api::read(&bindings)?;
    let stypes = defaults::mapping(&api)?;
    let functions = header::read(&include.join("level_zero/ze_api.h"))?;
    let tables = ddi::Tables::read(&api, &since)?;
    if tables.newest() != minor {
        return Err(format!(
            "{}: the newest entry is of 1.{}, but the headers are of {major}.{minor}",
            ddi::SINCE_FILE,
            tables.newest()
        ));
    }

    let outputs = [
        Output {
            path: "level-zero-sys/src/generated/bindings.rs",
            text: rustfmt(&bindings)?,
        },
        Output {
            path: "level-zero-sys/src/generated/defaults.rs",
            text: rustfmt(&defaults::generate(&stypes))?,
        },
        Output {
            path: "level-zero-sys/src/generated/results.rs",
            text: rustfmt(&results::generate(&api)?)?,
        },
        Output {
            path: "level-zero-sys/src/generated/ddi.rs",
            text: rustfmt(&tables.sys_table())?,
        },
        Output {
            path: "level-zero-sys/src/generated/calls.rs",
            text: rustfmt(&calls::generate(&api, &tables, &functions)?)?,
        },
        Output {
            path: "level-zero-cpu/src/unsupported.rs",
            text: rustfmt(&tables.driver_stubs(&api)?)?,
        },
        Output {
            path: "level-zero-cpu/src/exports.rs",
            text: rustfmt(&tables.driver_exports())?,
        },
    ];

    let mut stale = Vec::new();
    for output in &outputs {
        let path = root.join(output.path);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == output.text {
            continue;
        }
        if check {
            stale.push(output.path);
        } else {
            std::fs::create_dir_all(path.parent().expect("a file has a folder"))
                .map_err(|e| format!("creating the folder of {}: {e}", output.path))?;
            std::fs::write(&path, &output.text)
                .map_err(|e| format!("writing {}: {e}", output.path))?;
            println!(
                "wrote {} ({} lines)",
                output.path,
                output.text.lines().count()
            );
        }
    }
    if !stale.is_empty() {
        return Err(format!(
            "generated files are stale (run `cargo xtask codegen`): {}",
            stale.join(", ")
        ));
    }
    if check {
        println!("{} generated files are up to date", outputs.len());
    }
    Ok(())
}

/// The workspace root: this crate's parent folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Formats generated Rust source with `rustfmt` (edition 2021), as `cargo fmt` would.
fn rustfmt(source: &str) -> Result<String> {
    use std::io::Write;
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("running rustfmt: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = source.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child
        .wait_with_output()
        .map_err(|e| format!("running rustfmt: {e}"))?;
    writer
        .join()
        .expect("the writer thread does not panic")
        .map_err(|e| format!("feeding rustfmt: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "rustfmt rejected generated code: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    String::from_utf8(output.stdout).map_err(|e| format!("rustfmt output: {e}"))
}

/// `FooBarExp` / `fooBar` → `foo_bar_exp` / `foo_bar`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev = i.checked_sub(1).map(|p| chars[p]);
            let next_lower = chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            let word_starts = match prev {
                Some(p) if p.is_ascii_lowercase() => true,
                Some(p) if p.is_ascii_uppercase() || p.is_ascii_digit() => next_lower,
                _ => false,
            };
            if word_starts {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn snake_case_splits_words_and_acronyms() {
        assert_eq!(snake_case("DeviceExp"), "device_exp");
        assert_eq!(snake_case("AllocDevice"), "alloc_device");
        assert_eq!(snake_case("hContext"), "h_context");
        assert_eq!(snake_case("phDrivers"), "ph_drivers");
        assert_eq!(snake_case("GetP2PProperties"), "get_p2p_properties");
        assert_eq!(snake_case("numWaitEvents"), "num_wait_events");
    }
}
