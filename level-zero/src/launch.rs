//! Typed, checked, tracked kernel launches: [`Kernel::launch`] gives a [`Launch`] builder that
//! takes the kernel's arguments in order ([`KernelArg`]: values, [`Local`] sizes, buffers),
//! checks them against the parameter list read from the module's SPIR-V, and keeps every
//! buffer alive until the launch completes.

use crate::args::{local_bytes, Arg, ArgKind, BufferArg, KernelArg};
use crate::deps::Deps;
use crate::deps::Retained;
use crate::error::{invalid, Error, Result};
use crate::event::{Event, EventPool, EventPoolFlags, EventScope};
use crate::immediate::{ImmediateCommandList, Token};
use crate::kernel::{Groups, Kernel};
use crate::signature::{AddressSpace, ElemType, ParamType};
use crate::tracking::{LaunchUse, Recorder};
use smallvec::SmallVec;
use std::sync::Arc;

/// Several kernel arguments in order: tuples of up to 16 [`KernelArg`]s, for
/// [`Launch::args`] and [`Kernel::run`].
pub trait KernelArgs<'a> {
    /// Adds the arguments to `launch`.
    fn add_to(self, launch: Launch<'a>) -> Launch<'a>;
}

macro_rules! kernel_args {
    ($($a:ident)*) => {
        impl<'a, $($a: KernelArg<'a>),*> KernelArgs<'a> for ($($a,)*) {
            #[allow(non_snake_case)]
            fn add_to(self, launch: Launch<'a>) -> Launch<'a> {
                let ($($a,)*) = self;
                launch$(.arg($a))*
            }
        }
    };
}

kernel_args!(A);
kernel_args!(A B);
kernel_args!(A B C);
kernel_args!(A B C D);
kernel_args!(A B C D E);
kernel_args!(A B C D E F);
kernel_args!(A B C D E F G);
kernel_args!(A B C D E F G H);
kernel_args!(A B C D E F G H I);
kernel_args!(A B C D E F G H I J);
kernel_args!(A B C D E F G H I J K);
kernel_args!(A B C D E F G H I J K L);
kernel_args!(A B C D E F G H I J K L M);
kernel_args!(A B C D E F G H I J K L M N);
kernel_args!(A B C D E F G H I J K L M N O);
kernel_args!(A B C D E F G H I J K L M N O P);

/// How many work-items a launch runs, and in which groups.
///
/// [`Grid::for_len`] (and [`for_shape`](Grid::for_shape)) round up: the group size is a fast
/// one for the device (256 work-items in 1-D, 16×16 in 2-D, 8×8×4 in 3-D, or the kernel's
/// required size), the group count covers the count, and the last group runs past it, so the
/// kernel must guard (`if (i < n)`) with the count passed as an argument. That keeps large
/// odd counts as fast as round ones (a size that divides the count exactly can be 1).
///
/// ```
/// use level_zero::Grid;
/// assert_eq!(Grid::for_len(1_000_003).items(), [1_000_003, 1, 1]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    items: [u64; 3],
    dims: u8,
    explicit: Option<([u32; 3], Groups)>,
}

impl Grid {
    /// `n` work-items in one dimension, rounded up to whole groups.
    pub fn for_len(n: usize) -> Grid {
        Grid {
            items: [n as u64, 1, 1],
            dims: 1,
            explicit: None,
        }
    }

    /// A 2-D or 3-D count (`[x, y]` or `[x, y, z]`), rounded up to whole groups.
    pub fn for_shape(shape: &[usize]) -> Grid {
        let mut items = [1u64; 3];
        for (i, &s) in shape.iter().take(3).enumerate() {
            items[i] = s as u64;
        }
        Grid {
            items,
            dims: shape.len().clamp(1, 3) as u8,
            explicit: None,
        }
    }

    /// Exactly `groups` groups of `size` work-items.
    pub fn groups(groups: Groups, size: [u32; 3]) -> Grid {
        let items = std::array::from_fn(|i| groups.0[i] as u64 * size[i] as u64);
        Grid {
            items,
            dims: 3,
            explicit: Some((size, groups)),
        }
    }

    /// The work-item count asked for (before rounding up).
    pub fn items(&self) -> [u64; 3] {
        self.items
    }

