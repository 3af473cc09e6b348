//! The benchmark's peers: every OpenCL CPU platform the ICD loader (`libOpenCL.so.1`, opened
//! at run time: no build-time dependency) finds, running the same kernels in this process, from
//! OpenCL C source or from SPIR-V (`clCreateProgramWithIL`, looked up as an optional symbol).
//! Without the loader or a CPU platform, [`ClPlatform::open_all`] says why and the bench prints
//! it.

use libloading::Library;
use std::ffi::{c_char, c_void, CString};
use std::ptr::{null, null_mut};
use std::rc::Rc;

type ClInt = i32;
type ClUint = u32;
type Handle = *mut c_void;

const CL_SUCCESS: ClInt = 0;
const CL_PLATFORM_VERSION: ClUint = 0x0901;
const CL_PLATFORM_NAME: ClUint = 0x0902;
const CL_DEVICE_TYPE_CPU: u64 = 1 << 1;
const CL_DEVICE_NOT_FOUND: ClInt = -1;
const CL_DEVICE_MAX_COMPUTE_UNITS: ClUint = 0x1002;
const CL_DEVICE_NAME: ClUint = 0x102B;
const CL_DEVICE_IL_VERSION: ClUint = 0x105B;
const CL_MEM_READ_WRITE: u64 = 1;
const CL_MEM_COPY_HOST_PTR: u64 = 1 << 5;
const CL_PROGRAM_BUILD_LOG: ClUint = 0x1183;

type InfoFn = unsafe extern "C" fn(Handle, ClUint, usize, *mut c_void, *mut usize) -> ClInt;

/// The OpenCL entry points the bench uses.
struct Api {
    get_platform_ids: unsafe extern "C" fn(ClUint, *mut Handle, *mut ClUint) -> ClInt,
    get_platform_info: InfoFn,
    get_device_ids: unsafe extern "C" fn(Handle, u64, ClUint, *mut Handle, *mut ClUint) -> ClInt,
    get_device_info: InfoFn,
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
    /// `clCreateProgramWithIL` (OpenCL 2.1): absent from older loaders.
    create_program_il:
        Option<unsafe extern "C" fn(Handle, *const c_void, usize, *mut ClInt) -> Handle>,
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
    /// Last: the entry points above are dropped before the library.
    _lib: Library,
}

