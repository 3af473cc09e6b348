//! The OpenCL.std extended instruction set ("OpenCL.ExtendedInstructionSet.100", imported by
//! SPIR-V kernels as `OpExtInstImport "OpenCL.std"`), evaluated as pure functions over the
//! interpreter's value slots (see [`Scalar`]).
//!
//! [`ext_inst`] evaluates one instruction over all lanes of its operands. Everything except
//! the memory instructions is implemented (`vloadn`, `vstoren`, `vload_half*`, `vstore_half*`,
//! `vloada_halfn`, `vstorea_halfn*`, `printf`, `prefetch` belong to the interpreter:
//! [`supported`] is false for them and [`ext_inst`] returns `Err(name)`).
//!
//! # Operands and lanes
//!
//! * Every argument `args[i]` holds `lanes` values, or exactly one value that is used for
//!   every lane (OpenCL mixes scalars with vectors: `clamp(float4, float, float)`,
//!   `ldexp(float4, int)`, `rootn(double2, int)`, ...).
//! * Pointer out-parameters (`fract`, `frexp`, `lgamma_r`, `modf`, `remquo`, `sincos`) are not
//!   in `args`: what would be stored through them is written to `out2` (`lanes` values) and
//!   the caller stores it. The stored element is the result's float type for `fract`, `modf`
//!   and `sincos`, and a 32-bit `int` (`Scalar::I32` slots) for `frexp`, `lgamma_r`, `remquo`.
//! * Geometric reductions (`length`, `distance`, `fast_length`, `fast_distance`) write one
//!   value; `cross` needs `lanes` 3 or 4; geometric functions take at most 16 lanes.
//! * `select(a, b, c)` with `lanes == 1` picks `b` where `c != 0` (the scalar rule); with more
//!   lanes it picks `b` where the most significant bit of `c` (of type `arg_types[2]`) is set
//!   (the vector rule).
//! * `shuffle(x, mask)` and `shuffle2(x, y, mask)`: every width is taken from the slices, not
//!   from `lanes`: the sources are not broadcast, `args[0].len()` is the source width (equal
//!   to `args[1].len()` for `shuffle2`), and the result has as many elements as the mask (last
//!   argument), which must fit in `out`; only a 1-element mask is broadcast to `lanes` result
//!   elements. So `lanes` may be the mask's width or the widest operand's. Only the
//!   low `log2(next_pow2(n))` bits of a mask element are used (`+1` bit for `shuffle2`), as
//!   the specification says; an index that still falls past the end of a 3-element source
//!   (left undefined by the specification) wraps modulo the source width.
//!
//! # Types
//!
//! Float instructions take `F16`, `F32` or `F64` elements; integer instructions `I8` ... `I64`
//! with the signedness given by the opcode (`s_*` / `u_*`), results masked to their width.
//! Float math is evaluated in `f64` (with the host libm through Rust's `f64` methods, and
//! compensated arithmetic for the `*pi` functions, `rootn`, `rsqrt`, `degrees`, `radians`) and then
//! rounded once to the result type, so `F32` and `F16` results are nearly always correctly
//! rounded. Exceptions that need an exact single rounding in the target precision: `fma`/`mad`
//! (`f32::mul_add` for `F32`, round-to-odd in `f64` for `F16`), `nextafter`, `nan`, `fract`.
//! `F16` results are rounded from `f64` directly (never through `f32`), see [`f64_to_f16`].
//! Denormals are kept, never flushed. `erf`, `erfc`, `tgamma` and `lgamma`/`lgamma_r` have no
//! stable Rust equivalent and call the C library's `erf`, `erfc`, `tgamma` and `lgamma_r`.
//! `ilogb` returns `FP_ILOGB0 = INT_MIN` for zero and `FP_ILOGBNAN = INT_MAX` for NaN (and
//! `INT_MAX` for infinities). `remquo` gives the low 7 bits of the quotient. `half_*` and
//! `native_*` functions are evaluated like their full-precision versions, `mad` like `fma`,
//! and `fast_*` geometric functions like the precise ones.
//!
//! # Accuracy
//!
//! The tests compare every math function with a reference on many random inputs (proptest,
//! log-uniform over each function's domain), on special values (±0, ±inf, NaN, denormals,
//! domain edges, the specification's edge cases) and, for `F16`, on every input of every
//! one-argument function, and assert the bounds below, in ULPs of the result type:
//!
//! * F16/F32: the reference is the `f64` value (host libm's `f64` function at the same,
//!   exactly widened input, or an `f64` formula such as `acos(x)/π`, `sin(π·(x mod 2))`,
//!   `exp(x·ln 10)`), ~2^29 times more precise than F32. **0** means every result equals that
//!   reference rounded to the type (so it is correctly rounded up to the reference's own
//!   ~2^-28-ULP error); **0.5** means within half an ULP of the reference value (as the
//!   OpenCL conformance tests measure it).
//! * F64: the distance in ULPs to a reference: the host libm's `f64` function, glibc's
//!   `remainder`/`remquo`/`scalbn`/`frexp`/`ilogb`/`logb`/`nextafter` through FFI, or a plain
//!   `f64` formula (`acos(x)/π`, `sin/cos/tan(π·r)` after an exact reduction, `x·(180/π)`,
//!   `1/sqrt(x)`, `exp2` of a double-double `x·log2(10)`). For `rootn` the tests check
//!   `rootn(x, n)^n / x` (bound 1 ULP + 2.5/|n| for the check's own rounding) and
//!   `sqrt`/`cbrt`/`x`/`1/x` for n = 2, 3, 1, -1.
//! * "F64 exact-value error" is the largest error measured once against 300-bit mpmath values
//!   (4,000 to 20,000 random inputs per function; glibc 2.36 on x86-64): what the functions
//!   forwarded to libm show there is the libm's own error.
//!
//! | function | F16, F32 | F64 | F64 exact-value error | OpenCL 1.2 (F32 / F64) |
//! |---|---|---|---|---|
//! | acos asin atan atan2 acosh asinh atanh | 0 | 0 | libm's | 4–6 / 4–6 |
//! | cos sin tan sincos cosh sinh tanh | 0 | 0 | libm's | 4–5 / 4–5 |
//! | exp exp2 expm1 log log2 log10 log1p | 0 | 0 | libm's | 3 (log1p 2) / same |
//! | cbrt hypot pow pown powr | 0 | 0 | libm's (cbrt 0.5) | 2, 4, 16 / same |
//! | erf erfc tgamma lgamma lgamma_r | 0 | 0 | libm's: 0.95, 2.3, 3.4, 2.3 | 16 (lgamma: none) |
//! | acospi asinpi atanpi atan2pi | 0.5 | 2 | 1.13 | 5–6 / 5–6 |
//! | sinpi cospi | 0.5 | 2 | 1.0 | 4 / 4 |
//! | tanpi | 0.5 | 2 | 1.33 | 6 / 6 |
//! | exp10 | 0.5 | 1 | 0.50 | 3 / 3 |
//! | rootn | 0.5 | 1 + 2.5/\|n\| | 0.85 | 16 / 16 |
//! | rsqrt | 0 | 1 | 0.50 | 2 / 2 |
//! | degrees radians | 0.5 | 1 | 0.50 | 2 / 2 |
//! | sqrt, half_divide, native_divide, *_recip | 0 | 0 | 0.5 (correctly rounded) | 3, 2.5 / 0 |
//! | fma mad | 0.5 (¹) | 0 | 0.5 (correctly rounded, F16 too) | 0, mad: any / same |
//! | ceil floor rint round trunc fabs copysign fdim fmax fmin fmod maxmag minmag remainder remquo ldexp frexp ilogb logb modf fract nan nextafter fclamp step sign | 0 | 0 | exact | 0 / 0 |
//! | mix smoothstep | 0 | 0 | — (the same formula in `f64`) | not specified |
//! | length, distance (and fast_*) | 0.5, 1.5 | 2, 3 | length 1.03 | — |
//! | normalize (and fast_) | 2^-23 abs. | 4·2^-52 abs. | 1.9·2^-53 abs. | — |
//! | cross | 0.5 | 4·2^-52·max² abs. | — | — |
//!
//! `half_*` and `native_*` functions have the bounds of the full-precision function.
//! (¹) the F16/F32 `fma` reference is the `f64` fma rounded again, which can be off by
//! half an ULP; a separate test checks F16 `fma` against exact integer arithmetic.
mod math;

