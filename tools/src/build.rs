//! What `ze-build` does: builds SPIR-V modules on a Level Zero device, creates each of their
//! kernels, and sums up what built, what did not and why (the first line of the build log or
//! of the error, grouped).
//!
//! Any Level Zero driver does: the modules are given to `zeModuleCreate` as they are, and the
//! kernels are the ones `zeModuleGetKernelNames` lists.

use level_zero::{BuildOptions, Context, Device, Module};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Why `ze-build` could not start.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// A path given is neither a file nor a folder that can be read.
    #[error("{path}: {source}")]
    Path {
        /// The path.
        path: PathBuf,
        /// What reading it said.
        source: std::io::Error,
    },
    /// No `.spv` file among the paths given.
    #[error("no .spv file found in {0}")]
    NoModules(String),
    /// Level Zero failed (no backend, no device...).
    #[error(transparent)]
    Ze(#[from] level_zero::Error),
}

/// The `.spv` files named by `paths`: files as given, folders searched recursively for files
/// ending in `.spv`; sorted, each once.
pub fn spirv_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, BuildError> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), BuildError> {
        let entries = std::fs::read_dir(dir).map_err(|source| BuildError::Path {
            path: dir.to_path_buf(),
            source,
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|e| e == "spv") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|source| BuildError::Path {
            path: p.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    if out.is_empty() {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(BuildError::NoModules(names.join(", ")));
    }
    Ok(out)
}

/// The number of `OpEntryPoint` instructions of a SPIR-V module (0 if it is not one).
///
/// ```
/// use oneapi_tools::build::entry_points;
/// assert_eq!(entry_points(b"not SPIR-V"), 0);
/// ```
pub fn entry_points(spirv: &[u8]) -> usize {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return 0;
    }
    let (mut i, mut count) = (5, 0);
    while let Some(&w) = words.get(i) {
        let len = (w >> 16) as usize;
        if len == 0 {
            break;
        }
        if w & 0xffff == 15 {
            count += 1;
        }
        i += len;
    }
    count
}

/// The names of the `OpEntryPoint`s of a SPIR-V module (empty if it is not one).
pub fn entry_point_names(spirv: &[u8]) -> Vec<String> {
    let words: Vec<u32> = spirv
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut names = Vec::new();
    if words.len() < 5 || words[0] != 0x0723_0203 {
        return names;
    }
    let mut i = 5;
    while let Some(&w) = words.get(i) {
        let len = (w >> 16) as usize;
        if len == 0 || i + len > words.len() {
            break;
        }
        if w & 0xffff == 15 && len > 3 {
            let bytes: Vec<u8> = words[i + 3..i + len]
                .iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|&b| b != 0)
                .collect();
            names.push(String::from_utf8_lossy(&bytes).into_owned());
        }
        i += len;
    }
    names
}

/// What happened to one module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Whether `zeModuleCreate` succeeded.
    pub built: bool,
    /// Why it did not (or why the file could not be read).
    pub failure: Option<String>,
    /// `OpEntryPoint`s in the SPIR-V.
    pub entry_points: usize,
    /// Kernel names the built module lists.
    pub kernels_named: usize,
    /// Kernels created among them.
    pub kernels_created: usize,
    /// Why kernels could not be created.
    pub kernel_failures: Vec<String>,
    /// Entry points the built module does not name (tried all the same: their failures are
    /// in `kernel_failures`).
    pub unnamed_entry_points: usize,
    /// Whether it was linked with the libraries (`--link`), which the counts are after.
    pub linked: bool,
}

/// The first non-empty line of `text` (trimmed), or `None`.
pub fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| !l.is_empty())
}

/// Why a build or a creation failed, in one line: the build log's first line, else the error's.
fn reason(e: &level_zero::Error) -> String {
    match e {
        level_zero::Error::Build { result, log } => first_line(log)
            .map(str::to_string)
            .unwrap_or_else(|| format!("{result:?} (empty build log)")),
        other => {
            let text = other.to_string();
            first_line(&text).unwrap_or("unknown error").to_string()
        }
    }
}

/// Why kernel `name` could not be created: the build log's line about it (some drivers build
/// what they can of a module and say there why a kernel is left out), its name replaced by
/// `<kernel>`, else the error's first line.
fn kernel_reason(e: &level_zero::Error, log: &str, name: &str) -> String {
    match log.lines().find(|l| l.contains(name)) {
        Some(line) => line.trim().replace(name, "<kernel>"),
        None => reason(e),
    }
}