/// One OpenCL platform's CPU device: a context and an in-order queue.
pub struct ClPlatform {
    api: Rc<Api>,
    context: Handle,
    queue: Handle,
    device: Handle,
    /// `CL_PLATFORM_NAME`.
    pub name: String,
    /// `CL_PLATFORM_VERSION`.
    pub version: String,
    /// `CL_DEVICE_NAME`.
    pub device_name: String,
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`: the threads the platform runs work-groups on.
    pub compute_units: u32,
}

/// A buffer on a platform's device.
pub struct ClBuf(Handle);

/// A built kernel.
#[derive(Clone, Copy)]
pub struct ClKernel(Handle);

/// What a program is built from.
pub enum ClSource<'a> {
    /// OpenCL C (`clCreateProgramWithSource`).
    C(&'a str),
    /// A SPIR-V module (`clCreateProgramWithIL`).
    SpirV(&'a [u8]),
}

fn ok(r: ClInt, what: &str) -> Result<(), String> {
    if r == CL_SUCCESS {
        Ok(())
    } else {
        Err(format!("{what} failed: OpenCL error {r}"))
    }
}

/// A string query: its size, then its bytes (`f(size, buffer, size out)`).
fn info_string(f: &dyn Fn(usize, *mut c_void, *mut usize) -> ClInt) -> String {
    let mut size = 0;
    f(0, null_mut(), &mut size);
    let mut buf = vec![0u8; size];
    f(size, buf.as_mut_ptr().cast(), null_mut());
    String::from_utf8_lossy(&buf)
        .trim_end_matches('\0')
        .to_string()
}

impl Api {
    fn load() -> Result<Api, String> {
        // SAFETY: loading the system's OpenCL ICD loader runs its initialisers only.
        let lib = unsafe { Library::new("libOpenCL.so.1") }
            .map_err(|e| format!("libOpenCL.so.1 not found ({e})"))?;
        macro_rules! sym {
            ($name:literal) => {
                // SAFETY: the symbol has the OpenCL signature of the field it fills.
                *unsafe { lib.get(concat!($name, "\0").as_bytes()) }
                    .map_err(|e| format!("{}: {e}", $name))?
            };
        }
        Ok(Api {
            get_platform_ids: sym!("clGetPlatformIDs"),
            get_platform_info: sym!("clGetPlatformInfo"),
            get_device_ids: sym!("clGetDeviceIDs"),
            get_device_info: sym!("clGetDeviceInfo"),
            create_context: sym!("clCreateContext"),
            create_queue: sym!("clCreateCommandQueue"),
            create_program: sym!("clCreateProgramWithSource"),
            // SAFETY: the OpenCL 2.1 signature of clCreateProgramWithIL.
            create_program_il: unsafe { lib.get(b"clCreateProgramWithIL\0") }
                .ok()
                .map(|s| *s),
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
            _lib: lib,
        })
    }
}

impl ClPlatform {
    /// Every platform with a CPU device, in the loader's order (its first CPU device each),
    /// and what went wrong with the others; or why there is no loader.
    pub fn open_all() -> Result<(Vec<ClPlatform>, Vec<String>), String> {
        let api = Rc::new(Api::load()?);
        let mut count = 0;
        // SAFETY: count query, then a buffer of `count` handles.
        unsafe { (api.get_platform_ids)(0, null_mut(), &mut count) };
        let mut platforms = vec![null_mut(); count as usize];
        if count > 0 {
            // SAFETY: `platforms` holds `count` handles.
            let r = unsafe { (api.get_platform_ids)(count, platforms.as_mut_ptr(), null_mut()) };
            ok(r, "clGetPlatformIDs")?;
        }
        let (mut found, mut errors) = (Vec::new(), Vec::new());
        for p in platforms {
            match Self::open(&api, p) {
                Ok(Some(platform)) => found.push(platform),
                Ok(None) => {}
                Err(e) => errors.push(e),
            }
        }
        Ok((found, errors))
    }

    /// Platform `platform`'s first CPU device, or `None` if it has none.
    fn open(api: &Rc<Api>, platform: Handle) -> Result<Option<ClPlatform>, String> {
        let platform_info = |what| {
            info_string(&|n, b, s| {
                // SAFETY: a platform handle from clGetPlatformIDs; `b` holds `n` bytes.
                unsafe { (api.get_platform_info)(platform, what, n, b, s) }
            })
        };
        let name = platform_info(CL_PLATFORM_NAME);
        let version = platform_info(CL_PLATFORM_VERSION);
        let mut device = null_mut();
        // SAFETY: one device handle out.
        let r = unsafe {
            (api.get_device_ids)(platform, CL_DEVICE_TYPE_CPU, 1, &mut device, null_mut())
        };
        if r == CL_DEVICE_NOT_FOUND {
            return Ok(None);
        }
        ok(r, &format!("{name}: clGetDeviceIDs"))?;
        let device_name = info_string(&|n, b, s| {
            // SAFETY: a device handle; `b` holds `n` bytes.
            unsafe { (api.get_device_info)(device, CL_DEVICE_NAME, n, b, s) }
        });
        let mut compute_units: ClUint = 0;
        // SAFETY: a cl_uint query into a cl_uint.
        unsafe {
            (api.get_device_info)(
                device,
                CL_DEVICE_MAX_COMPUTE_UNITS,
                size_of::<ClUint>(),
                (&mut compute_units as *mut ClUint).cast(),
                null_mut(),
            )
        };
        let mut err = 0;
        // SAFETY: one device, no properties or callback.
        let context =
            unsafe { (api.create_context)(null(), 1, &device, null(), null_mut(), &mut err) };
        ok(err, &format!("{name}: clCreateContext"))?;
        // SAFETY: a context and its device; in-order, no profiling.
        let queue = unsafe { (api.create_queue)(context, device, 0, &mut err) };
        if let Err(e) = ok(err, &format!("{name}: clCreateCommandQueue")) {
            // SAFETY: the context created above, released once.
            unsafe { (api.release_context)(context) };
            return Err(e);
        }
        Ok(Some(ClPlatform {
            api: api.clone(),
            context,
            queue,
            device,
            name,
            version,
            device_name,
            compute_units,
        }))
    }

    /// Builds `source` with the build `options` and returns kernel `name`, or why not (the
    /// build log when the build fails).
    pub fn kernel(&self, source: ClSource, options: &str, name: &str) -> Result<ClKernel, String> {
        let mut err = 0;
        let program = match source {
            ClSource::C(text) => {
                let src = CString::new(text).map_err(|e| e.to_string())?;
                let ptr = src.as_ptr();
                // SAFETY: one NUL-terminated string.
                let p =
                    unsafe { (self.api.create_program)(self.context, 1, &ptr, null(), &mut err) };
                ok(err, "clCreateProgramWithSource")?;
                p
            }
            ClSource::SpirV(bytes) => {
                let il = info_string(&|n, b, s| {
                    // SAFETY: a device handle; `b` holds `n` bytes.
                    unsafe {
                        (self.api.get_device_info)(self.device, CL_DEVICE_IL_VERSION, n, b, s)
                    }
                });
                if !il.contains("SPIR-V") {
                    return Err(format!(
                        "the device takes no SPIR-V (CL_DEVICE_IL_VERSION \"{il}\")"
                    ));
                }
                let create = self
                    .api
                    .create_program_il
                    .ok_or("the ICD loader has no clCreateProgramWithIL")?;
                // SAFETY: `bytes` holds the length passed; the platform copies it.
                let p =
                    unsafe { create(self.context, bytes.as_ptr().cast(), bytes.len(), &mut err) };
                ok(err, "clCreateProgramWithIL")?;
                p
            }
        };
        let built = self.build(program, options).and_then(|()| {
            let cname = CString::new(name).map_err(|e| e.to_string())?;
            // SAFETY: a built program and a NUL-terminated name.
            let kernel = unsafe { (self.api.create_kernel)(program, cname.as_ptr(), &mut err) };
            ok(err, "clCreateKernel").map(|()| ClKernel(kernel))
        });
        // The kernel keeps the program alive.
        // SAFETY: our reference to the program, released once.
        unsafe { (self.api.release_program)(program) };
        built
    }

    fn build(&self, program: Handle, options: &str) -> Result<(), String> {
        let flags = CString::new(options).map_err(|e| e.to_string())?;
        // SAFETY: the program and its one device; no callback.
        let r = unsafe {
            (self.api.build_program)(program, 1, &self.device, flags.as_ptr(), null(), null_mut())
        };
        if r == CL_SUCCESS {
            return Ok(());
        }
        let log = info_string(&|n, b, s| {
            // SAFETY: `b` holds `n` bytes.
            unsafe { (self.api.build_info)(program, self.device, CL_PROGRAM_BUILD_LOG, n, b, s) }
        });
        // The first message, without the temporary file's name some platforms put first.
        let mut lines = log.lines().map(str::trim).filter(|l| !l.is_empty());
        let mut first = lines.next().unwrap_or("").to_string();
        if first.ends_with(':') {
            // A heading ("Error(s) while linking:"): the first of what it heads too.
            let next = lines.next().unwrap_or("(the build log says no more)");
            first = format!("{first} {next}");
        }
        let first = match first.find(".cl:") {
            Some(at) => format!("line {}", &first[at + 4..]),
            None => first.to_string(),
        };
        Err(format!("clBuildProgram failed ({r}): {first}"))
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
        ok(err, "clCreateBuffer").expect("OpenCL buffer");
        ClBuf(b)
    }

    /// Argument `i`: the bytes of `v` (a scalar or a struct passed by value).
    pub fn arg<T>(&self, k: ClKernel, i: u32, v: &T) {
        // SAFETY: `v` holds size_of::<T>() bytes.
        let r = unsafe { (self.api.set_arg)(k.0, i, size_of::<T>(), (v as *const T).cast()) };
        ok(r, "clSetKernelArg").expect("OpenCL argument");
    }

    pub fn arg_buf(&self, k: ClKernel, i: u32, b: &ClBuf) {
        self.arg(k, i, &b.0);
    }

    pub fn arg_local(&self, k: ClKernel, i: u32, bytes: usize) {
        // SAFETY: a local argument passes its size and no value.
        let r = unsafe { (self.api.set_arg)(k.0, i, bytes, null()) };
        ok(r, "clSetKernelArg (local)").expect("OpenCL local argument");
    }

    /// Runs `k` over `global` work-items in groups of `local` and waits.
    pub fn run(&self, k: ClKernel, global: [usize; 3], local: [usize; 3]) -> Result<(), String> {
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
        ok(r, "clEnqueueNDRangeKernel")?;
        // SAFETY: a valid queue.
        ok(unsafe { (self.api.finish)(self.queue) }, "clFinish")
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
        ok(r, "clEnqueueReadBuffer").expect("OpenCL read");
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

impl Drop for ClPlatform {
    fn drop(&mut self) {
        // SAFETY: the queue and context were created in `open` and are released once.
        unsafe {
            (self.api.release_queue)(self.queue);
            (self.api.release_context)(self.context);
        }
    }
}
