//! Builds OpenCL C kernels into SPIR-V from a crate's `build.rs`.
//!
//! [`Kernel::compile`] compiles `kernel.cl` with clang and llvm-spirv when they are
//! installed, validates the module with spirv-val, and writes `$OUT_DIR/kernel.spv`; it also
//! refreshes the committed `kernel.spv` next to the source and the `kernel.spv.src-hash` file
//! recording which source (and flags) it was built from. Without the tools it copies the
//! committed `kernel.spv` into `$OUT_DIR`, warning (`cargo:warning=`) only when the source
//! no longer matches the recorded hash, so builds on machines without clang stay quiet.
//! [`include_spirv!`] embeds the result.
//!
//! ```
//! use spirv_build::{Built, Kernel, Tools};
//!
//! let dir = std::env::temp_dir().join(format!("spirv-build-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! std::fs::write(dir.join("k.cl"), "kernel void k(global int* p) { p[0] = 1; }")?;
//! std::fs::write(dir.join("k.spv"), [0x03, 0x02, 0x23, 0x07])?; // the committed module
//! // No clang here: the committed module is used, and it is stale (no hash was recorded).
//! let tools = Tools { clang: "/nonexistent/clang".into(), ..Tools::from_env() };
//! let built = Kernel::new(dir.join("k.cl")).tools(tools).out_dir(dir.join("out")).compile()?;
//! assert!(matches!(built, Built::Fallback { stale: true, .. }));
//! assert_eq!(std::fs::read(built.spv())?, [0x03, 0x02, 0x23, 0x07]);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The clang flags, before `-o out.bc source.cl`. `-fno-slp-vectorize` keeps LLVM `freeze`
/// and bool-vector bitcasts (which llvm-spirv-15 cannot translate) out of the IR, `-O2`
/// (rather than `-O0`) keeps blocks in dominator order, and `-fgnu89-inline` gives C99
/// `inline` functions a definition at every optimization level.
pub const CLANG_FLAGS: &[&str] = &[
    "-c",
    "-target",
    "spir64",
    "-O2",
    "-emit-llvm",
    "-cl-std=CL1.2",
    "-fno-slp-vectorize",
    "-fgnu89-inline",
];

/// The llvm-spirv flags: SPIR-V 1.0, which every Level Zero driver accepts.
pub const LLVM_SPIRV_FLAGS: &[&str] = &["--spirv-max-version=1.0"];

/// The spirv-val flags.
pub const SPIRV_VAL_FLAGS: &[&str] = &["--target-env", "opencl1.2"];

/// Embeds a module [`Kernel::compile`] wrote into `$OUT_DIR`, as `&'static [u8; N]`:
/// `include_spirv!("saxpy.spv")` is `include_bytes!(concat!(env!("OUT_DIR"), "/saxpy.spv"))`.
#[macro_export]
macro_rules! include_spirv {
    ($name:expr) => {
        include_bytes!(concat!(env!("OUT_DIR"), "/", $name))
    };
}

/// The three programs a compilation runs (names looked up in `PATH`, or paths).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tools {
    /// OpenCL C to LLVM bitcode (`$CLANG`, default `clang-15`).
    pub clang: OsString,
    /// LLVM bitcode to SPIR-V (`$LLVM_SPIRV`, default `llvm-spirv-15`).
    pub llvm_spirv: OsString,
    /// The validator (`$SPIRV_VAL`, default `spirv-val`).
    pub spirv_val: OsString,
}

impl Tools {
    /// The tools named by the `CLANG`, `LLVM_SPIRV` and `SPIRV_VAL` environment variables,
    /// `clang-15`, `llvm-spirv-15` and `spirv-val` for those unset.
    pub fn from_env() -> Self {
        let var = |name: &str, default: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| default.into())
        };
        Tools {
            clang: var("CLANG", "clang-15"),
            llvm_spirv: var("LLVM_SPIRV", "llvm-spirv-15"),
            spirv_val: var("SPIRV_VAL", "spirv-val"),
        }
    }

    /// The first tool that cannot be started, if any (each is run with `--version`).
    fn missing(&self) -> Option<String> {
        [&self.clang, &self.llvm_spirv, &self.spirv_val]
            .into_iter()
            .find(|tool| {
                Command::new(tool)
                    .arg("--version")
                    .output()
                    .map_or(true, |out| !out.status.success())
            })
            .map(|tool| tool.to_string_lossy().into_owned())
    }
}