/// Builds the module in `file` on `device` and creates its kernels; if some entry point is
/// not created and `libraries` are given, links the module with them (`zeModuleDynamicLink`:
/// device libraries whose functions it imports) and counts its kernels again.
pub fn build_one(ctx: &Context, device: &Device, file: &Path, libraries: &[Module]) -> Outcome {
    let spirv = match std::fs::read(file) {
        Ok(s) => s,
        Err(e) => {
            return Outcome {
                failure: Some(format!("cannot read the file: {e}")),
                ..Outcome::default()
            }
        }
    };
    let entry_names = entry_point_names(&spirv);
    let mut out = Outcome {
        entry_points: entry_names.len(),
        ..Outcome::default()
    };
    let module = match Module::from_spirv(ctx, device, &spirv, &BuildOptions::default()) {
        Ok(m) => m,
        Err(e) => {
            out.failure = Some(reason(&e));
            return out;
        }
    };
    out.built = true;
    count_kernels(&module, &entry_names, &mut out);
    if out.kernels_created < out.entry_points && !libraries.is_empty() {
        let mut all: Vec<&Module> = vec![&module];
        all.extend(libraries);
        match Module::link(&all) {
            Ok(()) => {
                out.linked = true;
                out.kernels_named = 0;
                out.kernels_created = 0;
                out.unnamed_entry_points = 0;
                out.kernel_failures.clear();
                count_kernels(&module, &entry_names, &mut out);
            }
            Err(e) => out.kernel_failures.push(format!("link: {}", reason(&e))),
        }
    }
    out
}

/// Counts `module`'s kernels into `out`: those it names and creates, and why the others fail.
fn count_kernels(module: &Module, entry_names: &[String], out: &mut Outcome) {
    match module.kernel_names() {
        Ok(names) => {
            out.kernels_named = names.len();
            for name in &names {
                match module.kernel(name) {
                    Ok(_) => out.kernels_created += 1,
                    Err(e) => out
                        .kernel_failures
                        .push(kernel_reason(&e, module.build_log(), name)),
                }
            }
            // A driver may leave out the kernels it cannot run: creating them says why.
            for name in entry_names.iter().filter(|n| !names.contains(n)) {
                out.unnamed_entry_points += 1;
                if let Err(e) = module.kernel(name) {
                    out.kernel_failures
                        .push(kernel_reason(&e, module.build_log(), name));
                }
            }
        }
        Err(e) => out
            .kernel_failures
            .push(format!("kernel names: {}", reason(&e))),
    }
}

/// A reason and how often it came.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Reason {
    /// The reason, its numbers replaced by `N` (so that failures differing only by an
    /// instruction's position or an id are one group).
    pub reason: String,
    /// How many modules (or kernels) failed so.
    pub count: usize,
    /// The first of them as the driver said it.
    pub example: String,
    /// The file of the first of them.
    pub file: String,
}

