//! A launch's arguments bound to its kernel's parameters, the same way for both executors:
//! where each `__local` parameter's part of the group's local memory lies ([`LocalLayout`]),
//! the scalar values of a value parameter and the copy of a by-value struct ([`bind_args`]).
//! The launch was checked against the kernel: an argument has its parameter's size and kind.

use crate::front::ssa::{Param, ParamKind};
use crate::front::types::Leaf;
use crate::run::launch::Arg;

pub(crate) fn align_up(x: usize, a: usize) -> usize {
    x.next_multiple_of(a.max(1))
}

/// A work-group's local memory: the `__local` parameters' parts in order, each on a cache
/// line, then the kernel's own local variables (`local_static` bytes).
pub(crate) struct LocalLayout {
    /// The bytes the group needs.
    pub size: usize,
    /// Where the kernel's own local variables start.
    pub static_base: usize,
    /// Where each `__local` parameter's part starts, in parameter order.
    pub offsets: Vec<usize>,
    /// The non-empty parts the kernel may reach: `(start, end)` offsets.
    pub parts: Vec<(usize, usize)>,
}

impl LocalLayout {
    pub(crate) fn new(params: &[Param], args: &[Arg], local_static: usize) -> LocalLayout {
        let mut size = 0usize;
        let mut offsets = Vec::new();
        let mut parts = Vec::new();
        for (param, arg) in params.iter().zip(args) {
            if let (ParamKind::Local, Arg::Local(bytes)) = (&param.kind, arg) {
                let bytes = *bytes;
                size = align_up(size, 64);
                offsets.push(size);
                parts.push((size, size + bytes));
                size += bytes;
            }
        }
        let static_base = align_up(size, 64);
        size = static_base + local_static;
        parts.push((static_base, size));
        parts.retain(|(b, e)| e > b);
        LocalLayout {
            size,
            static_base,
            offsets,
            parts,
        }
    }
}

/// The addresses of a group's local memory parts ([`LocalLayout::parts`]) in its memory
/// `local`.
pub(crate) fn local_ranges(local: &[u64], parts: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let base = local.as_ptr() as usize;
    parts.iter().map(|(b, e)| (base + b, base + e)).collect()
}

/// What one parameter receives.
pub(crate) enum Bound<'a> {
    /// A value parameter: its scalar leaves, read from the argument's bytes by
    /// [`Values::iter`].
    Value(Values<'a>),
    /// A `__local` pointer or a struct passed by value: the address of its part of the
    /// group's local memory, or of its copy.
    Address(usize),
}

/// A value parameter's leaves and its argument's bytes.
pub(crate) struct Values<'a> {
    leaves: &'a [Leaf],
    arg: &'a [u8],
}

impl Values<'_> {
    /// Each leaf's value, zero-extended from its little-endian bytes (one byte for a `bool`).
    pub(crate) fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.leaves.iter().map(|leaf| {
            let bytes = (leaf.scalar.bits() as usize / 8).max(1);
            let mut v = [0u8; 8];
            let src = self.arg.get(leaf.offset..).unwrap_or(&[]);
            let n = bytes.min(src.len());
            v[..n].copy_from_slice(&src[..n]);
            u64::from_le_bytes(v)
        })
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.leaves.is_empty()
    }
}

/// Binds `args` to `params` in order, calling `bind` for each: a `__local` pointer gets
/// `local_base` plus its part's offset (`local_offsets`, in order: [`LocalLayout::offsets`]),
/// a by-value struct is copied into `byval` (each copy at the next offset aligned to its
/// alignment, from the start of `byval`) and gets the copy's address.
///
/// # Panics
/// If `byval` is too short for the by-value copies.
pub(crate) fn bind_args<'a>(
    params: &'a [Param],
    args: &'a [Arg],
    (local_base, local_offsets): (usize, &[usize]),
    byval: &mut [u64],
    mut bind: impl FnMut(&'a Param, Bound<'a>),
) {
    let byval_len = byval.len() * 8;
    let byval_base = byval.as_mut_ptr().cast::<u8>();
    let mut byval_off = 0usize;
    let mut local_offsets = local_offsets.iter();
    for (param, arg) in params.iter().zip(args) {
        let arg: &[u8] = match arg {
            Arg::Value(bytes) => bytes,
            Arg::Local(_) => &[],
        };
        match &param.kind {
            ParamKind::Value { leaves } => bind(param, Bound::Value(Values { leaves, arg })),
            ParamKind::Local => {
                let off = local_offsets.next().copied().unwrap_or(0);
                bind(param, Bound::Address(local_base + off));
            }
            ParamKind::ByVal { size, align } => {
                byval_off = align_up(byval_off, *align);
                assert!(
                    byval_off + size <= byval_len,
                    "by-value parameter memory too short"
                );
                let n_copy = (*size).min(arg.len());
                // SAFETY: `byval` holds `byval_len >= byval_off + size >= byval_off + n_copy`
                // bytes (asserted above), and `arg` at least `n_copy`.
                unsafe {
                    std::ptr::copy_nonoverlapping(arg.as_ptr(), byval_base.add(byval_off), n_copy);
                };
                bind(param, Bound::Address(byval_base as usize + byval_off));
                byval_off += size;
            }
        }
    }
}