mod geometric;
mod half;
mod int;

use crate::value::Scalar;

pub use half::{f32_to_f16, f64_to_f16, Rounding};

macro_rules! opcodes {
    ($($konst:ident = $num:literal => $name:literal,)*) => {
        /// OpenCL.std instruction numbers (the `Instruction` operand of `OpExtInst`).
        pub mod opcode {
            $(#[doc = $name] pub const $konst: u32 = $num;)*
        }

        /// Name of an OpenCL.std instruction number (for error messages), or None.
        pub fn name(op: u32) -> Option<&'static str> {
            match op {
                $($num => Some($name),)*
                _ => None,
            }
        }

        /// Every instruction number of the set, in increasing order.
        pub const OPCODES: &[u32] = &[$($num,)*];
    };
}

opcodes! {
    ACOS = 0 => "acos",
    ACOSH = 1 => "acosh",
    ACOSPI = 2 => "acospi",
    ASIN = 3 => "asin",
    ASINH = 4 => "asinh",
    ASINPI = 5 => "asinpi",
    ATAN = 6 => "atan",
    ATAN2 = 7 => "atan2",
    ATANH = 8 => "atanh",
    ATANPI = 9 => "atanpi",
    ATAN2PI = 10 => "atan2pi",
    CBRT = 11 => "cbrt",
    CEIL = 12 => "ceil",
    COPYSIGN = 13 => "copysign",
    COS = 14 => "cos",
    COSH = 15 => "cosh",
    COSPI = 16 => "cospi",
    ERFC = 17 => "erfc",
    ERF = 18 => "erf",
    EXP = 19 => "exp",
    EXP2 = 20 => "exp2",
    EXP10 = 21 => "exp10",
    EXPM1 = 22 => "expm1",
    FABS = 23 => "fabs",
    FDIM = 24 => "fdim",
    FLOOR = 25 => "floor",
    FMA = 26 => "fma",
    FMAX = 27 => "fmax",
    FMIN = 28 => "fmin",
    FMOD = 29 => "fmod",
    FRACT = 30 => "fract",
    FREXP = 31 => "frexp",
    HYPOT = 32 => "hypot",
    ILOGB = 33 => "ilogb",
    LDEXP = 34 => "ldexp",
    LGAMMA = 35 => "lgamma",
    LGAMMA_R = 36 => "lgamma_r",
    LOG = 37 => "log",
    LOG2 = 38 => "log2",
    LOG10 = 39 => "log10",
    LOG1P = 40 => "log1p",
    LOGB = 41 => "logb",
    MAD = 42 => "mad",
    MAXMAG = 43 => "maxmag",
    MINMAG = 44 => "minmag",
    MODF = 45 => "modf",
    NAN = 46 => "nan",
    NEXTAFTER = 47 => "nextafter",
    POW = 48 => "pow",
    POWN = 49 => "pown",
    POWR = 50 => "powr",
    REMAINDER = 51 => "remainder",
    REMQUO = 52 => "remquo",
    RINT = 53 => "rint",
    ROOTN = 54 => "rootn",
    ROUND = 55 => "round",
    RSQRT = 56 => "rsqrt",
    SIN = 57 => "sin",
    SINCOS = 58 => "sincos",
    SINH = 59 => "sinh",
    SINPI = 60 => "sinpi",
    SQRT = 61 => "sqrt",
    TAN = 62 => "tan",
    TANH = 63 => "tanh",
    TANPI = 64 => "tanpi",
    TGAMMA = 65 => "tgamma",
    TRUNC = 66 => "trunc",
    HALF_COS = 67 => "half_cos",
    HALF_DIVIDE = 68 => "half_divide",
    HALF_EXP = 69 => "half_exp",
    HALF_EXP2 = 70 => "half_exp2",
    HALF_EXP10 = 71 => "half_exp10",
    HALF_LOG = 72 => "half_log",
    HALF_LOG2 = 73 => "half_log2",
    HALF_LOG10 = 74 => "half_log10",
    HALF_POWR = 75 => "half_powr",
    HALF_RECIP = 76 => "half_recip",
    HALF_RSQRT = 77 => "half_rsqrt",
    HALF_SIN = 78 => "half_sin",
    HALF_SQRT = 79 => "half_sqrt",
    HALF_TAN = 80 => "half_tan",
    NATIVE_COS = 81 => "native_cos",
    NATIVE_DIVIDE = 82 => "native_divide",
    NATIVE_EXP = 83 => "native_exp",
    NATIVE_EXP2 = 84 => "native_exp2",
    NATIVE_EXP10 = 85 => "native_exp10",
    NATIVE_LOG = 86 => "native_log",
    NATIVE_LOG2 = 87 => "native_log2",
    NATIVE_LOG10 = 88 => "native_log10",
    NATIVE_POWR = 89 => "native_powr",
    NATIVE_RECIP = 90 => "native_recip",
    NATIVE_RSQRT = 91 => "native_rsqrt",
    NATIVE_SIN = 92 => "native_sin",
    NATIVE_SQRT = 93 => "native_sqrt",
    NATIVE_TAN = 94 => "native_tan",
    FCLAMP = 95 => "fclamp",
    DEGREES = 96 => "degrees",
    FMAX_COMMON = 97 => "fmax_common",
    FMIN_COMMON = 98 => "fmin_common",
    MIX = 99 => "mix",
    RADIANS = 100 => "radians",
    STEP = 101 => "step",
    SMOOTHSTEP = 102 => "smoothstep",
    SIGN = 103 => "sign",
    CROSS = 104 => "cross",
    DISTANCE = 105 => "distance",
    LENGTH = 106 => "length",
    NORMALIZE = 107 => "normalize",
    FAST_DISTANCE = 108 => "fast_distance",
    FAST_LENGTH = 109 => "fast_length",
    FAST_NORMALIZE = 110 => "fast_normalize",
    S_ABS = 141 => "s_abs",
    S_ABS_DIFF = 142 => "s_abs_diff",
    S_ADD_SAT = 143 => "s_add_sat",
    U_ADD_SAT = 144 => "u_add_sat",
    S_HADD = 145 => "s_hadd",
    U_HADD = 146 => "u_hadd",
    S_RHADD = 147 => "s_rhadd",
    U_RHADD = 148 => "u_rhadd",
    S_CLAMP = 149 => "s_clamp",
    U_CLAMP = 150 => "u_clamp",
    CLZ = 151 => "clz",
    CTZ = 152 => "ctz",
    S_MAD_HI = 153 => "s_mad_hi",
    U_MAD_SAT = 154 => "u_mad_sat",
    S_MAD_SAT = 155 => "s_mad_sat",
    S_MAX = 156 => "s_max",
    U_MAX = 157 => "u_max",
    S_MIN = 158 => "s_min",
    U_MIN = 159 => "u_min",
    S_MUL_HI = 160 => "s_mul_hi",
    ROTATE = 161 => "rotate",
    S_SUB_SAT = 162 => "s_sub_sat",
    U_SUB_SAT = 163 => "u_sub_sat",
    U_UPSAMPLE = 164 => "u_upsample",
    S_UPSAMPLE = 165 => "s_upsample",
    POPCOUNT = 166 => "popcount",
    S_MAD24 = 167 => "s_mad24",
    U_MAD24 = 168 => "u_mad24",
    S_MUL24 = 169 => "s_mul24",
    U_MUL24 = 170 => "u_mul24",
    VLOADN = 171 => "vloadn",
    VSTOREN = 172 => "vstoren",
    VLOAD_HALF = 173 => "vload_half",
    VLOAD_HALFN = 174 => "vload_halfn",
    VSTORE_HALF = 175 => "vstore_half",
    VSTORE_HALF_R = 176 => "vstore_half_r",
    VSTORE_HALFN = 177 => "vstore_halfn",
    VSTORE_HALFN_R = 178 => "vstore_halfn_r",
    VLOADA_HALFN = 179 => "vloada_halfn",
    VSTOREA_HALFN = 180 => "vstorea_halfn",
    VSTOREA_HALFN_R = 181 => "vstorea_halfn_r",
    SHUFFLE = 182 => "shuffle",
    SHUFFLE2 = 183 => "shuffle2",
    PRINTF = 184 => "printf",
    PREFETCH = 185 => "prefetch",
    BITSELECT = 186 => "bitselect",
    SELECT = 187 => "select",
    U_ABS = 201 => "u_abs",
    U_ABS_DIFF = 202 => "u_abs_diff",
    U_MUL_HI = 203 => "u_mul_hi",
    U_MAD_HI = 204 => "u_mad_hi",
}

