//! OpenCL `printf`: the format language of OpenCL C 1.2 §6.12.13 (C99's conversions, vector
//! specifiers `%v4d`, length modifiers `hh h hl l`), formatted when a work-item calls it into a
//! per-launch buffer of [`PRINTF_BUFFER_SIZE`](crate::PRINTF_BUFFER_SIZE) bytes
//! (`printed.rs`), delivered when the launch completes (to standard output, or to the
//! launch's buffer): as Intel's GPU driver prints at completion.

use crate::error::Fault;
use crate::interp::program::{Exec, Lanes};
use crate::value::Scalar;

/// Longest string `%s` (or a format) reads before giving up: 64 KiB.
const MAX_STRING: usize = 1 << 16;

/// A `printf` argument as lowered: the slot of each component and the element type.
#[derive(Clone, Debug)]
pub(crate) struct PrintfArg {
    pub slots: Vec<usize>,
    pub scalar: Scalar,
}

/// The lowered `printf(format, args...)`: `dst` receives 0, or -1 when the format is malformed,
/// an argument is missing or the buffer is full.
pub(crate) fn exec(dst: usize, format: usize, args: Vec<PrintfArg>) -> Exec {
    Box::new(move |x: &mut Lanes<'_>| {
        let s = x.n;
        for &l in x.active {
            let l = l as usize;
            let mut read = |addr: u64| read_string(x.mem, addr as usize, l);
            let fmt = read(x.r[format * s + l])?;
            let values: Vec<PrintfValue> = args
                .iter()
                .map(|a| PrintfValue {
                    scalar: a.scalar,
                    bits: a.slots.iter().map(|&k| x.r[k * s + l]).collect(),
                })
                .collect();
            let ok = match render(&fmt, &values, &mut read)? {
                Some(out) => x.mem.printed().is_some_and(|p| p.push(&out)),
                None => false,
            };
            x.r[dst * s + l] = if ok { 0 } else { 0xffff_ffff };
        }
        Ok(())
    })
}

/// The NUL-terminated string at `addr`, every byte checked as work-item `lane`'s access.
fn read_string(
    mem: &crate::run::reach::Memory<'_>,
    addr: usize,
    lane: usize,
) -> Result<Vec<u8>, Fault> {
    let mut bytes = Vec::new();
    for i in 0..MAX_STRING {
        let at = addr.wrapping_add(i);
        mem.check_lane(at, 1, lane)?;
        // SAFETY: the byte was checked to be memory the work-item may read.
        let b = unsafe { crate::interp::memops::read(at, 1) } as u8;
        if b == 0 {
            break;
        }
        bytes.push(b);
    }
    Ok(bytes)
}

/// One argument's value: its components as stored.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PrintfValue {
    pub scalar: Scalar,
    pub bits: Vec<u64>,
}

/// A parsed conversion specification.
#[derive(Clone, Copy, Debug, Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
    vector: Option<usize>,
    /// Integer width from the length modifier (`hh` 8, `h` 16, `hl` 32, `l` 64), if any.
    length: Option<u32>,
    conv: u8,
}

/// Formats `fmt` with `args` (strings for `%s` read through `read`): `None` when the format is
/// malformed or an argument is missing or of the wrong vector length (the call returns -1).
pub(crate) fn render(
    fmt: &[u8],
    args: &[PrintfValue],
    read: &mut dyn FnMut(u64) -> Result<Vec<u8>, Fault>,
) -> Result<Option<Vec<u8>>, Fault> {
    let mut out = Vec::new();
    let mut next = args.iter();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let Some((spec, end)) = parse(fmt, i + 1) else {
            return Ok(None);
        };
        i = end;
        if spec.conv == b'%' {
            out.push(b'%');
            continue;
        }
        let Some(arg) = next.next() else {
            return Ok(None);
        };
        let count = spec.vector.unwrap_or(1);
        if arg.bits.len() != count {
            return Ok(None);
        }
        for (k, &bits) in arg.bits.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            let body = match spec.conv {
                b's' => {
                    let mut s = read(bits)?;
                    if let Some(p) = spec.precision {
                        s.truncate(p);
                    }
                    pad(&spec, Vec::new(), s, false)
                }
                b'c' => pad(&spec, Vec::new(), vec![bits as u8], false),
                b'p' => pad(
                    &spec,
                    b"0x".to_vec(),
                    format!("{bits:x}").into_bytes(),
                    false,
                ),
                b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => integer(&spec, arg.scalar, bits),
                _ => float(&spec, as_f64(arg.scalar, bits)),
            };
            out.extend_from_slice(&body);
        }
    }
    Ok(Some(out))
}

