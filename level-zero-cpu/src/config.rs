//! The simulated machine, configured from environment variables read once at `zeInit`.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `LEVEL_ZERO_CPU_DEVICES` | number of root devices | 1 |
//! | `LEVEL_ZERO_CPU_SUBDEVICES` | sub-devices per root device (0 = none) | 0 |
//! | `LEVEL_ZERO_CPU_MEMORY` | device memory per root device (`4G`, `512M`, bytes) | 4 GiB |
//! | `LEVEL_ZERO_CPU_MAX_ALLOC` | largest single allocation | memory size |
//! | `LEVEL_ZERO_CPU_COMMAND_DELAY_US` | sleep before every command (µs), to expose missing synchronisation | 0 |
//! | `LEVEL_ZERO_CPU_THREADS` | host threads a kernel launch spreads its work-groups over | all cores |
//! | `LEVEL_ZERO_CPU_EXEC` | kernel executor: `jit` (native code; kernels it does not support run on the interpreter, the build log says why) or `interp` (the interpreter only); a module's build flag `-level-zero-cpu-exec=jit\|interp` overrides it | `jit` |
//! | `LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS` | a kernel launch running longer is stopped (hang detection): its command fails with `DEVICE_LOST`, the queue goes on; `0` = never | 60000 |
//! | `LEVEL_ZERO_CPU_INTEGRATED` | `0`: report a discrete device (no `ZE_DEVICE_PROPERTY_FLAG_INTEGRATED`), so that code choosing memory for a device with its own memory can run here; the memory is host memory either way | `1` |
//! | `LEVEL_ZERO_CPU_DEVICE_TYPE` | `gpu`: devices report `ZE_DEVICE_TYPE_GPU` and `zeInit(ZE_INIT_FLAG_GPU_ONLY)` finds the driver, for runtimes that keep GPU devices only (Intel's Unified Runtime); `cpu`: what the device is | `cpu` |
//! | `LEVEL_ZERO_CPU_PEER_ACCESS` | `0`: distinct root devices cannot access each other's memory (a machine without peer links; a root and its own sub-devices still can) | `1` |
//! | `LEVEL_ZERO_CPU_PRINT_FAULTS` | `1`: print why each failed command failed (a kernel's fault, a hang, a driver error) to stderr as it fails, for programs that only see `DEVICE_LOST` (Intel's SYCL runtime) | off |
//! | `LEVEL_ZERO_CPU_LEAK_REPORT` | at exit: `1` print live allocations and handles, `abort` also exit with status 86 if any | off |

use std::sync::OnceLock;
use std::time::Duration;

/// The driver's configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// Root devices (`LEVEL_ZERO_CPU_DEVICES`).
    pub devices: u32,
    /// Sub-devices per root device, 0 for none (`LEVEL_ZERO_CPU_SUBDEVICES`).
    pub subdevices: u32,
    /// Bytes of device memory per root device (`LEVEL_ZERO_CPU_MEMORY`).
    pub memory: u64,
    /// Largest single allocation in bytes (`LEVEL_ZERO_CPU_MAX_ALLOC`).
    pub max_alloc: u64,
    /// Sleep before every command (`LEVEL_ZERO_CPU_COMMAND_DELAY_US`).
    pub command_delay: Duration,
    /// What to do about leaks at exit (`LEVEL_ZERO_CPU_LEAK_REPORT`).
    pub leak_report: LeakReport,
    /// Threads per kernel launch.
    pub kernel_threads: usize,
    /// The kernel executor's name (`jit` or `interp`).
    pub exec: String,
    /// How long a kernel launch may run before the watchdog stops it, if it watches
    /// (`LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS`, 0 = never).
    pub kernel_timeout: Option<Duration>,
    /// Whether distinct root devices report peer access (`LEVEL_ZERO_CPU_PEER_ACCESS`).
    pub peer_access: bool,
    /// Whether devices report themselves integrated, sharing memory with the host
    /// (`LEVEL_ZERO_CPU_INTEGRATED`; `0` simulates a discrete device).
    pub integrated: bool,
    /// Whether devices say they are GPUs (`LEVEL_ZERO_CPU_DEVICE_TYPE=gpu`).
    pub report_gpu: bool,
    /// Whether failed commands are described on stderr (`LEVEL_ZERO_CPU_PRINT_FAULTS`).
    pub print_faults: bool,
    /// Whether an idle queue or immediate list runs small work on the submitting thread
    /// (`LEVEL_ZERO_CPU_INLINE`, default 1; 0: every submission goes to its worker thread).
    pub inline_small: bool,
}

