//! The benchmark's peer: the same OpenCL C source run by PoCL in this process, through a small
//! OpenCL FFI over `libOpenCL.so.1` opened at run time (no build-time dependency: without the
//! library or a PoCL platform, [`Pocl::open`] says why and the bench prints it).

use libloading::Library;
use std::ffi::{c_char, c_void, CString};
use std::ptr::{null, null_mut};

type ClInt = i32;
type ClUint = u32;
type Handle = *mut c_void;

const CL_SUCCESS: ClInt = 0;
const CL_PLATFORM_NAME: ClUint = 0x0902;
const CL_DEVICE_TYPE_ALL: u64 = 0xFFFF_FFFF;
const CL_DEVICE_NAME: ClUint = 0x102B;
const CL_MEM_READ_WRITE: u64 = 1;
const CL_MEM_COPY_HOST_PTR: u64 = 1 << 5;
const CL_PROGRAM_BUILD_LOG: ClUint = 0x1183;

/// The OpenCL entry points the bench uses.
struct Api {
    get_platform_ids: unsafe extern "C" fn(ClUint, *mut Handle, *mut ClUint) -> ClInt,
    get_platform_info:
        unsafe extern "C" fn(Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt,
    get_device_ids: unsafe extern "C" fn(Handle, u64, ClUint, *mut Handle, *mut ClUint) -> ClInt,
    get_device_info: unsafe extern "C" fn(Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt,
    create_context: unsafe extern "C" fn(
        *const isize,
        ClUint,
        *const Handle,
        *const c_void,
        *mut c_void,
        *mut ClInt,
    ) -> Handle,
    create_queue: unsafe extern "C" fn(Handle, Handle, u64, *mut ClInt) -> Handle,
    create_program: unsafe extern "C" fn(
        Handle,
        ClUint,
        *const *const c_char,
        *const usize,
        *mut ClInt,
    ) -> Handle,
    build_program: unsafe extern "C" fn(
        Handle,
        ClUint,
        *const Handle,
        *const c_char,
        *const c_void,
        *mut c_void,
    ) -> ClInt,
    build_info:
        unsafe extern "C" fn(Handle, Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt,
    create_kernel: unsafe extern "C" fn(Handle, *const c_char, *mut ClInt) -> Handle,
    create_buffer: unsafe extern "C" fn(Handle, u64, usize, *mut c_void, *mut ClInt) -> Handle,
    set_arg: unsafe extern "C" fn(Handle, ClUint, usize, *const c_void) -> ClInt,
    enqueue: unsafe extern "C" fn(
        Handle,
        Handle,
        ClUint,
        *const usize,
        *const usize,
        *const usize,
        ClUint,
        *const c_void,
        *mut c_void,
    ) -> ClInt,
    read: unsafe extern "C" fn(
        Handle,
        Handle,
        ClUint,
        usize,
        usize,
        *mut c_void,
        ClUint,
        *const c_void,
        *mut c_void,
    ) -> ClInt,
    finish: unsafe extern "C" fn(Handle) -> ClInt,
    release_mem: unsafe extern "C" fn(Handle) -> ClInt,
    release_kernel: unsafe extern "C" fn(Handle) -> ClInt,
    release_program: unsafe extern "C" fn(Handle) -> ClInt,
    release_queue: unsafe extern "C" fn(Handle) -> ClInt,
    release_context: unsafe extern "C" fn(Handle) -> ClInt,
}

/// PoCL's CPU device: a context and an in-order queue.
pub struct Pocl {
    api: Api,
    context: Handle,
    queue: Handle,
    device: Handle,
    pub device_name: String,
    _lib: Library,
}

/// A buffer on the PoCL device.
pub struct ClBuf(Handle);

/// A built kernel.
#[derive(Clone, Copy)]
pub struct ClKernel(Handle);

fn ok(r: ClInt, what: &str) -> Result<(), String> {
    if r == CL_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what} failed: OpenCL error {r}"))
    }
}

impl Pocl {
    /// Opens the OpenCL ICD loader and PoCL's platform, or says why not.
    pub fn open() -> Result<Pocl, String> {
        // SAFETY: loading the system's OpenCL ICD loader runs its initialisers only.
        let lib = unsafe { Library::new("libOpenCL.so.1") }
            .map_err(|e| format!("libOpenCL.so.1 not found ({e})"))?;
        macro_rules! sym {
            ($name:literal) => {
                // SAFETY: the symbol has the OpenCL 1.2 signature of the field it fills.
                *unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                    .map_err(|e| format!("{}: {e}", $name))?
            };
        }
        let api = Api {
            get_platform_ids: sym!("clGetPlatformIDs"),
            get_platform_info: sym!("clGetPlatformInfo"),
            get_device_ids: sym!("clGetDeviceIDs"),
            get_device_info: sym!("clGetDeviceInfo"),
            create_context: sym!("clCreateContext"),
            create_queue: sym!("clCreateCommandQueue"),
            create_program: sym!("clCreateProgramWithSource"),
            build_program: sym!("clBuildProgram"),
            build_info: sym!("clGetProgramBuildInfo"),
            create_kernel: sym!("clCreateKernel"),
            create_buffer: sym!("clCreateBuffer"),
            set_arg: sym!("clSetKernelArg"),
            enqueue: sym!("clEnqueueNDRangeKernel"),
            read: sym!("clEnqueueReadBuffer"),
            finish: sym!("clFinish"),
            release_mem: sym!("clReleaseMemObject"),
            release_kernel: sym!("clReleaseKernel"),
            release_program: sym!("clReleaseProgram"),
            release_queue: sym!("clReleaseCommandQueue"),
            release_context: sym!("clReleaseContext"),
        };
        let info_string = |f: &dyn Fn(usize, *mut c_void, *mut usize) -> ClInt| {
            let mut size = 0;
            f(0, null_mut(), &mut size);
            let mut buf = vec![0u8; size];
            f(size, buf.as_mut_ptr().cast(), null_mut());
            String::from_utf8_lossy(&buf)
                .trim_end_matches('\0')
                .to_string()
        };
        let mut count = 0;
        // SAFETY: count query, then a buffer of `count` handles.
        unsafe { (api.get_platform_ids)(0, null_mut(), &mut count) };
        let mut platforms = vec![null_mut(); count as usize];
        if count > 0 {
            // SAFETY: `platforms` holds `count` handles.
            let r = unsafe { (api.get_platform_ids)(count, platforms.as_mut_ptr(), null_mut()) };
            ok(r, "clGetPlatformIDs")?;
        }
        let platform = platforms
            .into_iter()
            .find(|&p| {
                info_string(&|n, b, s| {
                    // SAFETY: a platform handle from clGetPlatformIDs; `b` holds `n` bytes.
                    unsafe { (api.get_platform_info)(p, CL_PLATFORM_NAME, n, b, s) }
                })
                .contains("Portable Computing Language")
            })
            .ok_or("no PoCL platform (apt-get install pocl-opencl-icd ocl-icd-opencl-dev)")?;
        let mut device = null_mut();
        // SAFETY: one device handle out.
        let r = unsafe {
            (api.get_device_ids)(platform, CL_DEVICE_TYPE_ALL, 1, &mut device, null_mut())
        };
        ok(r, "clGetDeviceIDs")?;
        let device_name = info_string(&|n, b, s| {
            // SAFETY: a device handle; `b` holds `n` bytes.
            unsafe { (api.get_device_info)(device, CL_DEVICE_NAME, n, b, s) }
        });
        let mut err = 0;
        // SAFETY: one device, no properties or callback.
        let context =
            unsafe { (api.create_context)(null(), 1, &device, null(), null_mut(), &mut err) };
        ok(err, "clCreateContext")?;
        // SAFETY: a context and its device; in-order, no profiling.
        let queue = unsafe { (api.create_queue)(context, device, 0, &mut err) };
        ok(err, "clCreateCommandQueue")?;
        Ok(Pocl {
            api,
            context,
            queue,
            device,
            device_name,
            _lib: lib,
        })
    }