    /// Group size and group count for `kernel`.
    pub fn resolve(&self, kernel: &mut Kernel) -> Result<([u32; 3], Groups)> {
        if let Some(e) = self.explicit {
            return Ok(e);
        }
        let size = match kernel.properties().required_group_size {
            Some(s) => s,
            None => {
                let limits = kernel.limits()?;
                let mut want = match self.dims {
                    1 => [256, 1, 1],
                    2 => [16, 16, 1],
                    _ => [8, 8, 4],
                };
                for (i, w) in want.iter_mut().enumerate() {
                    *w = (*w).min(limits.max_group_size[i].max(1));
                    // A small count needs no bigger group than itself.
                    *w = (*w).min(self.items[i].max(1).min(u32::MAX as u64) as u32);
                }
                while want.iter().product::<u32>() > limits.max_total_group_size.max(1) {
                    let big = (0..3).max_by_key(|&i| want[i]).unwrap_or(0);
                    want[big] = want[big].div_ceil(2);
                }
                want
            }
        };
        let mut groups = [0u32; 3];
        for i in 0..3 {
            let g = self.items[i].div_ceil(size[i].max(1) as u64);
            groups[i] = u32::try_from(g).map_err(|_| {
                invalid(format!(
                    "kernel {}: {} work-items in dimension {i} need {g} groups of {}, more than a launch has",
                    kernel.name(),
                    self.items[i],
                    size[i]
                ))
            })?;
        }
        Ok((size, Groups(groups)))
    }
}

/// The builder's entry points.
impl Kernel {
    /// Starts a launch over `grid`: add the arguments in order with
    /// [`arg`](Launch::arg), then [`run`](Launch::run) it. Each argument is
    /// checked against the kernel's SPIR-V parameter list; buffers are kept alive (and arrays
    /// told of their use) until the launch completes.
    ///
    /// ```
    /// use level_zero::*;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?.kernel("saxpy")?;
    /// let x = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?;
    /// let mut y = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?;
    /// saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&x).arg(&mut y).run()?;
    /// // A `u32` where the kernel takes a `float`:
    /// let err = saxpy.launch(Grid::for_len(256)).arg(2u32).arg(&x).arg(&mut y).run().unwrap_err();
    /// assert_eq!(err.to_string(), "kernel saxpy, argument 0: expected float, given int value");
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn launch(&mut self, grid: Grid) -> Launch<'_> {
        Launch::new(self, grid)
    }

    /// Launches over `grid` with `args`, a tuple of arguments in order, on this thread's
    /// stream: `kernel.launch(grid).args(args).run()` in one call. A 1-tuple is `(x,)`.
    ///
    /// ```
    /// use level_zero::*;
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let mut saxpy = Module::new(&spirv)?.kernel("saxpy")?;
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let x = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?;
    /// let mut y = Allocation::shared(&ctx, Some(&dev), 4 * 256, 0)?;
    /// saxpy.run(Grid::for_len(256), (2.0f32, &x, &mut y))?;
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn run<'a>(
        &'a mut self,
        grid: Grid,
        args: impl KernelArgs<'a>,
    ) -> Result<crate::pending::Pending> {
        self.launch(grid).args(args).run()
    }
}

/// A launch being assembled: see [`Kernel::launch`]. Arguments borrow for the builder's
/// lifetime, so an array passed `&mut` cannot also be passed another way.
#[must_use = "a launch does nothing until `run` or `run_on`"]
pub struct Launch<'a> {
    kernel: &'a mut Kernel,
    grid: Grid,
    args: Vec<Arg<'a>>,
}