impl Default for Tools {
    fn default() -> Self {
        Self::from_env()
    }
}

/// Which path [`Kernel::compile`] took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Built {
    /// The tools compiled and validated the source into `spv`.
    Compiled {
        /// The module written into the output directory.
        spv: PathBuf,
    },
    /// The committed module was copied to `spv`.
    Fallback {
        /// The module written into the output directory.
        spv: PathBuf,
        /// Why the source was not compiled (the tool that is missing).
        reason: String,
        /// The committed module was not built from this source with these flags (its
        /// `.spv.src-hash` is missing or names another source); a warning was printed.
        stale: bool,
    },
}

impl Built {
    /// The module written into the output directory.
    pub fn spv(&self) -> &Path {
        match self {
            Built::Compiled { spv } | Built::Fallback { spv, .. } => spv,
        }
    }
}

/// Why a kernel could not be built.
#[derive(Debug)]
pub enum Error {
    /// No output directory: `OUT_DIR` is unset (not in a build script) and none was given.
    NoOutDir,
    /// The source path has no file name to name the module after.
    NoFileName(PathBuf),
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A tool ran and failed: the kernel does not compile, translate or validate.
    Tool {
        /// The tool's command line.
        command: String,
        /// Its exit status and error output.
        message: String,
    },
    /// The tools are missing and there is no committed module to fall back on.
    NoCommitted {
        /// The committed module looked for.
        committed: PathBuf,
        /// Why the source was not compiled.
        reason: String,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoOutDir => write!(f, "OUT_DIR is not set and no output directory was given"),
            Error::NoFileName(p) => write!(f, "kernel source {} has no file name", p.display()),
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Tool { command, message } => write!(f, "`{command}` failed: {message}"),
            Error::NoCommitted { committed, reason } => write!(
                f,
                "{reason}, and there is no committed module {} to use instead \
                 (install clang-15, llvm-spirv-15 and spirv-tools)",
                committed.display()
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The hash recorded in `kernel.spv.src-hash`: FNV-1a (64 bits) of the flags and of the source
/// with `\r\n` read as `\n`, so that checkouts converting line endings keep it.
pub fn source_hash(source: &[u8]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |b: u8| {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    };
    for flag in CLANG_FLAGS.iter().chain(LLVM_SPIRV_FLAGS) {
        flag.bytes().for_each(&mut eat);
        eat(0);
    }
    for (i, &b) in source.iter().enumerate() {
        if !(b == b'\r' && source.get(i + 1) == Some(&b'\n')) {
            eat(b);
        }
    }
    format!("fnv1a64 {hash:016x}")
}

/// One OpenCL C source to build into `$OUT_DIR/<stem>.spv`.
#[derive(Clone, Debug)]
pub struct Kernel {
    source: PathBuf,
    tools: Tools,
    out_dir: Option<PathBuf>,
}

impl Kernel {
    /// The kernel in `source`; a relative path is taken from `CARGO_MANIFEST_DIR` (the
    /// package's directory) when that is set.
    pub fn new(source: impl AsRef<Path>) -> Self {
        let source = source.as_ref();
        let source = match std::env::var_os("CARGO_MANIFEST_DIR") {
            Some(dir) if source.is_relative() => Path::new(&dir).join(source),
            _ => source.to_path_buf(),
        };
        Kernel {
            source,
            tools: Tools::from_env(),
            out_dir: None,
        }
    }

    /// Uses these tools instead of [`Tools::from_env`].
    pub fn tools(mut self, tools: Tools) -> Self {
        self.tools = tools;
        self
    }

    /// Writes the module into `dir` instead of `$OUT_DIR`.
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.out_dir = Some(dir.into());
        self
    }

    /// The committed module next to the source (`saxpy.cl` → `saxpy.spv`).
    pub fn committed(&self) -> PathBuf {
        self.source.with_extension("spv")
    }

    /// The file recording which source the committed module was built from.
    pub fn hash_file(&self) -> PathBuf {
        self.source.with_extension("spv.src-hash")
    }

    /// Compiles (or falls back to the committed module, see the crate docs) and prints the
    /// `cargo:rerun-if-changed=` / `cargo:rerun-if-env-changed=` lines for a build script.
    pub fn compile(&self) -> Result<Built, Error> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or(Error::NoOutDir)?),
        };
        let stem = self
            .source
            .file_stem()
            .ok_or_else(|| Error::NoFileName(self.source.clone()))?;
        std::fs::create_dir_all(&out_dir).map_err(io_error(&out_dir))?;
        let spv = out_dir.join(stem).with_extension("spv");
        for path in [&self.source, &self.committed(), &self.hash_file()] {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        for var in ["CLANG", "LLVM_SPIRV", "SPIRV_VAL"] {
            println!("cargo:rerun-if-env-changed={var}");
        }
        let source = std::fs::read(&self.source).map_err(io_error(&self.source))?;
        match self.tools.missing() {
            None => self.compile_with_tools(&source, &spv),
            Some(tool) => self.fall_back(&source, spv, format!("{tool} is not installed")),
        }
    }

