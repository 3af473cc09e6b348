//! A kernel's arguments one by one: [`KernelArg`] (values, [`Local`] sizes, buffers) made into
//! an [`Arg`], which a [`Launch`](crate::Launch) checks against the kernel's parameters.

use crate::arg_type::ArgType;
use crate::memory::Allocation;
use crate::signature::ElemType;
use crate::tracking::LaunchUse;
use std::marker::PhantomData;

/// What a buffer argument hands to a launch: memory, a byte range of it, and how it may be
/// used.
#[derive(Clone, Debug)]
pub struct BufferArg {
    /// The allocation; the launch keeps it alive until it completes.
    pub allocation: Allocation,
    /// Byte offset of the first element.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
    /// Element type (`None`: untyped memory, any pointee accepted).
    pub elem: Option<ElemType>,
    /// Whether the kernel may write it (the caller holds it mutably).
    pub writable: bool,
}

/// A value argument's bytes as the builder holds them until the launch, which lends them to
/// the driver's setter (`zeKernelSetArgumentValue` copies them: the one copy between the
/// caller's value and the executor). Up to 32 bytes (every scalar, every vector of up to 32
/// bytes, small structs) stay in the argument itself, with no allocation.
pub(crate) type ValueBytes = smallvec::SmallVec<[u8; 32]>;

#[derive(Clone, Debug)]
pub(crate) enum ArgKind {
    Buffer(BufferArg),
    Value { bytes: ValueBytes, ty: ElemType },
    Local { elems: usize, ty: ElemType },
    RawPointer(u64),
}

impl ArgKind {
    pub(crate) fn describe(&self) -> String {
        match self {
            ArgKind::Buffer(b) => {
                let elem = b.elem.map_or("untyped".to_string(), |e| e.to_string());
                let access = if b.writable { "writable" } else { "read-only" };
                format!("{access} {elem} buffer of {} bytes", b.len)
            }
            ArgKind::Value { ty, .. } => format!("{ty} value"),
            ArgKind::Local { elems, ty } => format!("local {ty}[{elems}]"),
            ArgKind::RawPointer(_) => "raw address".into(),
        }
    }
}

/// One kernel argument, made by [`KernelArg::into_arg`].
pub struct Arg<'a> {
    pub(crate) kind: ArgKind,
    pub(crate) track: Option<&'a dyn LaunchUse>,
    /// Why the argument cannot be used (the launch fails with this as what was given).
    pub(crate) refused: Option<String>,
}

impl<'a> Arg<'a> {
    /// A value argument: the bytes of `value`.
    pub fn value<T: ArgType>(value: &T) -> Arg<'a> {
        Arg {
            kind: ArgKind::Value {
                bytes: ValueBytes::from_slice(bytemuck::bytes_of(value)),
                ty: T::TYPE,
            },
            track: None,
            refused: None,
        }
    }

    /// A value argument of any `Pod` type: an [`ArgType`] as itself, any other type (a struct
    /// the kernel takes by value) by its bytes, which the launch's check compares by size with
    /// the kernel's parameter.
    pub fn value_of<T: bytemuck::Pod>(value: &T) -> Arg<'a> {
        Arg {
            kind: ArgKind::Value {
                bytes: ValueBytes::from_slice(bytemuck::bytes_of(value)),
                ty: ElemType::of::<T>(),
            },
            track: None,
            refused: None,
        }
    }

    /// A buffer argument; `track` (if any) hears of the launch.
    pub fn buffer(buffer: BufferArg, track: Option<&'a dyn LaunchUse>) -> Arg<'a> {
        Arg {
            kind: ArgKind::Buffer(buffer),
            track,
            refused: None,
        }
    }

    /// The same argument, refused: the launch fails with [`Error::KernelArgument`](crate::Error::KernelArgument) giving
    /// this argument's description followed by `why` (for instance, memory the caller may
    /// not let a kernel write right now).
    pub fn refused(mut self, why: impl Into<String>) -> Arg<'a> {
        self.refused = Some(why.into());
        self
    }
}

/// Something a kernel can take as an argument: values ([`ArgType`] scalars and vectors),
/// [`Local`] sizes, buffers (`&Allocation`, `&mut Allocation`, and the array crate's arrays).
pub trait KernelArg<'a> {
    /// The argument's description.
    fn into_arg(self) -> Arg<'a>;
}

impl<'a> KernelArg<'a> for Arg<'a> {
    fn into_arg(self) -> Arg<'a> {
        self
    }
}

fn whole(allocation: &Allocation, writable: bool) -> BufferArg {
    BufferArg {
        allocation: allocation.clone(),
        offset: 0,
        len: allocation.size(),
        elem: None,
        writable,
    }
}

/// Untyped, read-only memory: any pointee type is accepted, but not a pointer the kernel may
/// write.
impl<'a> KernelArg<'a> for &'a Allocation {
    fn into_arg(self) -> Arg<'a> {
        Arg::buffer(whole(self, false), None)
    }
}

/// Untyped, writable memory.
impl<'a> KernelArg<'a> for &'a mut Allocation {
    fn into_arg(self) -> Arg<'a> {
        Arg::buffer(whole(self, true), None)
    }
}