impl<'a> Launch<'a> {
    pub(crate) fn new(kernel: &'a mut Kernel, grid: Grid) -> Launch<'a> {
        let args = Vec::with_capacity(kernel.properties().num_args as usize);
        Launch { kernel, grid, args }
    }

    /// Adds the next argument.
    pub fn arg(mut self, arg: impl KernelArg<'a>) -> Self {
        self.args.push(arg.into_arg());
        self
    }

    /// Adds the arguments of a tuple, in order (see [`KernelArgs`]).
    pub fn args(self, args: impl KernelArgs<'a>) -> Self {
        args.add_to(self)
    }

    /// Adds a raw device address for the next (pointer) argument: the only way a launch passes
    /// bytes for a pointer parameter (arrays and allocations are passed with
    /// [`arg`](Self::arg), checked and kept alive).
    ///
    /// # Safety
    /// Nothing checks what `address` points to: it must be null or memory the kernel's device
    /// may use (USM of the kernel's context, a module variable), large enough and aligned for
    /// every access the kernel makes through it, allocated until the launch completes, and not
    /// accessed by anything else that races the kernel meanwhile (no live Rust reference to
    /// memory the kernel may write, no `&mut` to memory it reads, no other command writing
    /// it). For a kernel whose parameter types are unknown it may land in a value parameter
    /// as 8 bytes.
    pub unsafe fn arg_address(mut self, address: u64) -> Self {
        self.args.push(Arg {
            kind: ArgKind::RawPointer(address),
            track: None,
            refused: None,
        });
        self
    }

    /// Runs the launch on this thread's stream for the kernel's context and device (the one
    /// the array crate uses); returns its handle (the same type as the array crate's
    /// asynchronous copies and fills return).
    pub fn run(self) -> Result<crate::pending::Pending> {
        self.check()?;
        let module = self.kernel.module();
        // The stream's id is known without entering it: entered once, to append.
        let stream = crate::stream::thread_stream(module.context(), module.device())?;
        let waits = self.waits(stream.id())?;
        let token = stream.enter(|l| self.append(l, false, &waits))?;
        Ok(crate::pending::Pending::of(stream, token))
    }

    /// Runs the launch on `list`; returns its token. Arrays last used on another list are
    /// waited for on the device (events), as cudarc orders streams.
    pub fn run_on(self, list: &mut ImmediateCommandList) -> Result<Token> {
        self.check()?;
        let waits = self.waits(list.last_token().list)?;
        self.append(list, true, &waits)
    }

    /// Records the launch in the regular `list` (or a graph being recorded), to run whenever a
    /// queue executes it (or the graph is replayed).
    ///
    /// Arrays are kept alive by the list until it is reset or dropped (and by executions in
    /// flight): dropping one meanwhile does not hand its block to anyone else. Ordering is
    /// decided when the list runs, not now: each [`CommandQueue::execute`](crate::CommandQueue::execute)
    /// of the list waits on the host for the arrays' pending uses elsewhere, then becomes
    /// their last use, so reading, freeing or reusing them waits for that execution. A list
    /// that is never executed makes nobody wait.
    ///
    /// ```
    /// use level_zero::*;
    /// let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
    /// let mut saxpy = Module::new(&spirv)?.kernel("saxpy")?; // y = a * x + y
    /// let (ctx, dev) = (default_context()?, default_device()?);
    /// let x = Allocation::shared(&ctx, Some(&dev), 64 * 4, 0)?;
    /// let mut y = Allocation::shared(&ctx, Some(&dev), 64 * 4, 0)?;
    /// let mut list = CommandList::new(&ctx, &dev)?;
    /// list.fill(&x, 0, 64 * 4, &1.0f32.to_ne_bytes(), Deps::NONE)?;
    /// list.fill(&y, 0, 64 * 4, &1.0f32.to_ne_bytes(), Deps::NONE)?;
    /// list.barrier(Deps::NONE)?;
    /// saxpy.launch(Grid::for_len(64)).arg(2.0f32).arg(&x).arg(&mut y).record(&mut list)?;
    /// list.close()?;
    /// CommandQueue::new(&ctx, &dev)?.execute(&[&list], None)?.wait(None)?;
    /// // SAFETY: shared memory of 64 floats, no command pending.
    /// assert_eq!(unsafe { *y.as_ptr().cast::<f32>().add(63) }, 3.0);
    /// # Ok::<(), level_zero::Error>(())
    /// ```
    pub fn record(mut self, list: &mut impl Recorder) -> Result<()> {
        self.check()?;
        let mut uses = Vec::new();
        let mut keep: Vec<Retained> = Vec::new();
        let mut held = Vec::new();
        for (i, a) in self.args.iter().enumerate() {
            let writable = matches!(&a.kind, ArgKind::Buffer(b) if b.writable);
            if let Some(u) = a.track.map(|t| t.recorded(writable)).transpose()?.flatten() {
                keep.push(Arc::new(u.clone()));
                uses.push(u);
                held.push(i as u32);
            }
        }
        let (groups, buffers) = self.set_args(true)?;
        // The tracked arrays' handles keep their memory alive, not the allocation alone: a
        // list that is never executed must not make the memory look busy.
        for &i in &held {
            self.kernel.release_hold(i);
        }
        let launched = crate::commands::launch_keeping(list, self.kernel, groups, Deps::NONE, keep);
        self.forget(&buffers);
        launched?;
        list.hear_runs(uses);
        Ok(())
    }

    /// The events the launch on `list` waits for: the ends of its arrays' uses elsewhere.
    fn waits(&self, list: u64) -> Result<Vec<Event>> {
        let mut waits = Vec::new();
        for t in self.args.iter().filter_map(|a| a.track) {
            waits.extend(t.before_launch(list)?);
        }
        Ok(waits)
    }

    fn mismatch(&self, index: usize, expected: String, given: String) -> Error {
        Error::KernelArgument {
            kernel: self.kernel.name().to_string(),
            index: index as u32,
            expected,
            given,
        }
    }

    /// Where `b` lives if the kernel cannot use it: another context, or device memory of
    /// another device (shared and host memory serve every device of their context).
    fn elsewhere(&self, b: &BufferArg) -> Option<&'static str> {
        let module = self.kernel.module();
        if b.allocation.context() != module.context() {
            return Some("of another context");
        }
        let other_device = b
            .allocation
            .associated_device()
            .is_some_and(|d| d != module.device());
        (b.allocation.kind() == crate::memory::MemoryKind::Device && other_device)
            .then_some("on another device")
    }