/// A reason without what differs from one module to the next: ids (`%12`), positions
/// (`word 1460`), hexadecimal numbers and mangled names (`_Z...`) become `%N`, `word N`, `0xN`
/// and `<name>`; other numbers (an opcode's) stay.
///
/// ```
/// use oneapi_tools::build::generalise;
/// assert_eq!(
///     generalise("opcode 4417 at word 1460 (%12, 0x1f0): _ZN3foo3barEv has no body"),
///     "opcode 4417 at word N (%N, 0xN): <name> has no body"
/// );
/// ```
pub fn generalise(reason: &str) -> String {
    let word_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.';
    let mut out = String::with_capacity(reason.len());
    let mut rest = reason;
    while let Some(c) = rest.chars().next() {
        let boundary = !out.chars().next_back().is_some_and(word_char);
        let digits = |s: &str, hex: bool| {
            s.find(|d: char| !(d.is_ascii_digit() || (hex && d.is_ascii_hexdigit())))
                .unwrap_or(s.len())
        };
        if boundary && rest.starts_with("_Z") {
            out.push_str("<name>");
            rest = &rest[rest.find(|d: char| !word_char(d)).unwrap_or(rest.len())..];
        } else if boundary && (rest.starts_with("0x") || rest.starts_with("0X")) {
            out.push_str("0xN");
            rest = &rest[2 + digits(&rest[2..], true)..];
        } else if c == '%' && digits(&rest[1..], false) > 0 {
            out.push_str("%N");
            rest = &rest[1 + digits(&rest[1..], false)..];
        } else if rest.starts_with("word ") && digits(&rest[5..], false) > 0 {
            out.push_str("word N");
            rest = &rest[5 + digits(&rest[5..], false)..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The summary of a run.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Summary {
    /// The backend (`ONEAPI_RS_BACKEND`'s choice).
    pub backend: String,
    /// The device's name.
    pub device: String,
    /// Modules given.
    pub modules: usize,
    /// Modules built.
    pub modules_built: usize,
    /// `OpEntryPoint`s in all the modules given.
    pub entry_points: usize,
    /// Kernel names listed by the modules built.
    pub kernels_named: usize,
    /// Kernels created.
    pub kernels_created: usize,
    /// Entry points of built modules that the driver does not name as kernels.
    pub unnamed_entry_points: usize,
    /// Modules linked with the libraries (`--link`) before their kernels were counted.
    pub modules_linked: usize,
    /// Why modules failed to build, most frequent first.
    pub build_failures: Vec<Reason>,
    /// Why kernels could not be created, most frequent first.
    pub kernel_failures: Vec<Reason>,
    /// Each module's outcome, when asked for ([`Summary::with_modules`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_module: Option<Vec<ModuleRecord>>,
}

/// One module's outcome, in the JSON report.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ModuleRecord {
    /// The file.
    pub file: String,
    /// Whether it built.
    pub built: bool,
    /// `OpEntryPoint`s in it.
    pub entry_points: usize,
    /// Kernels the built module names.
    pub kernels_named: usize,
    /// Kernels created.
    pub kernels_created: usize,
    /// Why it did not build.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
}

fn group(items: impl Iterator<Item = (String, String)>) -> Vec<Reason> {
    let mut groups: BTreeMap<String, Reason> = BTreeMap::new();
    for (reason, file) in items {
        let key = generalise(&reason);
        groups
            .entry(key.clone())
            .and_modify(|r| r.count += 1)
            .or_insert(Reason {
                reason: key,
                count: 1,
                example: reason,
                file,
            });
    }
    let mut out: Vec<Reason> = groups.into_values().collect();
    out.sort_by(|a, b| b.count.cmp(&a.count).then(a.reason.cmp(&b.reason)));
    out
}

impl Summary {
    /// Sums up the outcomes of `files` (in the same order).
    pub fn of(backend: String, device: String, files: &[PathBuf], outcomes: &[Outcome]) -> Self {
        let name = |i: usize| files[i].display().to_string();
        Summary {
            backend,
            device,
            modules: outcomes.len(),
            modules_built: outcomes.iter().filter(|o| o.built).count(),
            entry_points: outcomes.iter().map(|o| o.entry_points).sum(),
            kernels_named: outcomes.iter().map(|o| o.kernels_named).sum(),
            kernels_created: outcomes.iter().map(|o| o.kernels_created).sum(),
            unnamed_entry_points: outcomes.iter().map(|o| o.unnamed_entry_points).sum(),
            modules_linked: outcomes.iter().filter(|o| o.linked).count(),
            build_failures: group(
                outcomes
                    .iter()
                    .enumerate()
                    .filter_map(|(i, o)| Some((o.failure.clone()?, name(i)))),
            ),
            kernel_failures: group(
                outcomes
                    .iter()
                    .enumerate()
                    .flat_map(|(i, o)| o.kernel_failures.iter().map(move |r| (r.clone(), name(i)))),
            ),
            per_module: None,
        }
    }

    /// The summary with each module's outcome (`files` and `outcomes` as for [`Summary::of`]).
    pub fn with_modules(mut self, files: &[PathBuf], outcomes: &[Outcome]) -> Self {
        self.per_module = Some(
            files
                .iter()
                .zip(outcomes)
                .map(|(f, o)| ModuleRecord {
                    file: f.display().to_string(),
                    built: o.built,
                    entry_points: o.entry_points,
                    kernels_named: o.kernels_named,
                    kernels_created: o.kernels_created,
                    failure: o.failure.clone(),
                })
                .collect(),
        );
        self
    }

    /// The share of modules built, in percent (100 for none given).
    pub fn built_percent(&self) -> f64 {
        if self.modules == 0 {
            100.0
        } else {
            100.0 * self.modules_built as f64 / self.modules as f64
        }
    }

    /// The report in words, with the `top` most frequent reasons of each kind.
    pub fn to_text(&self, top: usize) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(s, "Backend: {}\nDevice:  {}", self.backend, self.device);
        let _ = writeln!(
            s,
            "Modules built:   {} / {} ({:.1} %)",
            self.modules_built,
            self.modules,
            self.built_percent()
        );
        let _ = writeln!(
            s,
            "Kernels created: {} / {} named (entry points in all modules: {})",
            self.kernels_created, self.kernels_named, self.entry_points
        );
        if self.unnamed_entry_points > 0 {
            let _ = writeln!(
                s,
                "Entry points of built modules not named as kernels: {}",
                self.unnamed_entry_points
            );
        }
        if self.modules_linked > 0 {
            let _ = writeln!(
                s,
                "Modules linked with the libraries: {}",
                self.modules_linked
            );
        }
        for (title, reasons) in [
            ("Build failures", &self.build_failures),
            ("Kernel creation failures", &self.kernel_failures),
        ] {
            if reasons.is_empty() {
                continue;
            }
            let _ = writeln!(s, "{title} ({} reasons):", reasons.len());
            for r in reasons.iter().take(top) {
                let _ = writeln!(s, "  {:>6}  {}", r.count, r.example);
                let _ = writeln!(s, "          e.g. {}", r.file);
            }
            if reasons.len() > top {
                let rest: usize = reasons[top..].iter().map(|r| r.count).sum();
                let _ = writeln!(s, "  {rest:>6}  ({} other reasons)", reasons.len() - top);
            }
        }
        s
    }
}

/// Builds every file on `device` with `threads` threads (at least one); `progress` is called
/// after each module with the number done.
pub fn build_all(
    ctx: &Context,
    device: &Device,
    files: &[PathBuf],
    libraries: &[Module],
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Outcome> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Outcome>> = Mutex::new(vec![Outcome::default(); files.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, files.len().max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(i) else { break };
                let outcome = build_one(ctx, device, file, libraries);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = outcome;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_grouped_by_their_numberless_text() {
        let files: Vec<PathBuf> = ["a.spv", "b.spv", "c.spv"].map(PathBuf::from).to_vec();
        let fail = |r: &str| Outcome {
            failure: Some(r.into()),
            entry_points: 1,
            ..Outcome::default()
        };
        let outcomes = [
            fail("unsupported opcode 4417 at word 12"),
            Outcome {
                built: true,
                entry_points: 2,
                kernels_named: 2,
                kernels_created: 1,
                kernel_failures: vec!["no such kernel".into()],
                failure: None,
                unnamed_entry_points: 0,
                linked: false,
            },
            fail("unsupported opcode 4417 at word 99"),
        ];
        let s = Summary::of("cpu".into(), "dev".into(), &files, &outcomes);
        assert_eq!((s.modules, s.modules_built), (3, 1));
        assert_eq!(
            (s.entry_points, s.kernels_named, s.kernels_created),
            (4, 2, 1)
        );
        assert_eq!(s.build_failures.len(), 1);
        assert_eq!(s.build_failures[0].count, 2);
        assert_eq!(
            s.build_failures[0].reason,
            "unsupported opcode 4417 at word N"
        );
        assert_eq!(
            s.build_failures[0].example,
            "unsupported opcode 4417 at word 12"
        );
        assert_eq!(s.build_failures[0].file, "a.spv");
        assert_eq!(s.kernel_failures[0].example, "no such kernel");
        let text = s.to_text(5);
        let json = serde_json::to_value(s.clone().with_modules(&files, &outcomes)).unwrap();
        assert_eq!(json["per_module"][2]["file"], "c.spv");
        assert_eq!(json["per_module"][1]["kernels_created"], 1);
        assert!(serde_json::to_value(&s)
            .unwrap()
            .get("per_module")
            .is_none());
        assert!(text.contains("Modules built:   1 / 3"), "{text}");
        assert!(
            text.contains("unsupported opcode 4417 at word 12"),
            "{text}"
        );
    }

    #[test]
    fn words_with_digits_keep_them() {
        assert_eq!(generalise("OpFoo in f32 v2"), "OpFoo in f32 v2");
        assert_eq!(generalise("a_Z9 %x 0"), "a_Z9 %x 0");
        assert_eq!(generalise("at word 7: é"), "at word N: é");
    }

    #[test]
    fn entry_points_are_counted_and_garbage_is_none() {
        let mut words = vec![0x0723_0203u32, 0x0001_0000, 0, 10, 0];
        words.extend([(4 << 16) | 15, 6, 1, 0x6f6f66]); // OpEntryPoint Kernel %1 "foo"
        words.extend([(4 << 16) | 15, 6, 2, 0x726162]);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(entry_points(&bytes), 2);
        assert_eq!(entry_point_names(&bytes), ["foo", "bar"]);
        assert_eq!(entry_points(&bytes[..7]), 0);
    }

    #[test]
    fn missing_paths_and_empty_folders_are_errors() {
        let err = spirv_files(&[PathBuf::from("/no/such/path.spv")]).unwrap_err();
        assert!(err.to_string().contains("/no/such/path.spv"), "{err}");
        let dir = std::env::temp_dir().join(format!("ze-build-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = spirv_files(std::slice::from_ref(&dir)).unwrap_err();
        std::fs::remove_dir_all(&dir).ok();
        assert!(err.to_string().starts_with("no .spv file"), "{err}");
    }
}
