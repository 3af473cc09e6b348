//! Record and replay graphs (`ZE_extension_record_replay_graph`, API 1.17): capture of an
//! immediate list (and of a list that forks from it), instantiation, replays, and the errors.

use super::newer::at_least;
use super::{Env, ASYNC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{
    command_list, context, event, executable_graph, graph, kernel, mem, module,
};
use level_zero_sys::*;
use std::ptr::{null, null_mut};
use std::sync::atomic::{AtomicUsize, Ordering};

const N: usize = 256;
const QUERY_TRUE: ze_result_t = ze_result_t::ZE_RESULT_QUERY_TRUE;
const QUERY_FALSE: ze_result_t = ze_result_t::ZE_RESULT_QUERY_FALSE;
const UNSUPPORTED: ze_result_t = ze_result_t::ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED;

/// How many times [`destroyed`] was called.
static DESTROYED: AtomicUsize = AtomicUsize::new(0);

/// A graph's destruction callback: counts its calls, checks its user data.
unsafe extern "C" fn destroyed(data: *mut std::ffi::c_void) {
    assert_eq!(data as usize, 0x5eed);
    DESTROYED.fetch_add(1, Ordering::SeqCst);
}

fn floats(v: f32) -> Vec<u8> {
    (0..N).flat_map(|_| v.to_le_bytes()).collect()
}

/// Captures a fill, a copy and a kernel launch, checks that nothing runs while they are
/// recorded, then replays the graph three times (the launch's `y += a * x` runs three times)
/// on two lists, and checks the queries and the errors.
pub fn graphs(env: &Env) {
    let Some(api) = at_least(env, ze_api_version_t::ZE_API_VERSION_1_17, "graphs") else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let (m, k) = super::saxpy(api, ctx, env.device);
        let xs = shared_mem(api, ctx, env.device, N * 4);
        let ys = shared_mem(api, ctx, env.device, N * 4);
        let copy = host_mem(api, ctx, N * 4);
        write(xs, &floats(0.0));
        write(ys, &floats(0.0));
        kernel::set_group_size(api, k, 64, 1, 1).unwrap();
        set_arg(api, k, 0, &2.0f32);
        set_arg(api, k, 1, &xs);
        set_arg(api, k, 2, &ys);
        let (events, [filled, copied]) = EventPool::<2>::host_visible(api, ctx);
        let list = immediate(api, ctx, env.device, ASYNC);

        expect(
            command_list::is_graph_capture_enabled_ext(api, list),
            QUERY_FALSE,
        );
        expect(
            command_list::end_graph_capture_ext(api, list, null()),
            ze_result_t::ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
        );
        command_list::begin_graph_capture_ext(api, list, null()).unwrap();
        expect(
            command_list::begin_graph_capture_ext(api, list, null()),
            INVALID_ARGUMENT,
        );
        expect(
            command_list::is_graph_capture_enabled_ext(api, list),
            QUERY_TRUE,
        );
        let recording = command_list::get_graph_ext(api, list).unwrap();
        assert!(!recording.is_null());
        let one = 1.0f32;
        command_list::append_memory_fill(
            api,
            list,
            xs,
            (&one as *const f32).cast(),
            4,
            N * 4,
            filled,
            0,
            null_mut(),
        )
        .unwrap();
        command_list::append_launch_kernel(
            api,
            list,
            k,
            &groups(N as u32 / 64),
            null_mut(),
            1,
            &mut { filled },
        )
        .unwrap();
        command_list::append_memory_copy(api, list, copy, ys, N * 4, copied, 0, null_mut())
            .unwrap();
        // Recorded, not run: nothing to wait for, nothing written.
        expect(command_list::host_synchronize(api, list, 0), UNSUPPORTED);
        expect(event::host_synchronize(api, copied, 0), UNSUPPORTED);
        expect(
            graph::instantiate_ext(api, recording, null()),
            INVALID_ARGUMENT,
        );
        assert_eq!(read(xs, 4), 0.0f32.to_le_bytes());
        let g = command_list::end_graph_capture_ext(api, list, null()).unwrap();
        assert_eq!(g, recording);
        expect(
            command_list::is_graph_capture_enabled_ext(api, list),
            QUERY_FALSE,
        );
        expect(graph::is_empty_ext(api, g), QUERY_FALSE);
        assert_eq!(graph::get_primary_command_list_ext(api, g).unwrap(), list);
        graph::set_destruction_callback_ext(api, g, Some(destroyed), 0x5eed as *mut _, null())
            .unwrap();

        let exec = graph::instantiate_ext(api, g, null()).unwrap();
        assert_eq!(
            executable_graph::get_source_graph_ext(api, exec).unwrap(),
            g
        );
        // The graph's events are reset before each replay (regular events).
        let other = immediate(api, ctx, env.device, ASYNC);
        for (i, on) in [list, other, list].into_iter().enumerate() {
            event::host_reset(api, filled).unwrap();
            event::host_reset(api, copied).unwrap();
            command_list::append_graph_ext(api, on, exec, null(), null_mut(), 0, null_mut())
                .unwrap();
            event::host_synchronize(api, copied, u64::MAX).unwrap();
            let want = (2 * (i + 1)) as f32;
            assert_eq!(read(copy, 4), want.to_le_bytes(), "replay {i}");
        }
        // A replay is no graph to capture into a regular list.
        let regular = regular_list(api, ctx, env.device, 0);
        expect(
            command_list::append_graph_ext(api, regular, exec, null(), null_mut(), 0, null_mut()),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, regular).unwrap();
        // A synchronous list cannot capture.
        let sync = immediate(api, ctx, env.device, SYNC);
        expect(
            command_list::begin_graph_capture_ext(api, sync, null()),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, sync).unwrap();

        // The graph outlives no executable graph of it.
        expect(
            graph::destroy_ext(api, g),
            ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
        );
        let dot = std::env::temp_dir().join(format!("graph-{}.dot", std::process::id()));
        let path = std::ffi::CString::new(dot.to_str().unwrap()).unwrap();
        graph::dump_contents_ext(api, g, path.as_ptr(), null()).unwrap();
        let text = std::fs::read_to_string(&dot).unwrap();
        assert!(
            text.contains("kernel launch") && text.contains("memory copy"),
            "{text}"
        );
        std::fs::remove_file(dot).unwrap();
        command_list::host_synchronize(api, list, u64::MAX).unwrap();
        command_list::host_synchronize(api, other, u64::MAX).unwrap();
        executable_graph::destroy_ext(api, exec).unwrap();
        let before = DESTROYED.load(Ordering::SeqCst);
        graph::destroy_ext(api, g).unwrap();
        assert_eq!(DESTROYED.load(Ordering::SeqCst), before + 1);

        command_list::destroy(api, other).unwrap();
        command_list::destroy(api, list).unwrap();
        drop(events);
        kernel::destroy(api, k).unwrap();
        module::destroy(api, m).unwrap();
        for p in [xs, ys, copy] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}

/// Capture into a graph made with `zeGraphCreateExt`, with a fork: a second list that waits
/// for an event the capture records joins it, and the primary list joins back; the replay runs
/// both lists' commands.
pub fn graph_forks(env: &Env) {
    let Some(api) = at_least(env, ze_api_version_t::ZE_API_VERSION_1_17, "graph forks") else {
        return;
    };
    const SIZE: usize = 4096;
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let g = graph::create_ext(api, ctx, null()).unwrap();
        expect(graph::is_empty_ext(api, g), QUERY_TRUE);
        let (events, [forked, joined, done]) = EventPool::<3>::host_visible(api, ctx);
        let a = host_mem(api, ctx, SIZE);
        let b = host_mem(api, ctx, SIZE);
        let c = host_mem(api, ctx, SIZE);
        let primary = immediate(api, ctx, env.device, ASYNC);
        let child = immediate(api, ctx, env.device, ASYNC);
        command_list::begin_capture_into_graph_ext(api, primary, g, null()).unwrap();
        let byte = 0x6Bu8;
        command_list::append_memory_fill(
            api,
            primary,
            a,
            (&byte as *const u8).cast(),
            1,
            SIZE,
            forked,
            0,
            null_mut(),
        )
        .unwrap();
        // The fork: `child` waits for a recorded signal, so it records too.
        command_list::append_memory_copy(api, child, b, a, SIZE, joined, 1, &mut { forked })
            .unwrap();
        expect(
            command_list::is_graph_capture_enabled_ext(api, child),
            QUERY_TRUE,
        );
        // The join, then more work on the primary list.
        command_list::append_memory_copy(api, primary, c, b, SIZE, done, 1, &mut { joined })
            .unwrap();
        // Only the primary list ends the capture.
        expect(
            command_list::end_graph_capture_ext(api, child, null()),
            ze_result_t::ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING,
        );
        assert_eq!(
            command_list::end_graph_capture_ext(api, primary, null()).unwrap(),
            g
        );
        expect(
            command_list::is_graph_capture_enabled_ext(api, child),
            QUERY_FALSE,
        );
        assert!(read(c, SIZE).iter().all(|&v| v == 0));
        let exec = graph::instantiate_ext(api, g, null()).unwrap();
        command_list::append_graph_ext(api, primary, exec, null(), null_mut(), 0, null_mut())
            .unwrap();
        event::host_synchronize(api, done, u64::MAX).unwrap();
        assert!(read(c, SIZE).iter().all(|&v| v == 0x6B));
        // A graph that was captured into cannot be captured into again.
        expect(
            command_list::begin_capture_into_graph_ext(api, child, g, null()),
            INVALID_ARGUMENT,
        );
        command_list::host_synchronize(api, primary, u64::MAX).unwrap();
        executable_graph::destroy_ext(api, exec).unwrap();
        graph::destroy_ext(api, g).unwrap();
        command_list::destroy(api, child).unwrap();
        command_list::destroy(api, primary).unwrap();
        drop(events);
        for p in [a, b, c] {
            mem::free(api, ctx, p).unwrap();
        }
        context::destroy(api, ctx).unwrap();
    }
}