    fn compile_with_tools(&self, source: &[u8], spv: &Path) -> Result<Built, Error> {
        let bitcode = spv.with_extension("bc");
        let mut clang = Command::new(&self.tools.clang);
        clang
            .args(CLANG_FLAGS)
            .arg("-o")
            .arg(&bitcode)
            .arg(&self.source);
        run(clang)?;
        let mut llvm_spirv = Command::new(&self.tools.llvm_spirv);
        llvm_spirv
            .args(LLVM_SPIRV_FLAGS)
            .arg(&bitcode)
            .arg("-o")
            .arg(spv);
        let translated = run(llvm_spirv);
        let _ = std::fs::remove_file(&bitcode);
        translated?;
        let mut spirv_val = Command::new(&self.tools.spirv_val);
        spirv_val.args(SPIRV_VAL_FLAGS).arg(spv);
        run(spirv_val)?;
        // Refresh the committed module and its hash for the machines without the tools;
        // only when they differ, and a read-only source tree only costs a warning.
        let module = std::fs::read(spv).map_err(io_error(spv))?;
        let hash = format!("{}\n", source_hash(source));
        for (path, contents) in [
            (self.committed(), module.as_slice()),
            (self.hash_file(), hash.as_bytes()),
        ] {
            if std::fs::read(&path).ok().as_deref() != Some(contents) {
                if let Err(e) = std::fs::write(&path, contents) {
                    println!("cargo:warning=could not update {}: {e}", path.display());
                }
            }
        }
        Ok(Built::Compiled {
            spv: spv.to_path_buf(),
        })
    }

    fn fall_back(&self, source: &[u8], spv: PathBuf, reason: String) -> Result<Built, Error> {
        let committed = self.committed();
        if !committed.is_file() {
            return Err(Error::NoCommitted { committed, reason });
        }
        std::fs::copy(&committed, &spv).map_err(io_error(&committed))?;
        let recorded = std::fs::read_to_string(self.hash_file()).unwrap_or_default();
        let stale = recorded.trim() != source_hash(source);
        if stale {
            println!(
                "cargo:warning={} may be stale: {} changed since it was built, and {reason} \
                 (install clang-15, llvm-spirv-15 and spirv-tools to rebuild it)",
                committed.display(),
                self.source.display()
            );
        }
        Ok(Built::Fallback { spv, reason, stale })
    }
}

/// Runs `command`, turning a failure into [`Error::Tool`] with its error output.
fn run(mut command: Command) -> Result<(), Error> {
    let line = format!("{command:?}").replace('"', "");
    let out = command.output().map_err(|e| Error::Tool {
        command: line.clone(),
        message: e.to_string(),
    })?;
    if out.status.success() {
        return Ok(());
    }
    Err(Error::Tool {
        command: line,
        message: format!(
            "{}: {}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim(),
            String::from_utf8_lossy(&out.stdout).trim()
        ),
    })
}

#[cfg(test)]
mod tests;
