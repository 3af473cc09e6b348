//! `ze-build`: builds SPIR-V modules on a Level Zero device and says what built and what did
//! not, with the reasons grouped. A census of what a driver accepts: the SPIR-V that SYCL
//! libraries embed (see `tools/sycl/extract_spirv.py`), or any corpus.
//!
//! ```sh
//! ONEAPI_RS_BACKEND=cpu cargo run --bin ze-build -- kernels/spv
//! ONEAPI_RS_BACKEND=loader cargo run --bin ze-build -- --json --threads 4 modules/
//! ```

use oneapi_tools::args::{ArgError, Args};
use oneapi_tools::build::{build_all, spirv_files, BuildError, Summary};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: ze-build [--json [--per-module]] [--top N] [--threads N] [--min-built PERCENT] PATH...

Builds each SPIR-V module (.spv files, or folders searched for them) on the first device of
the Level Zero backend (chosen by ONEAPI_RS_BACKEND: auto, loader, cpu, or a driver library's
path), creates each kernel the built modules name, and reports modules built / total, kernels
created / named, and why the others failed (first line of the build log or error), grouped.

  --json                print JSON instead of text
  --per-module          with --json: each module's outcome too
  --top N               reasons listed per kind of failure (default 10; JSON lists all)
  --threads N           modules built at once (default 1)
  --min-built PERCENT   exit 1 if fewer modules than this share built
  --link PATH           device libraries (modules or folders, not counted): a module whose
                        kernels are not all created is linked with them (zeModuleDynamicLink)
                        and counted again
  -h, --help            print this help

Exit status: 0 done (and --min-built met), 1 Level Zero failed or --min-built not met,
2 bad command line or no module to build.";

struct Options {
    json: bool,
    per_module: bool,
    top: usize,
    threads: usize,
    min_built: Option<f64>,
    paths: Vec<PathBuf>,
    link: Vec<PathBuf>,
}

fn number<T: std::str::FromStr>(
    args: &mut Args,
    option: &str,
    expected: &'static str,
) -> Result<T, ArgError> {
    let value = args.value(option)?;
    value.parse().map_err(|_| ArgError::BadValue {
        option: option.into(),
        value,
        expected,
    })
}

/// The options, or `None` for `--help`.
fn parse(mut args: Args) -> Result<Option<Options>, ArgError> {
    let mut o = Options {
        json: false,
        per_module: false,
        top: 10,
        threads: 1,
        min_built: None,
        paths: Vec::new(),
        link: Vec::new(),
    };
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "--json" => o.json = true,
            "--per-module" => o.per_module = true,
            "--top" => o.top = number(&mut args, &arg, "a number")?,
            "--threads" => {
                o.threads = number(&mut args, &arg, "a number from 1")?;
                if o.threads == 0 {
                    return Err(ArgError::BadValue {
                        option: arg,
                        value: "0".into(),
                        expected: "a number from 1",
                    });
                }
            }
            "--min-built" => {
                let v: f64 = number(&mut args, &arg, "a percentage")?;
                if !(0.0..=100.0).contains(&v) {
                    return Err(ArgError::BadValue {
                        option: arg,
                        value: v.to_string(),
                        expected: "a percentage from 0 to 100",
                    });
                }
                o.min_built = Some(v);
            }
            "--link" => o.link.push(PathBuf::from(args.value(&arg)?)),
            "-h" | "--help" => return Ok(None),
            "--" => o
                .paths
                .extend(std::iter::from_fn(|| args.next_arg()).map(PathBuf::from)),
            _ if arg.starts_with('-') && arg.len() > 1 => return Err(ArgError::Unknown(arg)),
            _ => o.paths.push(PathBuf::from(arg)),
        }
    }
    Ok(Some(o))
}

/// The summary, or the exit status and why not.
fn run(o: &Options) -> Result<Summary, (u8, String)> {
    let files = spirv_files(&o.paths).map_err(|e| (2, e.to_string()))?;
    let ze = |e: level_zero::Error| (1, BuildError::Ze(e).to_string());
    let api = level_zero::init().map_err(ze)?;
    let ctx = level_zero::default_context().map_err(ze)?;
    let device = level_zero::default_device().map_err(ze)?;
    let name = device.properties().map(|p| p.name).map_err(ze)?;
    let bar = indicatif::ProgressBar::new(files.len() as u64);
    if o.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    // The libraries: each built once; one that does not build is left out.
    let libraries: Vec<level_zero::Module> = if o.link.is_empty() {
        Vec::new()
    } else {
        spirv_files(&o.link)
            .map_err(|e| (2, e.to_string()))?
            .iter()
            .filter_map(|f| std::fs::read(f).ok())
            .filter_map(|spirv| {
                level_zero::Module::from_spirv(&ctx, &device, &spirv, &Default::default()).ok()
            })
            .collect()
    };
    let outcomes = build_all(&ctx, &device, &files, &libraries, o.threads, &|_| {
        bar.inc(1)
    });
    bar.finish_and_clear();
    let summary = Summary::of(format!("{:?}", api.choice()), name, &files, &outcomes);
    Ok(if o.per_module {
        summary.with_modules(&files, &outcomes)
    } else {
        summary
    })
}

fn main() -> ExitCode {
    let options = match parse(Args::from_env()) {
        Ok(Some(o)) if o.paths.is_empty() => {
            eprintln!("ze-build: no module given\n{USAGE}");
            return ExitCode::from(2);
        }
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("ze-build: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let summary = match run(&options) {
        Ok(s) => s,
        Err((code, e)) => {
            eprintln!("ze-build: {e}");
            return ExitCode::from(code);
        }
    };
    if options.json {
        match serde_json::to_string_pretty(&summary) {
            Ok(j) => println!("{j}"),
            Err(e) => {
                eprintln!("ze-build: cannot write JSON: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print!("{}", summary.to_text(options.top));
    }
    match options.min_built {
        Some(min) if summary.built_percent() < min => {
            eprintln!(
                "ze-build: {:.1} % of the modules built, below the {min} % asked",
                summary.built_percent()
            );
            ExitCode::FAILURE
        }
        _ => ExitCode::SUCCESS,
    }
}
