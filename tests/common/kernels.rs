//! A small runner for kernel tests on the in-process CPU driver: a context, a device, a
//! synchronous immediate list, shared buffers, and modules from `kernels/spv`.

use level_zero_sys::{ze_call, *};
use std::cell::RefCell;
use std::ffi::{c_void, CString};
use std::ptr::{null, null_mut};

/// A shared USM buffer of `len` elements of `T`.
pub struct Buf<T> {
    pub ptr: *mut T,
    pub len: usize,
}

/// See the module documentation.
pub struct Gpu {
    pub api: Dispatch,
    pub ctx: ze_context_handle_t,
    pub dev: ze_device_handle_t,
    pub list: ze_command_list_handle_t,
    allocations: RefCell<Vec<*mut c_void>>,
    objects: RefCell<Vec<(ze_module_handle_t, Vec<ze_kernel_handle_t>)>>,
}

fn check(r: ze_result_t, what: &str) {
    assert_eq!(r, ze_result_t::ZE_RESULT_SUCCESS, "{what}: {r}");
}

/// The words of `kernels/spv/<name>.spv`.
pub fn spirv(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("kernels/spv")
        .join(format!("{name}.spv"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

impl Gpu {
    pub fn new() -> Gpu {
        let api = Dispatch::from_getters("level-zero-cpu", &level_zero_cpu::GETTERS).unwrap();
        let (mut n, mut driver, mut dev) = (1u32, null_mut(), null_mut());
        let mut ctx = null_mut();
        let mut list = null_mut();
        // SAFETY: out-pointers are locals; descriptors carry their stype.
        unsafe {
            check(
                ze_call!(api, Driver.pfnGet(&mut n, &mut driver)),
                "zeDriverGet",
            );
            check(
                ze_call!(api, Device.pfnGet(driver, &mut n, &mut dev)),
                "zeDeviceGet",
            );
            let cdesc = ze_context_desc_t {
                stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_CONTEXT_DESC,
                ..Default::default()
            };
            check(
                ze_call!(api, Context.pfnCreate(driver, &cdesc, &mut ctx)),
                "zeContextCreate",
            );
            let qdesc = ze_command_queue_desc_t {
                stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
                mode: ze_command_queue_mode_t::ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS,
                ..Default::default()
            };
            check(
                ze_call!(
                    api,
                    CommandList.pfnCreateImmediate(ctx, dev, &qdesc, &mut list)
                ),
                "zeCommandListCreateImmediate",
            );
        }
        Gpu {
            api,
            ctx,
            dev,
            list,
            allocations: RefCell::new(Vec::new()),
            objects: RefCell::new(Vec::new()),
        }
    }

    /// Builds `kernels/spv/<name>.spv`; `Err` carries the result and the build log.
    pub fn try_module(&self, bytes: &[u8]) -> Result<ze_module_handle_t, (ze_result_t, String)> {
        let desc = ze_module_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_MODULE_DESC,
            format: ze_module_format_t::ZE_MODULE_FORMAT_IL_SPIRV,
            inputSize: bytes.len(),
            pInputModule: bytes.as_ptr(),
            ..Default::default()
        };
        let (mut m, mut log) = (null_mut(), null_mut());
        // SAFETY: the descriptor points to `bytes`, alive for the call.
        let r = unsafe {
            ze_call!(
                self.api,
                Module.pfnCreate(self.ctx, self.dev, &desc, &mut m, &mut log)
            )
        };
        let mut size = 0usize;
        // SAFETY: a valid log handle; size query then fill.
        let text = unsafe {
            check(
                ze_call!(
                    self.api,
                    ModuleBuildLog.pfnGetString(log, &mut size, null_mut())
                ),
                "log size",
            );
            let mut buf = vec![0u8; size];
            check(
                ze_call!(
                    self.api,
                    ModuleBuildLog.pfnGetString(log, &mut size, buf.as_mut_ptr().cast())
                ),
                "log",
            );
            check(
                ze_call!(self.api, ModuleBuildLog.pfnDestroy(log)),
                "log destroy",
            );
            String::from_utf8_lossy(&buf[..size.saturating_sub(1)]).into_owned()
        };
        if r != ze_result_t::ZE_RESULT_SUCCESS {
            return Err((r, text));
        }
        self.objects.borrow_mut().push((m, Vec::new()));
        Ok(m)
    }

    pub fn module(&self, name: &str) -> ze_module_handle_t {
        self.try_module(&spirv(name))
            .unwrap_or_else(|(r, log)| panic!("module {name}: {r}\n{log}"))
    }

    pub fn kernel(&self, m: ze_module_handle_t, name: &str) -> ze_kernel_handle_t {
        let cname = CString::new(name).unwrap();
        let desc = ze_kernel_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_KERNEL_DESC,
            pKernelName: cname.as_ptr(),
            ..Default::default()
        };
        let mut k = null_mut();
        // SAFETY: valid module and descriptor.
        check(
            unsafe { ze_call!(self.api, Kernel.pfnCreate(m, &desc, &mut k)) },
            name,
        );
        if let Some(entry) = self
            .objects
            .borrow_mut()
            .iter_mut()
            .find(|(mm, _)| *mm == m)
        {
            entry.1.push(k);
        }
        k
    }

    pub fn buffer<T: Copy>(&self, data: &[T]) -> Buf<T> {
        let b = self.zeros::<T>(data.len());
        // SAFETY: the buffer holds data.len() elements.
        unsafe { std::ptr::copy_nonoverlapping(data.as_ptr(), b.ptr, data.len()) };
        b
    }

    pub fn zeros<T>(&self, len: usize) -> Buf<T> {
        let bytes = (len * size_of::<T>()).max(1);
        let d = ze_device_mem_alloc_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
            ..Default::default()
        };
        let h = ze_host_mem_alloc_desc_t {
            stype: ze_structure_type_t::ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
            ..Default::default()
        };
        let mut p = null_mut();
        // SAFETY: valid context/device and descriptors.
        check(
            unsafe {
                ze_call!(
                    self.api,
                    Mem.pfnAllocShared(self.ctx, &d, &h, bytes, 64, self.dev, &mut p)
                )
            },
            "zeMemAllocShared",
        );
        // SAFETY: `bytes` fresh bytes.
        unsafe { std::ptr::write_bytes(p.cast::<u8>(), 0, bytes) };
        self.allocations.borrow_mut().push(p);
        Buf { ptr: p.cast(), len }
    }

    pub fn read<T: Copy>(&self, b: &Buf<T>) -> Vec<T> {
        // SAFETY: shared memory of `len` elements; the list is synchronous, so no kernel is running.
        unsafe { std::slice::from_raw_parts(b.ptr, b.len) }.to_vec()
    }

    /// Sets argument `i` to the bytes of `value`.
    pub fn arg<T>(&self, k: ze_kernel_handle_t, i: u32, value: &T) {
        // SAFETY: `value` holds size_of::<T>() bytes.
        check(
            unsafe {
                ze_call!(
                    self.api,
                    Kernel.pfnSetArgumentValue(k, i, size_of::<T>(), (value as *const T).cast())
                )
            },
            "set arg",
        );
    }

    pub fn arg_buf<T>(&self, k: ze_kernel_handle_t, i: u32, b: &Buf<T>) {
        self.arg(k, i, &b.ptr);
    }

    pub fn arg_local(&self, k: ze_kernel_handle_t, i: u32, bytes: usize) {
        // SAFETY: a local argument passes only its size.
        check(
            unsafe { ze_call!(self.api, Kernel.pfnSetArgumentValue(k, i, bytes, null())) },
            "set local arg",
        );
    }

    /// Launches `groups` work-groups of `size` and returns the result of the synchronous append.
    pub fn launch(&self, k: ze_kernel_handle_t, groups: [u32; 3], size: [u32; 3]) -> ze_result_t {
        let g = ze_group_count_t {
            groupCountX: groups[0],
            groupCountY: groups[1],
            groupCountZ: groups[2],
        };
        // SAFETY: valid kernel and list.
        unsafe {
            check(
                ze_call!(
                    self.api,
                    Kernel.pfnSetGroupSize(k, size[0], size[1], size[2])
                ),
                "set group size",
            );
            ze_call!(
                self.api,
                CommandList.pfnAppendLaunchKernel(self.list, k, &g, null_mut(), 0, null_mut())
            )
        }
    }

    pub fn run(&self, k: ze_kernel_handle_t, groups: [u32; 3], size: [u32; 3]) {
        check(self.launch(k, groups, size), "launch");
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        // SAFETY: every handle was created here and is destroyed once, children first.
        unsafe {
            for (m, kernels) in self.objects.borrow().iter() {
                for k in kernels {
                    check(ze_call!(self.api, Kernel.pfnDestroy(*k)), "kernel destroy");
                }
                check(ze_call!(self.api, Module.pfnDestroy(*m)), "module destroy");
            }
            for p in self.allocations.borrow().iter() {
                check(ze_call!(self.api, Mem.pfnFree(self.ctx, *p)), "free");
            }
            check(
                ze_call!(self.api, CommandList.pfnDestroy(self.list)),
                "list destroy",
            );
            check(
                ze_call!(self.api, Context.pfnDestroy(self.ctx)),
                "context destroy",
            );
        }
    }
}
