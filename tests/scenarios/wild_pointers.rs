//! Copies and fills through the program's own memory where it cannot be read or written (issue
//! 28, items 6 and 7): a wild address, an unmapped range, a read-only page, `.rodata`, a range
//! running into an inaccessible page. Each is refused at the append (`INVALID_ARGUMENT`, with a
//! description), or, when the memory goes away after the append, fails its command
//! (`DEVICE_LOST`, the address in the description); the process lives and later copies work.
//! And a huge alignment is `UNSUPPORTED_ALIGNMENT`.

use super::{Env, ASYNC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, command_queue, context, device, driver, event, mem};
use level_zero_sys::*;
use std::ffi::{c_void, CStr};
use std::ptr::null_mut;

/// Bytes a static holds in `.rodata` (read-only).
static RODATA: &[u8] = b"bytes in a read-only section of the program";

fn page() -> usize {
    // SAFETY: sysconf has no preconditions.
    unsafe { libc::sysconf(libc::_SC_PAGESIZE) as usize }
}

/// `pages` new anonymous pages with `prot`.
fn map(pages: usize, prot: libc::c_int) -> *mut c_void {
    // SAFETY: a new private anonymous mapping at an address the kernel chooses.
    let p = unsafe {
        libc::mmap(
            null_mut(),
            pages * page(),
            prot,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    assert_ne!(p, libc::MAP_FAILED);
    p
}

/// Unmaps `pages` pages at `p` (a mapping of [`map`]).
fn unmap(p: *mut c_void, pages: usize) {
    // SAFETY: the caller's own mapping, which nothing uses any more.
    assert_eq!(unsafe { libc::munmap(p, pages * page()) }, 0);
}

const RW: libc::c_int = libc::PROT_READ | libc::PROT_WRITE;

/// The driver's description of this thread's last error, where the API version has it.
///
/// # Safety
/// `env.driver` is live.
unsafe fn description(env: &Env) -> Option<String> {
    let mut text = std::ptr::null();
    // SAFETY: the caller's contract; the out-pointer is a local.
    unsafe { driver::get_last_error_description(env.api, env.driver, &mut text) }.ok()?;
    // SAFETY: the driver's NUL-terminated string, valid until its next call on this thread.
    Some(
        unsafe { CStr::from_ptr(text) }
            .to_string_lossy()
            .into_owned(),
    )
}

/// Refused at the append: a copy from `0x1000`, from an unmapped range, into a read-only page,
/// into `.rodata`, from a page running into an inaccessible one; a region copy and a copy from
/// another context the same; fills of a read-only page and of `.rodata`; on synchronous and
/// asynchronous immediate lists and on a regular list. Good copies still work after them.
pub fn refused_at_append(env: &Env) {
    let api = env.api;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers
    // where the copy is meant to succeed; the others are refused before anything touches them.
    unsafe {
        let ctx = env.context();
        let usm = host_mem(api, ctx, page());
        let ro = map(1, libc::PROT_READ);
        let gone = map(1, RW);
        unmap(gone, 1);
        let edge = map(2, RW);
        assert_eq!(
            libc::mprotect(edge.byte_add(page()), page(), libc::PROT_NONE),
            0
        );
        let rodata = RODATA.as_ptr().cast_mut().cast::<c_void>();
        let cases: [(&str, *mut c_void, *const c_void, usize); 5] = [
            ("a copy from 0x1000", usm, 0x1000 as *const c_void, 64),
            ("a copy from an unmapped range", usm, gone, 64),
            ("a copy into a read-only page", ro, usm, 64),
            ("a copy into .rodata", rodata, usm, RODATA.len()),
            (
                "a copy running into an inaccessible page",
                usm,
                edge.byte_add(page() - 32),
                64,
            ),
        ];
        let lists = [
            (
                "synchronous immediate",
                immediate(api, ctx, env.device, SYNC),
            ),
            (
                "asynchronous immediate",
                immediate(api, ctx, env.device, ASYNC),
            ),
            ("regular", regular_list(api, ctx, env.device, 0)),
        ];
        let refused = |what: &str, on: &str, result: Result<(), ZeError>| {
            expect(result, INVALID_ARGUMENT);
            if let Some(text) = description(env) {
                assert!(text.contains("neither USM nor"), "{what} on {on}: {text}");
            }
        };
        let other = env.context();
        for (on, list) in lists {
            for (what, dst, src, size) in cases {
                let got = command_list::append_memory_copy(
                    api,
                    list,
                    dst,
                    src,
                    size,
                    null_mut(),
                    0,
                    null_mut(),
                );
                refused(what, on, got);
                let got = command_list::append_memory_copy_from_context(
                    api,
                    list,
                    dst,
                    other,
                    src,
                    size,
                    null_mut(),
                    0,
                    null_mut(),
                );
                refused(what, on, got);
                // Four rows of 16 bytes: 64 bytes, as the plain copies.
                let region = ze_copy_region_t {
                    width: 16,
                    height: 4,
                    depth: 1,
                    ..Default::default()
                };
                let got = command_list::append_memory_copy_region(
                    api,
                    list,
                    dst,
                    &region,
                    16,
                    0,
                    src,
                    &region,
                    16,
                    0,
                    null_mut(),
                    0,
                    null_mut(),
                );
                refused(what, on, got);
            }
            for (what, dst) in [
                ("a fill of a read-only page", ro),
                ("a fill of .rodata", rodata),
            ] {
                let got = command_list::append_memory_fill(
                    api,
                    list,
                    dst,
                    [7u8; 4].as_ptr().cast(),
                    4,
                    16,
                    null_mut(),
                    0,
                    null_mut(),
                );
                refused(what, on, got);
            }
            // The same list still copies: the readable part of `edge` into USM and back.
            write(edge, &pattern(64, 3));
            command_list::append_memory_copy(api, list, usm, edge, 64, null_mut(), 0, null_mut())
                .unwrap();
            command_list::append_memory_copy(
                api,
                list,
                edge.byte_add(64),
                usm,
                64,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            if on == "regular" {
                close_and_run(api, ctx, env.device, list);
            } else if on == "asynchronous immediate" {
                let (_pool, [done]) = EventPool::<1>::host_visible(api, ctx);
                command_list::append_barrier(api, list, done, 0, null_mut()).unwrap();
                event::host_synchronize(api, done, u64::MAX).unwrap();
            }
            assert_eq!(read(edge.byte_add(64), 64), pattern(64, 3), "{on}");
            command_list::destroy(api, list).unwrap();
        }
        assert_eq!(RODATA[0], b'b', "the static is untouched");
        unmap(edge, 2);
        unmap(ro, 1);
        mem::free(api, ctx, usm).unwrap();
        context::destroy(api, other).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Memory unmapped between the append and the execution fails the command as a faulting kernel
/// does (`DEVICE_LOST`, the address in the description), on a regular list and on an
/// asynchronous immediate list; a new context then copies `malloc` memory to USM and back,
/// including memory allocated after its first copy.
pub fn unmapped_before_execution(env: &Env) {
    let api = env.api;
    let lost = ze_result_t::ZE_RESULT_ERROR_DEVICE_LOST;
    // SAFETY: as in `refused_at_append`; the unmapped pages are only checked by the driver.
    unsafe {
        // A regular list, closed while the page was mapped.
        let ctx = env.context();
        let usm = host_mem(api, ctx, page());
        let queue = async_queue(api, ctx, env.device);
        let list = regular_list(api, ctx, env.device, 0);
        // The middle page of three: once unmapped, a hole too small for the mappings made
        // meanwhile (threads' stacks), so that nothing is mapped there again before the run.
        let around = map(3, RW);
        let src = around.byte_add(page());
        command_list::append_memory_copy(api, list, usm, src, 64, null_mut(), 0, null_mut())
            .unwrap();
        command_list::close(api, list).unwrap();
        unmap(src, 1);
        command_queue::execute_command_lists(api, queue, 1, &mut { list }, null_mut()).unwrap();
        expect(command_queue::synchronize(api, queue, u64::MAX), lost);
        if let Some(text) = description(env) {
            assert!(text.contains(&format!("{src:p}")), "{text}");
        }
        command_queue::destroy(api, queue).unwrap();
        command_list::destroy(api, list).unwrap();
        unmap(around, 1);
        unmap(around.byte_add(2 * page()), 1);

        // An asynchronous immediate list whose copy waits for an event.
        let list = immediate(api, ctx, env.device, ASYNC);
        let (pool, [gate, done]) = EventPool::<2>::host_visible(api, ctx);
        let around = map(3, RW);
        let dst = around.byte_add(page());
        command_list::append_memory_copy(api, list, dst, usm, 64, done, 1, &mut { gate }).unwrap();
        unmap(dst, 1);
        event::host_signal(api, gate).unwrap();
        expect(event::host_synchronize(api, done, u64::MAX), lost);
        unmap(around, 1);
        unmap(around.byte_add(2 * page()), 1);
        command_list::destroy(api, list).unwrap();
        drop(pool);
        mem::free(api, ctx, usm).unwrap();
        context::destroy(api, ctx).unwrap();

        // A new context: the device is back, and the program's memory copies as before.
        let ctx = env.context();
        device::get_status(api, env.device).unwrap();
        let list = immediate(api, ctx, env.device, SYNC);
        let usm = device_mem(api, ctx, env.device, 1 << 20);
        let round_trip = |bytes: &[u8]| {
            let mut back = vec![0u8; bytes.len()];
            let n = bytes.len();
            command_list::append_memory_copy(
                api,
                list,
                usm,
                bytes.as_ptr().cast(),
                n,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            command_list::append_memory_copy(
                api,
                list,
                back.as_mut_ptr().cast(),
                usm,
                n,
                null_mut(),
                0,
                null_mut(),
            )
            .unwrap();
            assert!(back == bytes);
        };
        round_trip(&pattern(4096, 1));
        // Memory that did not exist at the first copy (a large vector is a mapping of its own).
        round_trip(&pattern(1 << 20, 2));
        let fresh = map(4, RW);
        write(fresh, &pattern(4 * page(), 5));
        round_trip(&read(fresh, 4 * page()));
        unmap(fresh, 4);
        command_list::destroy(api, list).unwrap();
        mem::free(api, ctx, usm).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}

/// Alignments that are powers of two too large to honour are `UNSUPPORTED_ALIGNMENT`, for host,
/// device and shared memory (not a panic inside the driver).
pub fn huge_alignments(env: &Env) {
    let api = env.api;
    let unsupported = ze_result_t::ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    // SAFETY: the suite's convention (see `scenarios`); nothing is allocated.
    unsafe {
        let ctx = env.context();
        let (h, d) = (Default::default(), Default::default());
        for align in [1usize << 63, 1 << 62, 1 << 48, 1 << 40] {
            expect(mem::alloc_host(api, ctx, &h, 64, align), unsupported);
            expect(
                mem::alloc_device(api, ctx, &d, 64, align, env.device),
                unsupported,
            );
            expect(
                mem::alloc_shared(api, ctx, &d, &h, 64, align, env.device),
                unsupported,
            );
        }
        context::destroy(api, ctx).unwrap();
    }
}
