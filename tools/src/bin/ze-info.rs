//! `ze-info`: what Level Zero sees — the backend chosen and why, the drivers, their devices and
//! sub-devices with their properties. Like `clinfo` and `sycl-ls`.
//!
//! ```sh
//! cargo run --bin ze-info            # readable
//! cargo run --bin ze-info -- --json  # for programs
//! ONEAPI_RS_BACKEND=cpu cargo run --bin ze-info
//! ```

use oneapi_tools::args::{ArgError, Args};
use oneapi_tools::info::Report;
use std::process::ExitCode;

const USAGE: &str = "usage: ze-info [--json]

Lists the Level Zero backend (chosen by ONEAPI_RS_BACKEND: auto, loader, cpu, or a driver
library's path), its drivers, their devices and sub-devices, with their properties.

  --json      print JSON instead of text
  -h, --help  print this help";

fn main() -> ExitCode {
    let mut json = false;
    let mut args = Args::from_env();
    while let Some(arg) = args.next_arg() {
        match arg.as_str() {
            "--json" => json = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("ze-info: {}\n{USAGE}", ArgError::Unknown(arg));
                return ExitCode::from(2);
            }
        }
    }
    let report = level_zero::init().and_then(|api| Report::gather(&api, &level_zero::drivers()?));
    match report {
        Ok(r) if json => println!("{}", r.to_json()),
        Ok(r) => print!("{}", r.to_text()),
        Err(e) => {
            eprintln!("ze-info: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