use opcode::*;

/// Whether `op` is implemented by [`ext_inst`] (the module builder rejects others at build
/// time): every OpenCL.std instruction except the memory ones (`vload*`, `vstore*`, `printf`,
/// `prefetch`), which the interpreter performs itself.
pub fn supported(op: u32) -> bool {
    name(op).is_some() && !matches!(op, VLOADN..=VSTOREA_HALFN_R | PRINTF | PREFETCH)
}

const BAD_OPERANDS: &str = "OpenCL.std: wrong number or length of operands";
const BAD_TYPES: &str = "OpenCL.std: operand or result types do not fit the instruction";
const NO_POINTER_RESULT: &str = "OpenCL.std: the instruction stores through a pointer: out2 needed";
const UNKNOWN: &str = "OpenCL.std: unknown instruction number";

/// What an instruction stores through its pointer operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ptr {
    None,
    /// A value of the result's float type.
    Float,
    /// A 32-bit `int`.
    Int,
}

/// One element of integer instruction `op` (see [`int`]'s exact semantics), for the
/// interpreter's row paths.
pub(crate) fn int_eval(op: u32, rt: Scalar, t: Scalar, a: [u64; 3]) -> u64 {
    int::eval(op, rt, t, a)
}

/// Number of value operands of `op` (a pointer operand excluded).
pub fn arity(op: u32) -> usize {
    signature(op).0
}