/// What to do about leaks at process exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeakReport {
    /// No report.
    Off,
    /// Print live allocations and handles (`1`).
    Print,
    /// Print them, and end the process with status 86 if there are any (`abort`).
    Abort,
}

const DEFAULT_MEMORY: u64 = 4 << 30;

/// The default of `LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS`: a minute. GPU hang detection stops a
/// batch after a few seconds; kernels run one to two orders of magnitude slower on a CPU
/// (more on the interpreter), and a minute leaves honest long kernels alone while a hung one
/// still ends.
pub const DEFAULT_KERNEL_TIMEOUT_MS: u64 = 60_000;

/// Parses `4G`, `512M`, `64K`, `123` (bytes); case-insensitive, optional `iB`/`B` suffix.
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_end_matches("IB").trim_end_matches('B');
    let (digits, shift) = match t.chars().last()? {
        'K' => (&t[..t.len() - 1], 10),
        'M' => (&t[..t.len() - 1], 20),
        'G' => (&t[..t.len() - 1], 30),
        'T' => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    digits.trim().parse::<u64>().ok()?.checked_mul(1 << shift)
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn warn_bad(name: &str, value: &str) {
    eprintln!("level-zero-cpu: ignoring {name}={value:?} (not understood)");
}

fn number<T: std::str::FromStr>(name: &str, default: T) -> T {
    match var(name) {
        None => default,
        Some(v) => v.trim().parse().unwrap_or_else(|_| {
            warn_bad(name, &v);
            default
        }),
    }
}

fn size(name: &str, default: u64) -> u64 {
    match var(name) {
        None => default,
        Some(v) => parse_size(&v).unwrap_or_else(|| {
            warn_bad(name, &v);
            default
        }),
    }
}

impl Config {
    /// Reads the environment.
    pub fn from_env() -> Config {
        let memory = size("LEVEL_ZERO_CPU_MEMORY", DEFAULT_MEMORY);
        let leak_report = match var("LEVEL_ZERO_CPU_LEAK_REPORT").as_deref().map(str::trim) {
            None | Some("0") => LeakReport::Off,
            Some("abort") => LeakReport::Abort,
            Some(_) => LeakReport::Print,
        };
        Config {
            devices: number("LEVEL_ZERO_CPU_DEVICES", 1u32).clamp(1, 64),
            subdevices: number("LEVEL_ZERO_CPU_SUBDEVICES", 0u32).min(16),
            memory,
            max_alloc: size("LEVEL_ZERO_CPU_MAX_ALLOC", memory).min(memory),
            command_delay: Duration::from_micros(number("LEVEL_ZERO_CPU_COMMAND_DELAY_US", 0u64)),
            leak_report,
            kernel_threads: number(
                "LEVEL_ZERO_CPU_THREADS",
                std::thread::available_parallelism().map_or(1, |n| n.get()),
            )
            .max(1),
            kernel_timeout: match number(
                "LEVEL_ZERO_CPU_KERNEL_TIMEOUT_MS",
                DEFAULT_KERNEL_TIMEOUT_MS,
            ) {
                0 => None,
                ms => Some(Duration::from_millis(ms)),
            },
            peer_access: number("LEVEL_ZERO_CPU_PEER_ACCESS", 1u32) != 0,
            print_faults: number("LEVEL_ZERO_CPU_PRINT_FAULTS", 0u32) != 0,
            inline_small: number("LEVEL_ZERO_CPU_INLINE", 1u32) != 0,
            integrated: number("LEVEL_ZERO_CPU_INTEGRATED", 1u32) != 0,
            report_gpu: match var("LEVEL_ZERO_CPU_DEVICE_TYPE").as_deref().map(str::trim) {
                None | Some("cpu") => false,
                Some("gpu") => true,
                Some(v) => {
                    warn_bad("LEVEL_ZERO_CPU_DEVICE_TYPE", v);
                    false
                }
            },
            exec: match var("LEVEL_ZERO_CPU_EXEC") {
                Some(v) if spirv_exec::backend_named(&v).is_some() => v.trim().to_string(),
                Some(v) => {
                    warn_bad("LEVEL_ZERO_CPU_EXEC", &v);
                    "jit".into()
                }
                None => "jit".into(),
            },
        }
    }
}

static CONFIG: OnceLock<Config> = OnceLock::new();

/// The configuration, read from the environment on first use.
pub fn config() -> &'static Config {
    CONFIG.get_or_init(Config::from_env)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("4G"), Some(4 << 30));
        assert_eq!(parse_size("512MiB"), Some(512 << 20));
        assert_eq!(parse_size(" 64k "), Some(64 << 10));
        assert_eq!(parse_size("1000"), Some(1000));
        assert_eq!(parse_size("12X"), None);
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("99999999999T"), None);
    }
}
