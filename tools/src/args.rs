//! A small command-line parser: flags and `--name value` options, nothing else (the tools
//! take a handful of options; a parser crate would cost more build time than it saves).

use std::collections::VecDeque;

/// Why the command line was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum ArgError {
    /// An option this tool does not know.
    Unknown(String),
    /// An option that takes a value was last on the line.
    MissingValue(String),
    /// A value that does not parse.
    BadValue {
        /// The option.
        option: String,
        /// What was given.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArgError::Unknown(o) => write!(f, "unknown option {o}"),
            ArgError::MissingValue(o) => write!(f, "{o} needs a value"),
            ArgError::BadValue {
                option,
                value,
                expected,
            } => write!(f, "{option} {value}: expected {expected}"),
        }
    }
}

impl std::error::Error for ArgError {}

/// The arguments left to read (program name excluded).
#[derive(Debug)]
pub struct Args(VecDeque<String>);

impl Args {
    /// The process's arguments, without the program name.
    pub fn from_env() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// Arguments given as a list (for tests).
    pub fn from_vec<S: Into<String>>(args: impl IntoIterator<Item = S>) -> Args {
        Args(args.into_iter().map(Into::into).collect())
    }

    /// The next argument, if any.
    pub fn next_arg(&mut self) -> Option<String> {
        self.0.pop_front()
    }

    /// The value that must follow `option`.
    pub fn value(&mut self, option: &str) -> Result<String, ArgError> {
        self.0
            .pop_front()
            .ok_or_else(|| ArgError::MissingValue(option.into()))
    }
}

/// Parses a byte size: a plain number of bytes or one with a binary suffix
/// (`4K`, `64KiB`, `1M`, `1GiB`; case-insensitive).
///
/// ```
/// use oneapi_tools::args::parse_size;
/// assert_eq!(parse_size("4K"), Some(4096));
/// assert_eq!(parse_size("1GiB"), Some(1 << 30));
/// assert_eq!(parse_size("123"), Some(123));
/// assert_eq!(parse_size("1X"), None);
/// ```
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let number: u64 = number.parse().ok()?;
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return None,
    };
    number.checked_mul(1 << shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_and_without_units() {
        assert_eq!(parse_size("0"), Some(0));
        assert_eq!(parse_size("64kib"), Some(64 << 10));
        assert_eq!(parse_size("2M"), Some(2 << 20));
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("K"), None);
        assert_eq!(parse_size("-1"), None);
        assert_eq!(parse_size("99999999999999999999G"), None);
    }

    #[test]
    fn values_must_follow_their_option() {
        let mut a = Args::from_vec(["--max"]);
        assert_eq!(a.next_arg().as_deref(), Some("--max"));
        assert_eq!(
            a.value("--max"),
            Err(ArgError::MissingValue("--max".into()))
        );
    }
}