/// Number of value operands (the pointer operand excluded) and what goes through the pointer.
fn signature(op: u32) -> (usize, Ptr) {
    match op {
        FRACT | MODF | SINCOS => (1, Ptr::Float),
        FREXP | LGAMMA_R => (1, Ptr::Int),
        REMQUO => (2, Ptr::Int),
        ATAN2 | ATAN2PI | COPYSIGN | FDIM | FMAX | FMIN | FMOD | HYPOT | LDEXP | MAXMAG
        | MINMAG | NEXTAFTER | POW | POWN | POWR | REMAINDER | ROOTN | HALF_DIVIDE | HALF_POWR
        | NATIVE_DIVIDE | NATIVE_POWR | FMAX_COMMON | FMIN_COMMON | STEP | CROSS | DISTANCE
        | FAST_DISTANCE => (2, Ptr::None),
        FMA | MAD | FCLAMP | MIX | SMOOTHSTEP => (3, Ptr::None),
        0..=110 => (1, Ptr::None),
        S_ABS | U_ABS | CLZ | CTZ | POPCOUNT => (1, Ptr::None),
        S_CLAMP | U_CLAMP | S_MAD_HI | U_MAD_HI | S_MAD_SAT | U_MAD_SAT | S_MAD24 | U_MAD24
        | BITSELECT | SELECT | SHUFFLE2 => (3, Ptr::None),
        _ => (2, Ptr::None),
    }
}