    /// Checks the arguments against the kernel's SPIR-V parameter list (when known).
    fn check(&self) -> Result<()> {
        for (i, a) in self.args.iter().enumerate() {
            if let Some(why) = &a.refused {
                let expected = match self.kernel.params().and_then(|p| p.get(i)) {
                    Some(p) => p.to_string(),
                    None => "an argument it may use".into(),
                };
                return Err(self.mismatch(i, expected, format!("{} {why}", a.kind.describe())));
            }
            if let ArgKind::Local { elems, ty } = &a.kind {
                if local_bytes(*elems, *ty).is_none() {
                    let size = ty.size().unwrap_or(1);
                    return Err(self.mismatch(
                        i,
                        "local memory whose size in bytes fits in usize".into(),
                        format!(
                            "local argument of {elems} elements of {size} bytes, which overflows"
                        ),
                    ));
                }
            }
            if let ArgKind::Buffer(b) = &a.kind {
                if let Some(place) = self.elsewhere(b) {
                    return Err(self.mismatch(
                        i,
                        "memory of the kernel's context and device".into(),
                        format!("{} {place}", a.kind.describe()),
                    ));
                }
            }
        }
        let Some(params) = self.kernel.params() else {
            // Without the parameter types any parameter may be a pointer: a value (bytes) is
            // passed only through the unsafe `arg_address` or `Kernel::set_arg_unchecked`.
            if let Some(i) = self
                .args
                .iter()
                .position(|a| matches!(a.kind, ArgKind::Value { .. }))
            {
                return Err(self.mismatch(
                    i,
                    "an argument of known type (the kernel's parameter types are unknown, so \
                     this one may be a pointer: pass a raw address with the unsafe \
                     `arg_address`, or set the kernel's arguments with the unsafe \
                     `Kernel::set_arg_unchecked`)"
                        .into(),
                    self.args[i].kind.describe(),
                ));
            }
            if self.args.len() != self.kernel.properties().num_args as usize {
                return Err(self.mismatch(
                    self.args
                        .len()
                        .min(self.kernel.properties().num_args as usize),
                    format!("{} arguments", self.kernel.properties().num_args),
                    format!("{} arguments", self.args.len()),
                ));
            }
            return Ok(());
        };
        for (i, p) in params.iter().enumerate() {
            let Some(a) = self.args.get(i) else {
                return Err(self.mismatch(i, p.to_string(), "no argument".into()));
            };
            if !accepts(p, &a.kind) {
                let mut expected = p.to_string();
                let given = match &a.kind {
                    ArgKind::Buffer(b) => b.elem,
                    ArgKind::Local { ty, .. } => Some(*ty),
                    _ => None,
                };
                if let (ParamType::Pointer { elem, .. }, Some(g)) = (p, given) {
                    // Compared by size and alignment: say the kernel's.
                    if let Some(note) = elem.layout_note(g) {
                        expected += &format!(" ({note})");
                    }
                }
                if let (
                    ParamType::Pointer {
                        writable: true,
                        space,
                        elem,
                    },
                    ArgKind::Buffer(b),
                ) = (p, &a.kind)
                {
                    // Only the access is wrong: say how to fix it.
                    if !b.writable && *space != AddressSpace::Local && elem_accepts(*elem, b.elem) {
                        expected += " (the kernel may write it: pass it `&mut`)";
                    }
                }
                return Err(self.mismatch(i, expected, a.kind.describe()));
            }
        }
        if self.args.len() > params.len() {
            return Err(self.mismatch(
                params.len(),
                format!("no argument (the kernel takes {})", params.len()),
                self.args[params.len()].kind.describe(),
            ));
        }
        Ok(())
    }