/// Parses the specification after a `%` at `i`: the spec and the index after it.
fn parse(fmt: &[u8], mut i: usize) -> Option<(Spec, usize)> {
    let mut s = Spec::default();
    while let Some(&c) = fmt.get(i) {
        match c {
            b'-' => s.minus = true,
            b'+' => s.plus = true,
            b' ' => s.space = true,
            b'#' => s.alt = true,
            b'0' => s.zero = true,
            _ => break,
        }
        i += 1;
    }
    let number = |i: &mut usize| {
        let mut n: usize = 0;
        while let Some(d) = fmt.get(*i).filter(|c| c.is_ascii_digit()) {
            n = n.saturating_mul(10).saturating_add((d - b'0') as usize);
            *i += 1;
        }
        n.min(1 << 20)
    };
    s.width = number(&mut i);
    if fmt.get(i) == Some(&b'.') {
        i += 1;
        s.precision = Some(number(&mut i));
    }
    if fmt.get(i) == Some(&b'v') {
        i += 1;
        let n = number(&mut i);
        if ![2, 3, 4, 8, 16].contains(&n) {
            return None;
        }
        s.vector = Some(n);
    }
    let rest = &fmt[i.min(fmt.len())..];
    let (length, skip) = if rest.starts_with(b"hh") {
        (Some(8), 2)
    } else if rest.starts_with(b"hl") {
        (Some(32), 2)
    } else if rest.starts_with(b"h") {
        (Some(16), 1)
    } else if rest.starts_with(b"l") {
        (Some(64), 1)
    } else {
        (None, 0)
    };
    s.length = length;
    i += skip;
    s.conv = *fmt.get(i)?;
    let valid = match s.conv {
        b'%' => s.vector.is_none() && length.is_none(),
        b'c' | b's' | b'p' => s.vector.is_none() && length.is_none(),
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => true,
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            // `hh` is an integer modifier only; `hl` only with vectors.
            length != Some(8) && (length != Some(32) || s.vector.is_some())
        }
        _ => false,
    };
    valid.then_some((s, i + 1))
}

/// Pads `prefix` + `digits` to the width: left-justified with `-`, with zeros between prefix
/// and digits when `zeros`, else with spaces before.
fn pad(spec: &Spec, mut prefix: Vec<u8>, digits: Vec<u8>, zeros: bool) -> Vec<u8> {
    let len = prefix.len() + digits.len();
    let fill = spec.width.saturating_sub(len);
    if spec.minus {
        prefix.extend_from_slice(&digits);
        prefix.resize(prefix.len() + fill, b' ');
        prefix
    } else if zeros {
        prefix.resize(prefix.len() + fill, b'0');
        prefix.extend_from_slice(&digits);
        prefix
    } else {
        let mut out = vec![b' '; fill];
        out.extend_from_slice(&prefix);
        out.extend_from_slice(&digits);
        out
    }
}

/// The sign prefix of a value (`-`, or `+`/space on request).
fn sign(spec: &Spec, negative: bool) -> Vec<u8> {
    if negative {
        b"-".to_vec()
    } else if spec.plus {
        b"+".to_vec()
    } else if spec.space {
        b" ".to_vec()
    } else {
        Vec::new()
    }
}