/// Evaluates OpenCL.std instruction `op` over `lanes` lanes.
/// `result`: element type of the result; `arg_types[i]`: element type of argument i.
/// `args[i]` holds `lanes` values, or exactly 1 value to broadcast to every lane (OpenCL allows
/// scalar arguments with vector ones, e.g. clamp(float4, float, float), ldexp(float4, int)).
/// `out` receives the result (`lanes` values; geometric reductions like length/distance
/// write 1 value). `out2`, when the instruction has a pointer out-parameter (frexp, modf,
/// fract, sincos, remquo, lgamma_r), receives what would be stored through it (`lanes` values)
/// and the caller stores it; for those instructions the pointer operand is NOT in `args`.
/// Returns Err(name) for an instruction this module does not implement (memory ones:
/// vload*/vstore*/prefetch/printf are done by the interpreter, return Err for them).
///
/// See the module documentation for `shuffle`/`shuffle2` (the source vectors' widths are their
/// slices' lengths), `select`, the types stored in `out2`, and the other errors returned for
/// malformed operands.
pub fn ext_inst(
    op: u32,
    result: Scalar,
    arg_types: &[Scalar],
    lanes: usize,
    args: &[&[u64]],
    out: &mut [u64],
    out2: Option<&mut [u64]>,
) -> Result<(), &'static str> {
    let Some(op_name) = name(op) else {
        return Err(UNKNOWN);
    };
    if !supported(op) {
        return Err(op_name);
    }
    let (arity, ptr) = signature(op);
    if args.len() != arity || arg_types.len() != arity {
        return Err(BAD_OPERANDS);
    }
    if lanes == 0 {
        return Ok(());
    }
    if matches!(op, SHUFFLE | SHUFFLE2) {
        return shuffle(op, result, arg_types, lanes, args, out);
    }
    if args.iter().any(|a| a.len() != lanes && a.len() != 1) {
        return Err(BAD_OPERANDS);
    }
    if (CROSS..=FAST_NORMALIZE).contains(&op) {
        return geometric::eval(op, result, arg_types, lanes, args, out);
    }
    if out.len() < lanes {
        return Err(BAD_OPERANDS);
    }
    let mut out2 = match (ptr, out2) {
        (Ptr::None, _) => None,
        (_, None) => return Err(NO_POINTER_RESULT),
        (_, Some(o)) if o.len() < lanes => return Err(BAD_OPERANDS),
        (_, Some(o)) => Some(o),
    };
    let kind = kind(op);
    check_types(op, kind, result, arg_types)?;
    for lane in 0..lanes {
        let mut a = [0u64; 3];
        for (i, arg) in args.iter().enumerate() {
            a[i] = if arg.len() == 1 { arg[0] } else { arg[lane] };
        }
        let (r, r2) = match kind {
            Kind::Float => float_lane(op, result, arg_types, a),
            Kind::Int => (int::eval(op, result, arg_types[0], a), 0),
            Kind::Bits => (bits_lane(op, result, arg_types, lanes, a), 0),
        };
        out[lane] = r;
        if let Some(o) = out2.as_deref_mut() {
            o[lane] = r2;
        }
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Float,
    Int,
    Bits,
}