    fn append(
        mut self,
        list: &mut ImmediateCommandList,
        foreign: bool,
        waits: &[Event],
    ) -> Result<Token> {
        // Arrays used on a list of the caller's learn of the launch's end through an event.
        let done = if foreign && self.args.iter().any(|a| a.track.is_some()) {
            let ctx = self.kernel.module().context();
            let pool = EventPool::new(ctx, EventPoolFlags::HOST_VISIBLE, 1)?;
            Some(pool.event(0, EventScope::HOST, EventScope::HOST)?)
        } else {
            None
        };
        // The launch keeps the arguments' own handles on their memory (moved, not cloned).
        let (groups, buffers) = self.set_args(false)?;
        let mut tracks: SmallVec<[&dyn LaunchUse; 8]> = SmallVec::new();
        let mut keep = crate::commands::Commands::retain_buffer(list);
        for a in self.args.drain(..) {
            if let Some(t) = a.track {
                tracks.push(t);
            }
            if let ArgKind::Buffer(b) = a.kind {
                keep.push(b.allocation.0);
            }
        }
        let waits: Vec<&Event> = waits.iter().collect();
        let deps = Deps {
            signal: done.as_ref(),
            wait: &waits,
        };
        let launched = crate::commands::launch_keeping(list, self.kernel, groups, deps, keep);
        self.forget(&buffers);
        launched?;
        let token = list.last_token();
        for t in tracks {
            t.launched(token, done.as_ref());
        }
        Ok(token)
    }
}

impl Launch<'_> {
    /// Sets the group size and the arguments (buffers held by the kernel if `hold`); returns
    /// the group count and the indices of the buffer arguments.
    fn set_args(&mut self, hold: bool) -> Result<(Groups, SmallVec<[u32; 8]>)> {
        let (size, groups) = self.grid.resolve(self.kernel)?;
        if size != self.kernel.group_size() {
            self.kernel.set_group_size(size)?;
        }
        let mut buffers = SmallVec::new();
        if let Err(e) = self.set_each(hold, &mut buffers) {
            // Buffers set without a hold must not outlive this launch's arguments: a later
            // plain launch would use their pointers.
            self.forget(&buffers);
            return Err(e);
        }
        Ok((groups, buffers))
    }

    /// Sets the arguments in order, adding the index of each buffer argument to `buffers`
    /// (before setting it, so that a failure leaves none set and unlisted).
    fn set_each(&mut self, hold: bool, buffers: &mut SmallVec<[u32; 8]>) -> Result<()> {
        for (i, a) in self.args.iter().enumerate() {
            let i = i as u32;
            match &a.kind {
                ArgKind::Buffer(b) => {
                    buffers.push(i);
                    self.kernel
                        .set_arg_buffer_range(i, &b.allocation, b.offset, b.len, hold)?;
                }
                // Lent to the driver, which copies them (the one copy).
                ArgKind::Value { bytes, .. } => self.kernel.set_arg_bytes(i, bytes.as_slice())?,
                ArgKind::Local { elems, ty } => {
                    let bytes = local_bytes(*elems, *ty).ok_or_else(|| {
                        invalid(format!(
                            "local argument {i}: {elems} elements overflow usize"
                        ))
                    })?;
                    self.kernel.set_arg_local(i, bytes)?
                }
                // SAFETY: the caller of `arg_address` vouched for the address.
                ArgKind::RawPointer(address) => {
                    self.kernel.set_arg_bytes(i, &address.to_ne_bytes())?
                }
            }
        }
        Ok(())
    }

    /// The launch holds the buffers now: the kernel forgets them, so that a later launch
    /// cannot reuse pointers to memory its owner may free.
    fn forget(&mut self, buffers: &[u32]) {
        for &i in buffers {
            self.kernel.forget_arg(i);
        }
    }
}

