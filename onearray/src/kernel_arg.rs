//! Arrays as kernel arguments: `&OneArray` for memory the kernel reads, `&mut OneArray` for
//! memory it may write (views included). A launch keeps the array's block alive and records
//! itself as the block's last use, so dropping, freeing or reusing the array right after the
//! launch waits for it (the stream-ordered rule the pool applies to copies).
//!
//! ```
//! use level_zero::{BuildOptions, Grid, Module};
//! use onearray::{OneArray, SharedBuffer};
//! let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
//! let (ctx, dev) = (level_zero::default_context()?, level_zero::default_device()?);
//! let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default())?.kernel("saxpy")?;
//! let x = OneArray::<f32>::from_slice(&[1.0; 256])?;
//! let mut y = OneArray::<f32, SharedBuffer>::filled(256, 1.0)?;
//! saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&x).arg(&mut y).run()?;
//! drop(x); // safe: the block waits for the launch before anyone else gets it
//! assert!(y.iter().all(|&v| v == 3.0));
//! # Ok::<(), onearray::Error>(())
//! ```
//!
//! An array the kernel writes is borrowed mutably for the whole launch, so it cannot also be
//! passed as another argument:
//!
//! ```compile_fail,E0502
//! use level_zero::{BuildOptions, Grid, Module};
//! use onearray::OneArray;
//! let spirv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../kernels/spv/saxpy-O2.spv")).unwrap();
//! let (ctx, dev) = (level_zero::default_context().unwrap(), level_zero::default_device().unwrap());
//! let mut saxpy = Module::from_spirv(&ctx, &dev, &spirv, &BuildOptions::default()).unwrap().kernel("saxpy").unwrap();
//! let mut y = OneArray::<f32>::zeroed(256).unwrap();
//! saxpy.launch(Grid::for_len(256)).arg(2.0f32).arg(&y).arg(&mut y).run().unwrap();
//! ```

use crate::array::OneArray;
use crate::kinds::BufferKind;
use bytemuck::Pod;
use level_zero::{Arg, ArgType, BufferArg, KernelArg, LaunchUse, Token};
use std::sync::atomic::Ordering;

impl<T: Pod, B: BufferKind> OneArray<T, B> {
    fn buffer_arg(&self, writable: bool) -> BufferArg
    where
        T: ArgType,
    {
        BufferArg {
            allocation: self.block.alloc().clone(),
            offset: self.byte_offset(),
            len: self.byte_size(),
            elem: Some(T::TYPE),
            writable,
        }
    }
}

impl<T: Pod, B: BufferKind> LaunchUse for OneArray<T, B> {
    fn before_launch(&self, list: u64) -> level_zero::Result<()> {
        let last = self.block.last_list.load(Ordering::Acquire);
        if last != 0 && last != list {
            // Used last on another stream: the launch must not start before that use ends.
            self.wait_idle()
                .map_err(|e| level_zero::Error::InvalidArgument(e.to_string()))?;
        }
        Ok(())
    }

    fn launched(&self, token: Token, done: Option<&level_zero::Event>) {
        let mut foreign = self
            .block
            .foreign_done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *foreign = done.cloned();
        self.mark(token);
    }
}

/// Memory the kernel reads (its parameter must be `const`/`NoWrite` or `constant`).
impl<'a, T: ArgType, B: BufferKind> KernelArg<'a> for &'a OneArray<T, B> {
    fn into_arg(self) -> Arg<'a> {
        Arg::buffer(self.buffer_arg(false), Some(self))
    }
}

/// Memory the kernel may write.
impl<'a, T: ArgType, B: BufferKind> KernelArg<'a> for &'a mut OneArray<T, B> {
    fn into_arg(self) -> Arg<'a> {
        let this: &'a OneArray<T, B> = self;
        Arg::buffer(this.buffer_arg(true), Some(this))
    }
}
