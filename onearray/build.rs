//! With feature `mpi`: `MPI_IN_PLACE` of the MPI library built against, from its `mpi.h`
//! (rsmpi 0.8 has no in-place collectives), as `ONEARRAY_MPI_IN_PLACE`: the marker's
//! address, or empty where the header does not define it as a number.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "mpi")]
    mpi_in_place();
}

#[cfg(feature = "mpi")]
fn mpi_in_place() {
    let mut value = String::new();
    if let Ok(lib) = build_probe_mpi::probe() {
        for dir in &lib.include_paths {
            let header = dir.join("mpi.h");
            let Ok(text) = std::fs::read_to_string(&header) else {
                continue;
            };
            println!("cargo:rerun-if-changed={}", header.display());
            if let Some(v) = text.lines().find_map(defined_in_place) {
                value = v.to_string();
                break;
            }
        }
    }
    println!("cargo:rustc-env=ONEARRAY_MPI_IN_PLACE={value}");
}

/// The number in `#define MPI_IN_PLACE ((void *) 1)` (Open MPI) or `(void *) -1` (MPICH).
#[cfg(feature = "mpi")]
fn defined_in_place(line: &str) -> Option<i64> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("define")?.trim_start();
    let rest = rest.strip_prefix("MPI_IN_PLACE")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.split("/*").next()?;
    let number: String = rest
        .replace("void", "")
        .chars()
        .filter(|c| !matches!(c, '(' | ')' | '*') && !c.is_whitespace())
        .collect();
    number.parse().ok()
}