/// Whether memory of elements `given` (`None`: untyped) may be passed for a pointer to
/// `param` (see [`ElemType::accepts`]).
fn elem_accepts(param: ElemType, given: Option<ElemType>) -> bool {
    given.is_none_or(|g| param.accepts(g))
}

fn accepts(param: &ParamType, arg: &ArgKind) -> bool {
    match (param, arg) {
        (
            ParamType::Pointer {
                space,
                elem,
                writable,
            },
            ArgKind::Buffer(b),
        ) => {
            *space != AddressSpace::Local
                && elem_accepts(*elem, b.elem)
                && (b.writable || !writable)
        }
        (ParamType::Pointer { space, elem, .. }, ArgKind::Local { ty, .. }) => {
            *space == AddressSpace::Local && elem_accepts(*elem, Some(*ty))
        }
        (ParamType::Pointer { space, .. }, ArgKind::RawPointer(_)) => *space != AddressSpace::Local,
        (ParamType::Value(p), ArgKind::Value { bytes, ty }) => match p {
            ElemType::Opaque { size } => size.is_none_or(|s| s == bytes.len()),
            ElemType::Aggregate { size, .. } => *size == bytes.len(),
            p => p == ty,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::*;

    /// A launch on the thread's stream enters it once (it used to enter it twice, once for
    /// its id). Catches: `Launch::run` entering `with_stream` again.
    #[test]
    fn a_launch_enters_the_stream_once() {
        let spirv = include_bytes!("../../kernels/spv/saxpy-O2.spv");
        let mut saxpy = Module::new(spirv).unwrap().kernel("saxpy").unwrap();
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let x = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
        let mut y = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
        let grid = Grid::for_len(64);
        saxpy
            .run(grid, (2.0f32, &x, &mut y))
            .unwrap()
            .wait()
            .unwrap();
        let before = crate::stream::entries();
        let pending = saxpy.run(grid, (3.0f32, &x, &mut y)).unwrap();
        assert_eq!(crate::stream::entries() - before, 1);
        pending.wait().unwrap();
    }

    /// A launch that fails while setting its arguments leaves none of the buffers it set
    /// behind: the kernel holds no memory for them, so a later plain launch refuses them until
    /// they are set again. Catches: a buffer set without a hold staying set after the failure
    /// (a plain launch would then use memory its owner has freed).
    #[test]
    fn a_failed_launch_leaves_no_buffer_set() {
        let spirv = include_bytes!("../../kernels/spv/saxpy-O2.spv");
        let mut saxpy = Module::new(spirv).unwrap().kernel("saxpy").unwrap();
        let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
        let x = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
        let y = Allocation::shared(&ctx, Some(&dev), 4 * 64, 0).unwrap();
        let past_the_end = BufferArg {
            allocation: y.clone(),
            offset: 0,
            len: 1 << 20,
            elem: None,
            writable: true,
        };
        let launched = saxpy
            .launch(Grid::for_len(64))
            .arg(2.0f32)
            .arg(&x)
            .arg(Arg::buffer(past_the_end, None))
            .run();
        assert!(launched.is_err());
        drop(x);
        saxpy.set_arg_buffer(2, &y).unwrap();
        let mut list = ImmediateCommandList::new(&ctx, &dev).unwrap();
        let e = list.launch(&saxpy, Groups::x(1), Deps::NONE).unwrap_err();
        assert!(e.to_string().contains("argument 1 is not set"), "{e}");
    }
}