    /// Builds `source` and returns kernel `name`.
    pub fn kernel(&self, source: &str, name: &str) -> Result<ClKernel, String> {
        let src = CString::new(source).map_err(|e| e.to_string())?;
        let ptr = src.as_ptr();
        let mut err = 0;
        // SAFETY: one NUL-terminated string.
        let program = unsafe { (self.api.create_program)(self.context, 1, &ptr, null(), &mut err) };
        ok(err, "clCreateProgramWithSource")?;
        let flags = CString::new("-cl-std=CL1.2").unwrap();
        // SAFETY: the program and its one device; no callback.
        let r = unsafe {
            (self.api.build_program)(program, 1, &self.device, flags.as_ptr(), null(), null_mut())
        };
        if r != CL_SUCCESS {
            let mut size = 0;
            let mut log = vec![0u8; 1 << 16];
            // SAFETY: `log` holds the size passed.
            unsafe {
                (self.api.build_info)(
                    program,
                    self.device,
                    CL_PROGRAM_BUILD_LOG,
                    log.len(),
                    log.as_mut_ptr().cast(),
                    &mut size,
                )
            };
            return Err(format!(
                "PoCL build failed ({r}): {}",
                String::from_utf8_lossy(&log[..size.min(log.len())])
            ));
        }
        let cname = CString::new(name).map_err(|e| e.to_string())?;
        // SAFETY: a built program and a NUL-terminated name.
        let kernel = unsafe { (self.api.create_kernel)(program, cname.as_ptr(), &mut err) };
        ok(err, "clCreateKernel")?;
        // The kernel keeps the program alive.
        // SAFETY: our reference to the program.
        unsafe { (self.api.release_program)(program) };
        Ok(ClKernel(kernel))
    }