/// Values: every [`ArgType`] scalar and vector.
macro_rules! value_args {
    ($($t:ty),* $(,)?) => {$(
        impl<'a> KernelArg<'a> for $t {
            fn into_arg(self) -> Arg<'a> {
                Arg::value(&self)
            }
        }
    )*};
}

value_args!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64, half::f16);

macro_rules! vector_args {
    ($($t:ty),*) => {$(
        vector_args!(@ $t, 2, 4, 8, 16);
    )*};
    (@ $t:ty, $($n:literal),*) => {$(
        impl<'a> KernelArg<'a> for [$t; $n] {
            fn into_arg(self) -> Arg<'a> {
                Arg::value(&self)
            }
        }
    )*};
}

vector_args!(u8, i8, u16, i16, u32, i32, u64, i64, f32, f64);

/// A `local` (work-group) memory argument of `len` elements of `T`. A size that overflows
/// `usize` is refused by the launch, not a panic.
///
/// ```
/// let scratch = level_zero::Local::<f32>::new(256);
/// assert_eq!(scratch.bytes(), Some(1024));
/// assert_eq!(scratch.len(), 256);
/// assert_eq!(level_zero::Local::<u32>::new(usize::MAX / 2).bytes(), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Local<T: ArgType> {
    len: usize,
    _t: PhantomData<T>,
}

impl<T: ArgType> Local<T> {
    /// `len` elements of work-group memory.
    pub fn new(len: usize) -> Local<T> {
        Local {
            len,
            _t: PhantomData,
        }
    }

    /// Elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no elements (a launch refuses it: the driver wants at least one byte).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes; `None` if it overflows `usize`.
    pub fn bytes(&self) -> Option<usize> {
        self.len.checked_mul(size_of::<T>())
    }
}

/// Bytes of a local argument of `elems` elements of `ty`; `None` if that overflows `usize`.
pub(crate) fn local_bytes(elems: usize, ty: ElemType) -> Option<usize> {
    elems.checked_mul(ty.size().unwrap_or(1))
}

impl<'a, T: ArgType> KernelArg<'a> for Local<T> {
    fn into_arg(self) -> Arg<'a> {
        Arg {
            kind: ArgKind::Local {
                elems: self.len,
                ty: T::TYPE,
            },
            track: None,
            refused: None,
        }
    }
}

/// A value argument of any `Pod` type, for a kernel parameter taken by value that no
/// [`ArgType`] names: a struct of the program's with the kernel's layout (`#[repr(C)]`, the
/// same size). Scalars and vectors need no wrapper.
///
/// ```
/// use level_zero::*;
/// #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
/// #[repr(C)]
/// struct Params { scale: f32, offset: i32, bias: f32 } // params_t in structs.cl
/// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/structs-O2.spv")).unwrap();
/// let mut k = Module::new(&spirv)?.kernel("struct_by_value")?;
/// let (ctx, dev) = (default_context()?, default_device()?);
/// let x = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0)?;
/// let mut y = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0)?;
/// let mut list = ImmediateCommandList::new(&ctx, &dev)?;
/// list.fill(&x, 0, 4 * 64, &1.0f32.to_ne_bytes(), Deps::NONE)?;
/// list.synchronize()?;
/// let p = Params { scale: 2.0, offset: 1, bias: 0.5 };
/// k.run(Grid::for_len(64), (&x, &mut y, ByValue(p)))?.wait()?;
/// // SAFETY: shared memory of 64 floats; the launch has completed.
/// assert_eq!(unsafe { *y.as_ptr().cast::<f32>().add(63) }, 1.0 * 2.0 + 1.0 + 0.5);
/// // A value of another size is refused, naming both.
/// let err = k.run(Grid::for_len(64), (&x, &mut y, ByValue([0u8; 8]))).unwrap_err();
/// assert!(matches!(err, Error::KernelArgument { index: 2, .. }), "{err}");
/// # Ok::<(), level_zero::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ByValue<T: bytemuck::Pod>(pub T);

impl<'a, T: bytemuck::Pod> KernelArg<'a> for ByValue<T> {
    fn into_arg(self) -> Arg<'a> {
        Arg::value_of(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scalars and vectors up to 32 bytes stay in the argument; larger values go to the heap;
    /// both give back exactly their bytes. Catches: a value argument allocating (or copying
    /// into a `Vec`) again.
    #[test]
    fn small_values_are_kept_inline() {
        let inline = |a: Arg<'_>| match a.kind {
            ArgKind::Value { bytes, .. } => (!bytes.spilled(), bytes.to_vec()),
            _ => unreachable!("a value"),
        };
        assert_eq!(
            inline(2.5f32.into_arg()),
            (true, 2.5f32.to_ne_bytes().to_vec())
        );
        let v = [7u64, 8, 9, 10];
        assert_eq!(
            inline(v.into_arg()),
            (true, bytemuck::bytes_of(&v).to_vec())
        );
        let big = [1.5f64; 16];
        assert_eq!(
            inline(big.into_arg()),
            (false, bytemuck::bytes_of(&big).to_vec())
        );
        assert_eq!(
            inline(ByValue([3u8; 48]).into_arg()),
            (false, vec![3u8; 48])
        );
    }
}