fn integer(spec: &Spec, scalar: Scalar, bits: u64) -> Vec<u8> {
    let width = spec.length.unwrap_or(if spec.vector.is_some() {
        scalar.bits().max(8)
    } else {
        32
    });
    let bits = bits & (u64::MAX >> (64 - width));
    let signed = matches!(spec.conv, b'd' | b'i');
    let value = if signed {
        ((bits << (64 - width)) as i64) >> (64 - width)
    } else {
        0
    };
    let magnitude = if signed { value.unsigned_abs() } else { bits };
    let mut digits = match spec.conv {
        b'o' => format!("{magnitude:o}"),
        b'x' => format!("{magnitude:x}"),
        b'X' => format!("{magnitude:X}"),
        _ => format!("{magnitude}"),
    }
    .into_bytes();
    match spec.precision {
        Some(0) if magnitude == 0 => digits.clear(),
        Some(p) if digits.len() < p => {
            let mut z = vec![b'0'; p - digits.len()];
            z.extend_from_slice(&digits);
            digits = z;
        }
        _ => {}
    }
    let prefix = match spec.conv {
        b'd' | b'i' => sign(spec, value < 0),
        b'o' if spec.alt && digits.first() != Some(&b'0') => {
            digits.insert(0, b'0');
            Vec::new()
        }
        b'x' if spec.alt && magnitude != 0 => b"0x".to_vec(),
        b'X' if spec.alt && magnitude != 0 => b"0X".to_vec(),
        _ => Vec::new(),
    };
    pad(spec, prefix, digits, spec.zero && spec.precision.is_none())
}

/// A float argument as `f64`; an integer one by its width's float type.
fn as_f64(scalar: Scalar, bits: u64) -> f64 {
    match scalar {
        s if s.is_float() => s.to_f64(bits),
        Scalar::I16 => Scalar::F16.to_f64(bits),
        Scalar::I32 => Scalar::F32.to_f64(bits),
        _ => f64::from_bits(bits),
    }
}

fn float(spec: &Spec, v: f64) -> Vec<u8> {
    let upper = spec.conv.is_ascii_uppercase();
    let prefix = sign(spec, v.is_sign_negative());
    let a = v.abs();
    if !a.is_finite() {
        let word = if a.is_nan() { "nan" } else { "inf" };
        let word = if upper {
            word.to_uppercase()
        } else {
            word.into()
        };
        return pad(spec, prefix, word.into_bytes(), false);
    }
    let p = spec.precision;
    let mut body = match spec.conv.to_ascii_lowercase() {
        b'f' => fixed(a, p.unwrap_or(6), spec.alt),
        b'e' => exponent(a, p.unwrap_or(6), spec.alt),
        b'g' => general(a, p.unwrap_or(6), spec.alt),
        _ => hex(a, p, spec.alt),
    };
    if upper {
        body.make_ascii_uppercase();
    }
    let prefix = if spec.conv.eq_ignore_ascii_case(&b'a') {
        let mut p = prefix;
        p.extend_from_slice(if upper { b"0X" } else { b"0x" });
        p
    } else {
        prefix
    };
    pad(spec, prefix, body.into_bytes(), spec.zero)
}

/// `%f` of a non-negative finite value.
fn fixed(a: f64, p: usize, alt: bool) -> String {
    let mut s = format!("{a:.p$}");
    if alt && p == 0 {
        s.push('.');
    }
    s
}