    /// A device buffer holding a copy of `data`.
    pub fn buffer<T: Copy>(&self, data: &[T]) -> ClBuf {
        let mut err = 0;
        // SAFETY: `data` holds the byte count passed; the flags copy it at creation.
        let b = unsafe {
            (self.api.create_buffer)(
                self.context,
                CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                std::mem::size_of_val(data).max(1),
                data.as_ptr() as *mut c_void,
                &mut err,
            )
        };
        ok(err, "clCreateBuffer").expect("PoCL buffer");
        ClBuf(b)
    }

    pub fn arg<T>(&self, k: ClKernel, i: u32, v: &T) {
        // SAFETY: `v` holds size_of::<T>() bytes.
        let r = unsafe { (self.api.set_arg)(k.0, i, size_of::<T>(), (v as *const T).cast()) };
        ok(r, "clSetKernelArg").expect("PoCL argument");
    }

    pub fn arg_buf(&self, k: ClKernel, i: u32, b: &ClBuf) {
        self.arg(k, i, &b.0);
    }

    pub fn arg_local(&self, k: ClKernel, i: u32, bytes: usize) {
        // SAFETY: a local argument passes its size and no value.
        let r = unsafe { (self.api.set_arg)(k.0, i, bytes, null()) };
        ok(r, "clSetKernelArg (local)").expect("PoCL local argument");
    }

    /// Runs `k` over `global` work-items in groups of `local` and waits.
    pub fn run(&self, k: ClKernel, global: [usize; 3], local: [usize; 3]) {
        let dims = if global[2] > 1 {
            3
        } else if global[1] > 1 {
            2
        } else {
            1
        };
        // SAFETY: the arrays hold 3 sizes; no events.
        let r = unsafe {
            (self.api.enqueue)(
                self.queue,
                k.0,
                dims,
                null(),
                global.as_ptr(),
                local.as_ptr(),
                0,
                null(),
                null_mut(),
            )
        };
        ok(r, "clEnqueueNDRangeKernel").expect("PoCL launch");
        // SAFETY: a valid queue.
        ok(unsafe { (self.api.finish)(self.queue) }, "clFinish").expect("PoCL finish");
    }

    pub fn read<T: Copy + Default>(&self, b: &ClBuf, len: usize) -> Vec<T> {
        let mut out = vec![T::default(); len];
        // SAFETY: blocking read of `len` elements into `out`.
        let r = unsafe {
            (self.api.read)(
                self.queue,
                b.0,
                1,
                0,
                len * size_of::<T>(),
                out.as_mut_ptr().cast(),
                0,
                null(),
                null_mut(),
            )
        };
        ok(r, "clEnqueueReadBuffer").expect("PoCL read");
        out
    }

    pub fn release_kernel(&self, k: ClKernel) {
        // SAFETY: a kernel from `kernel`, released once.
        unsafe { (self.api.release_kernel)(k.0) };
    }

    pub fn release(&self, b: ClBuf) {
        // SAFETY: a buffer from `buffer`, released once (it is consumed).
        unsafe { (self.api.release_mem)(b.0) };
    }
}

impl Drop for Pocl {
    fn drop(&mut self) {
        // SAFETY: the queue and context were created in `open` and are released once.
        unsafe {
            (self.api.release_queue)(self.queue);
            (self.api.release_context)(self.context);
        }
    }
}