fn kind(op: u32) -> Kind {
    match op {
        0..=110 => Kind::Float,
        BITSELECT | SELECT => Kind::Bits,
        _ => Kind::Int,
    }
}

fn is_int(t: Scalar) -> bool {
    matches!(t, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
}

fn check_types(op: u32, kind: Kind, result: Scalar, at: &[Scalar]) -> Result<(), &'static str> {
    let ok = match kind {
        Kind::Float => {
            let result_ok = if op == ILOGB {
                is_int(result)
            } else {
                result.is_float()
            };
            let args_ok = at.iter().enumerate().all(|(i, &t)| match (op, i) {
                (NAN, 0) | (LDEXP | POWN | ROOTN, 1) => is_int(t),
                _ => t.is_float(),
            });
            result_ok && args_ok
        }
        Kind::Int => {
            let upsample_ok = !matches!(op, U_UPSAMPLE | S_UPSAMPLE)
                || (at[0].bits() < 64 && result.bits() == 2 * at[0].bits());
            is_int(result) && at.iter().all(|&t| is_int(t)) && upsample_ok
        }
        // `bitselect`'s mask has the type of its operands (float too); `select`'s is an integer.
        Kind::Bits => {
            at[..2].iter().all(|&t| t != Scalar::Bool)
                && (is_int(at[2]) || (op == BITSELECT && at[2].is_float()))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(BAD_TYPES)
    }
}

/// Stores an `f64` as float type `t`, rounding once to nearest even.
fn store(t: Scalar, x: f64) -> u64 {
    match t {
        Scalar::F16 => u64::from(f64_to_f16(x, Rounding::Rte)),
        Scalar::F32 => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    }
}

/// One lane of a float instruction: the result and what goes through the pointer operand.
fn float_lane(op: u32, rt: Scalar, at: &[Scalar], a: [u64; 3]) -> (u64, u64) {
    use math as m;
    let x = at[0].to_f64(a[0]);
    let y = || at[1].to_f64(a[1]);
    let z = || at[2].to_f64(a[2]);
    let n = || at[1].sext(a[1]);
    let st = |v: f64| store(rt, v);
    let int = |v: i64| (v as u64) & Scalar::I32.mask();
    let v = match op {
        ACOS => x.acos(),
        ACOSH => x.acosh(),
        ACOSPI => m::acospi(x),
        ASIN => x.asin(),
        ASINH => x.asinh(),
        ASINPI => m::asinpi(x),
        ATAN => x.atan(),
        ATAN2 => x.atan2(y()),
        ATANH => x.atanh(),
        ATANPI => m::atanpi(x),
        ATAN2PI => m::atan2pi(x, y()),
        CBRT => x.cbrt(),
        CEIL => x.ceil(),
        COPYSIGN => x.copysign(y()),
        COS | HALF_COS | NATIVE_COS => x.cos(),
        COSH => x.cosh(),
        COSPI => m::cospi(x),
        ERFC => m::erfc(x),
        ERF => m::erf(x),
        EXP | HALF_EXP | NATIVE_EXP => x.exp(),
        EXP2 | HALF_EXP2 | NATIVE_EXP2 => x.exp2(),
        EXP10 | HALF_EXP10 | NATIVE_EXP10 => m::exp10(x),
        EXPM1 => x.exp_m1(),
        FABS => x.abs(),
        FDIM => m::fdim(x, y()),
        FLOOR => x.floor(),
        FMA | MAD => return (fma(rt, x, y(), z()), 0),
        FMAX | FMAX_COMMON => x.max(y()),
        FMIN | FMIN_COMMON => x.min(y()),
        FMOD => x % y(),
        FRACT => {
            let (fl, fr) = m::fract(x, pred_one(rt));
            return (st(fr), st(fl));
        }
        FREXP => {
            let (mant, e) = m::frexp(x);
            return (st(mant), int(e.into()));
        }
        HYPOT => x.hypot(y()),
        ILOGB => return ((m::ilogb(x) as u64) & rt.mask(), 0),
        LDEXP => m::ldexp(x, n()),
        LGAMMA => m::lgamma_r(x).0,
        LGAMMA_R => {
            let (l, sign) = m::lgamma_r(x);
            return (st(l), int(sign.into()));
        }
        LOG | HALF_LOG | NATIVE_LOG => x.ln(),
        LOG2 | HALF_LOG2 | NATIVE_LOG2 => x.log2(),
        LOG10 | HALF_LOG10 | NATIVE_LOG10 => x.log10(),
        LOG1P => x.ln_1p(),
        LOGB => m::logb(x),
        MAXMAG => m::maxmag(x, y()),
        MINMAG => m::minmag(x, y()),
        MODF => {
            let (frac, whole) = m::modf(x);
            return (st(frac), st(whole));
        }
        NAN => return (nan(rt, a[0] & at[0].mask()), 0),
        NEXTAFTER => return (nextafter(rt, a[0], a[1]), 0),
        POW => x.powf(y()),
        POWN => m::pown(x, n()),
        POWR | HALF_POWR | NATIVE_POWR => m::powr(x, y()),
        REMAINDER => m::remquo(x, y()).0,
        REMQUO => {
            let (r, q) = m::remquo(x, y());
            return (st(r), int(q.into()));
        }
        RINT => x.round_ties_even(),
        ROOTN => m::rootn(x, n()),
        ROUND => x.round(),
        RSQRT | HALF_RSQRT | NATIVE_RSQRT => m::rsqrt(x),
        SIN | HALF_SIN | NATIVE_SIN => x.sin(),
        SINCOS => {
            let (s, c) = x.sin_cos();
            return (st(s), st(c));
        }
        SINH => x.sinh(),
        SINPI => m::sinpi(x),
        SQRT | HALF_SQRT | NATIVE_SQRT => x.sqrt(),
        TAN | HALF_TAN | NATIVE_TAN => x.tan(),
        TANH => x.tanh(),
        TANPI => m::tanpi(x),
        TGAMMA => m::tgamma(x),
        TRUNC => x.trunc(),
        HALF_DIVIDE | NATIVE_DIVIDE => x / y(),
        HALF_RECIP | NATIVE_RECIP => 1.0 / x,
        FCLAMP => x.max(y()).min(z()),
        DEGREES => m::degrees(x),
        MIX => m::mix(x, y(), z()),
        RADIANS => m::radians(x),
        STEP => m::step(x, y()),
        SMOOTHSTEP => m::smoothstep(x, y(), z()),
        SIGN => m::sign(x),
        _ => unreachable!("not a float lane instruction: {op}"),
    };
    (st(v), 0)
}

/// `fma` rounded once to `t`.
fn fma(t: Scalar, a: f64, b: f64, c: f64) -> u64 {
    match t {
        Scalar::F16 => u64::from(f64_to_f16(m_round_to_odd_fma(a, b, c), Rounding::Rte)),
        Scalar::F32 => u64::from((a as f32).mul_add(b as f32, c as f32).to_bits()),
        _ => a.mul_add(b, c).to_bits(),
    }
}

/// `a * b + c` for `F16` inputs, rounded to odd at `f64` precision: exact `a * b` (22 bits)
/// plus `c` with the rounding error folded into the last bit, so that rounding the result to
/// half (11 bits) again is the same as rounding the exact sum once.
fn m_round_to_odd_fma(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let s = p + c;
    if !s.is_finite() || s == 0.0 {
        return s;
    }
    let bv = s - p;
    let err = (p - (s - bv)) + (c - bv);
    if err == 0.0 || s.to_bits() & 1 == 1 {
        return s;
    }
    if (err > 0.0) == (s > 0.0) {
        f64::from_bits(s.to_bits() + 1)
    } else {
        f64::from_bits(s.to_bits() - 1)
    }
}

/// The largest value below 1 in float type `t` (the upper bound of `fract`).
fn pred_one(t: Scalar) -> f64 {
    match t {
        Scalar::F16 => 1.0 - 1.0 / 2048.0,
        Scalar::F32 => 1.0 - 1.0 / 16_777_216.0,
        _ => 1.0 - f64::EPSILON / 2.0,
    }
}

/// (sign bit, exponent mask, quiet bit) of float type `t`.
fn float_layout(t: Scalar) -> (u64, u64, u64) {
    match t {
        Scalar::F16 => (0x8000, 0x7c00, 0x200),
        Scalar::F32 => (0x8000_0000, 0x7f80_0000, 0x40_0000),
        _ => (1 << 63, 0x7ff << 52, 1 << 51),
    }
}

/// `nan(nancode)`: a quiet NaN of type `t` carrying `code` in its significand.
fn nan(t: Scalar, code: u64) -> u64 {
    let (sign, exp, quiet) = float_layout(t);
    let mant = t.mask() & !sign & !exp;
    exp | quiet | (code & mant)
}

/// `nextafter` in the precision of `t`, on stored bit patterns.
fn nextafter(t: Scalar, x: u64, y: u64) -> u64 {
    let (sign, _, _) = float_layout(t);
    let (xf, yf) = (t.to_f64(x), t.to_f64(y));
    if xf.is_nan() {
        return x & t.mask();
    }
    if yf.is_nan() {
        return y & t.mask();
    }
    if xf == yf {
        return y & t.mask();
    }
    if xf == 0.0 {
        return if yf < 0.0 { sign | 1 } else { 1 };
    }
    // Incrementing the bit pattern moves away from zero.
    if (xf < yf) == (xf > 0.0) {
        (x + 1) & t.mask()
    } else {
        (x - 1) & t.mask()
    }
}

/// `bitselect` and `select`, on the stored bits of any element type.
fn bits_lane(op: u32, rt: Scalar, at: &[Scalar], lanes: usize, a: [u64; 3]) -> u64 {
    let c = a[2] & at[2].mask();
    let r = match op {
        BITSELECT => (a[0] & !c) | (a[1] & c),
        _ => {
            let pick_b = if lanes == 1 {
                c != 0
            } else {
                c >> (at[2].bits() - 1) & 1 == 1
            };
            if pick_b {
                a[1]
            } else {
                a[0]
            }
        }
    };
    r & rt.mask()
}

/// `shuffle` and `shuffle2`: see the module documentation for the operand conventions.
fn shuffle(
    op: u32,
    rt: Scalar,
    at: &[Scalar],
    lanes: usize,
    args: &[&[u64]],
    out: &mut [u64],
) -> Result<(), &'static str> {
    let n = args[0].len();
    let (total, mask) = if op == SHUFFLE {
        (n, args[1])
    } else {
        if args[1].len() != n {
            return Err(BAD_OPERANDS);
        }
        (2 * n, args[2])
    };
    let mask_type = at[at.len() - 1];
    // The result is as wide as the mask; `lanes` only counts for a broadcast mask.
    let width = if mask.len() == 1 { lanes } else { mask.len() };
    if n == 0 || mask.is_empty() || out.len() < width {
        return Err(BAD_OPERANDS);
    }
    if !is_int(mask_type) {
        return Err(BAD_TYPES);
    }
    let low_bits = (total.next_power_of_two() - 1) as u64;
    for (lane, o) in out[..width].iter_mut().enumerate() {
        let m = if mask.len() == 1 { mask[0] } else { mask[lane] };
        let idx = ((m & low_bits) as usize) % total;
        let v = if idx < n {
            args[0][idx]
        } else {
            args[1][idx - n]
        };
        *o = v & rt.mask();
    }
    Ok(())
}