/// `%e` of a non-negative finite value: the digits and the decimal exponent.
fn exponent_parts(a: f64, p: usize) -> (String, i32) {
    let s = format!("{a:.p$e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    (m.to_string(), e.parse().unwrap_or(0))
}

fn exponent(a: f64, p: usize, alt: bool) -> String {
    let (mut m, e) = exponent_parts(a, p);
    if alt && p == 0 {
        m.push('.');
    }
    format!(
        "{m}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// `%g`: `%e` or `%f` by the exponent, trailing zeros removed unless `#`.
fn general(a: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    let x = if a == 0.0 {
        0
    } else {
        exponent_parts(a, p - 1).1
    };
    let s = if (-4..p as i32).contains(&x) {
        fixed(a, (p as i32 - 1 - x) as usize, alt)
    } else {
        exponent(a, p - 1, alt)
    };
    if alt {
        return s;
    }
    let (m, e) = match s.find('e') {
        Some(i) => s.split_at(i),
        None => (s.as_str(), ""),
    };
    let m = if m.contains('.') {
        m.trim_end_matches('0').trim_end_matches('.')
    } else {
        m
    };
    format!("{m}{e}")
}

/// `%a` of a non-negative finite value, without the `0x` (glibc's form: `1.8p+1`, subnormals
/// as `0.xxxp-1022`), rounded to nearest even at a precision below 13 hex digits.
fn hex(a: f64, p: Option<usize>, alt: bool) -> String {
    let bits = a.to_bits();
    let (mut lead, mut frac, exp) = match (bits >> 52) as i32 {
        0 if a == 0.0 => (0u64, 0u64, 0),
        0 => (0, bits & ((1 << 52) - 1), -1022),
        e => (1, bits & ((1 << 52) - 1), e - 1023),
    };
    let digits = match p {
        Some(p) if p < 13 => {
            let drop = 4 * (13 - p) as u32;
            let whole = (lead << 52 | frac) >> drop;
            let rest = (lead << 52 | frac) & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let rounded = whole + u64::from(rest > half || (rest == half && whole & 1 == 1));
            lead = rounded >> (52 - drop);
            frac = rounded & ((1u64 << (52 - drop)) - 1);
            p
        }
        Some(p) => p,
        None => {
            let mut n = 13;
            while n > 0 && (frac >> (4 * (13 - n))) & 0xf == 0 {
                n -= 1;
            }
            frac >>= 4 * (13 - n);
            n
        }
    };
    let mut s = format!("{lead:x}");
    if digits > 0 || alt {
        s.push('.');
    }
    if digits > 0 {
        let shown = digits.min(13);
        s.push_str(&format!("{frac:0shown$x}"));
        s.extend(std::iter::repeat_n('0', digits - shown));
    }
    format!(
        "{s}p{}{}",
        if exp < 0 { '-' } else { '+' },
        exp.unsigned_abs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[PrintfValue]) -> Option<String> {
        let mut read = |a: u64| Ok(format!("<{a}>").into_bytes());
        render(fmt.as_bytes(), args, &mut read)
            .unwrap()
            .map(|b| String::from_utf8(b).unwrap())
    }
    fn int(v: i64) -> PrintfValue {
        PrintfValue {
            scalar: Scalar::I32,
            bits: vec![v as u64 & 0xffff_ffff],
        }
    }
    fn long(v: i64) -> PrintfValue {
        PrintfValue {
            scalar: Scalar::I64,
            bits: vec![v as u64],
        }
    }
    fn dbl(v: f64) -> PrintfValue {
        PrintfValue {
            scalar: Scalar::F64,
            bits: vec![v.to_bits()],
        }
    }

    #[test]
    fn integers_follow_c() {
        assert_eq!(
            f("%d|%5d|%-5d|%05d", &[int(-42), int(7), int(7), int(-7)]).unwrap(),
            "-42|    7|7    |-0007"
        );
        assert_eq!(
            f("%+d % d %.3d %.0d", &[int(5), int(5), int(5), int(0)]).unwrap(),
            "+5  5 005 "
        );
        assert_eq!(
            f(
                "%u %x %X %#x %#o %o",
                &[int(-1), int(255), int(255), int(255), int(8), int(0)]
            )
            .unwrap(),
            "4294967295 ff FF 0xff 010 0"
        );
        assert_eq!(
            f(
                "%ld %lu %hhd %hd",
                &[long(-5_000_000_000), long(-1), int(0x1ff), int(0x18000)]
            )
            .unwrap(),
            "-5000000000 18446744073709551615 -1 -32768"
        );
        assert_eq!(
            f("%c%c %s %p %%", &[int(72), int(105), long(9), long(255)]).unwrap(),
            "Hi <9> 0xff %"
        );
        assert_eq!(f("%.2s|%4s", &[long(1), long(2)]).unwrap(), "<1| <2>");
    }

    #[test]
    fn floats_follow_c() {
        let v = [dbl(2.71875), dbl(-2.5), dbl(1e-5), dbl(123456789.0)];
        assert_eq!(
            f("%f %f %f %.0f", &v).unwrap(),
            "2.718750 -2.500000 0.000010 123456789"
        );
        assert_eq!(
            f("%e %E %.2e %.0e", &v).unwrap(),
            "2.718750e+00 -2.500000E+00 1.00e-05 1e+08"
        );
        assert_eq!(
            f("%g %g %g %g", &v).unwrap(),
            "2.71875 -2.5 1e-05 1.23457e+08"
        );
        assert_eq!(
            f("%8.3f|%-8.2f|%08.2f|%+.1f", &v).unwrap(),
            "   2.719|-2.50   |00000.00|+123456789.0"
        );
        assert_eq!(
            f(
                "%a %a %A %.1a",
                &[dbl(1.0), dbl(-3.0), dbl(0.5), dbl(1.96875)]
            )
            .unwrap(),
            "0x1p+0 -0x1.8p+1 0X1P-1 0x2.0p+0"
        );
        assert_eq!(
            f("%a %.3a", &[dbl(0.0), dbl(f64::MIN_POSITIVE / 2.0)]).unwrap(),
            "0x0p+0 0x0.800p-1022"
        );
        let specials = [
            dbl(f64::INFINITY),
            dbl(-f64::INFINITY),
            dbl(f64::NAN),
            dbl(0.0),
        ];
        assert_eq!(f("%f %5f %F %g", &specials).unwrap(), "inf  -inf NAN 0");
        assert_eq!(
            f(
                "%#g %#.0f %g %g",
                &[dbl(1.0), dbl(2.0), dbl(100000.0), dbl(1000000.0)]
            )
            .unwrap(),
            "1.00000 2. 100000 1e+06"
        );
    }

    #[test]
    fn vectors_join_components_with_commas() {
        let v4 = PrintfValue {
            scalar: Scalar::I32,
            bits: vec![1, 2, 0xffff_ffff, 4],
        };
        let f2 = PrintfValue {
            scalar: Scalar::F32,
            bits: vec![1.5f32.to_bits() as u64, (-0.25f32).to_bits() as u64],
        };
        assert_eq!(
            f("%v4d|%v4hlu|%v2hlf", &[v4.clone(), v4.clone(), f2]).unwrap(),
            "1,2,-1,4|1,2,4294967295,4|1.500000,-0.250000"
        );
        let c = PrintfValue {
            scalar: Scalar::I8,
            bits: vec![0xff, 1, 2],
        };
        assert_eq!(
            f("%v3hhd %#v3hhx", &[c.clone(), c]).unwrap(),
            "-1,1,2 0xff,0x1,0x2"
        );
    }

    #[test]
    fn malformed_formats_and_missing_arguments_print_nothing() {
        assert_eq!(f("%d %d", &[int(1)]), None, "missing argument");
        assert_eq!(f("%v4d", &[int(1)]), None, "scalar for a vector");
        assert_eq!(f("%v5d", &[int(1)]), None, "no such vector length");
        assert_eq!(f("%q", &[int(1)]), None, "unknown conversion");
        assert_eq!(f("%hlf", &[dbl(1.0)]), None, "hl without a vector");
        assert_eq!(f("100%", &[]), None, "dangling %");
        assert_eq!(
            f("plain %%", &[int(3)]).unwrap(),
            "plain %",
            "extra arguments ignored"
        );
    }
}
