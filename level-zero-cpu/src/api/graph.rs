//! The `extern "C"` entry points of `graph` (see [`crate::graph`]): the record and replay
//! graph extension, including its command list entries.

use crate::abi::*;
use crate::command_list::{command_list, Capture, ListKind};
use crate::context::context;
use crate::event::{signal_event, wait_list};
use crate::graph::{ExecutableGraph, Graph};
use crate::handle;
use level_zero_sys::ddi::names;
use level_zero_sys::*;
use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::Ordering;
use std::sync::Arc;

const NOT_CAPTURING: ze_result_t = ze_result_t::ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING;

/// `ZE_RESULT_QUERY_TRUE` or `ZE_RESULT_QUERY_FALSE`.
fn query(answer: bool) -> ZeResult {
    Err(if answer {
        ze_result_t::ZE_RESULT_QUERY_TRUE
    } else {
        ze_result_t::ZE_RESULT_QUERY_FALSE
    })
}

fn graph(handle: ze_graph_handle_t) -> ZeResult<Arc<Graph>> {
    crate::driver::initialised()?;
    handle::get::<Graph, _>(handle)
}

fn executable(handle: ze_executable_graph_handle_t) -> ZeResult<Arc<ExecutableGraph>> {
    crate::driver::initialised()?;
    handle::get::<ExecutableGraph, _>(handle)
}

pub unsafe extern "C" fn graph_create(
    ctx: ze_context_handle_t,
    _next: *const c_void,
    out: *mut ze_graph_handle_t,
) -> ze_result_t {
    entry(names::zeGraphCreateExt, || {
        let ctx = context(ctx)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let g = Graph::new(ctx.id(), Arc::new(Capture::default()));
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(g), ctx.id())) };
        Ok(())
    })
}

pub unsafe extern "C" fn begin_graph_capture(
    list: ze_command_list_handle_t,
    _next: *const c_void,
) -> ze_result_t {
    entry(names::zeCommandListBeginGraphCaptureExt, || {
        let l = command_list(list)?;
        let capture = Arc::new(Capture::default());
        Capture::begin(&l, &capture)?;
        let g = Graph::new(l.context, capture.clone());
        g.primary.store(list as usize, Ordering::Release);
        let h: ze_graph_handle_t = handle::create(Arc::new(g), l.context);
        capture.graph.store(h as usize, Ordering::Release);
        Ok(())
    })
}

pub unsafe extern "C" fn begin_capture_into_graph(
    list: ze_command_list_handle_t,
    g: ze_graph_handle_t,
    _next: *const c_void,
) -> ze_result_t {
    entry(names::zeCommandListBeginCaptureIntoGraphExt, || {
        let l = command_list(list)?;
        let graph = graph(g)?;
        Capture::begin(&l, &graph.capture)?;
        graph.primary.store(list as usize, Ordering::Release);
        graph.capture.graph.store(g as usize, Ordering::Release);
        Ok(())
    })
}

pub unsafe extern "C" fn is_graph_capture_enabled(list: ze_command_list_handle_t) -> ze_result_t {
    entry(names::zeCommandListIsGraphCaptureEnabledExt, || {
        query(command_list(list)?.capture().is_some())
    })
}

pub unsafe extern "C" fn end_graph_capture(
    list: ze_command_list_handle_t,
    _next: *const c_void,
    out: *mut ze_graph_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListEndGraphCaptureExt, || {
        let l = command_list(list)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let capture = l.capture().ok_or(NOT_CAPTURING)?;
        capture.end(&l)?;
        let h = capture.graph.load(Ordering::Acquire) as ze_graph_handle_t;
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(h) };
        Ok(())
    })
}

pub unsafe extern "C" fn get_graph(
    list: ze_command_list_handle_t,
    out: *mut ze_graph_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListGetGraphExt, || {
        let l = command_list(list)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let capture = l.capture();
        let h = capture
            .as_ref()
            .map_or(0, |c| c.graph.load(Ordering::Acquire));
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(h as ze_graph_handle_t) };
        ensure(capture.is_some(), NOT_CAPTURING)
    })
}

pub unsafe extern "C" fn graph_get_primary_command_list(
    g: ze_graph_handle_t,
    out: *mut ze_command_list_handle_t,
) -> ze_result_t {
    entry(names::zeGraphGetPrimaryCommandListExt, || {
        let h = graph(g)?.primary.load(Ordering::Acquire);
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, h as ze_command_list_handle_t) }
    })
}

pub unsafe extern "C" fn graph_set_destruction_callback(
    g: ze_graph_handle_t,
    callback: zex_mem_graph_free_callback_fn_t,
    data: *mut c_void,
    _next: *const c_void,
) -> ze_result_t {
    entry(names::zeGraphSetDestructionCallbackExt, || {
        let graph = graph(g)?;
        let callback = callback.ok_or(NULL_POINTER)?;
        graph.on_destroy(callback, data as usize);
        Ok(())
    })
}

pub unsafe extern "C" fn graph_instantiate(
    g: ze_graph_handle_t,
    _next: *const c_void,
    out: *mut ze_executable_graph_handle_t,
) -> ze_result_t {
    entry(names::zeGraphInstantiateExt, || {
        let graph = graph(g)?;
        ensure(!out.is_null(), NULL_POINTER)?;
        let context = graph.context;
        let exec = ExecutableGraph::instantiate(graph, g as usize)?;
        // SAFETY: `out` non-null and writable by contract.
        unsafe { out.write(handle::create(Arc::new(exec), context)) };
        Ok(())
    })
}

pub unsafe extern "C" fn append_graph(
    list: ze_command_list_handle_t,
    exec: ze_executable_graph_handle_t,
    _next: *const c_void,
    signal: ze_event_handle_t,
    n: u32,
    waits: *mut ze_event_handle_t,
) -> ze_result_t {
    entry(names::zeCommandListAppendGraphExt, || {
        let l = command_list(list)?;
        let exec = executable(exec)?;
        ensure(
            matches!(l.kind, ListKind::Immediate { .. }),
            INVALID_ARGUMENT,
        )?;
        let signal = signal_event(signal)?;
        ensure(n == 0 || !waits.is_null(), INVALID_SIZE)?;
        // SAFETY: the caller passes `n` handles.
        let waits = unsafe { wait_list(n, waits)? };
        exec.replay(&l, signal, waits)
    })
}

pub unsafe extern "C" fn executable_graph_get_source_graph(
    exec: ze_executable_graph_handle_t,
    out: *mut ze_graph_handle_t,
) -> ze_result_t {
    entry(names::zeExecutableGraphGetSourceGraphExt, || {
        let source = executable(exec)?.source;
        // SAFETY: out-pointer from the caller, checked for null by `write`.
        unsafe { write(out, source as ze_graph_handle_t) }
    })
}

pub unsafe extern "C" fn graph_is_empty(g: ze_graph_handle_t) -> ze_result_t {
    entry(names::zeGraphIsEmptyExt, || {
        query(graph(g)?.capture.is_empty())
    })
}

/// Writes the graph as DOT: one node per recorded command, in the order replays run them.
pub unsafe extern "C" fn graph_dump_contents(
    g: ze_graph_handle_t,
    path: *const c_char,
    _next: *const c_void,
) -> ze_result_t {
    entry(names::zeGraphDumpContentsExt, || {
        let graph = graph(g)?;
        ensure(!path.is_null(), NULL_POINTER)?;
        // SAFETY: a non-null path is a NUL-terminated string by contract.
        let path = unsafe { CStr::from_ptr(path) }
            .to_string_lossy()
            .into_owned();
        let names = graph.capture.command_names();
        let mut dot = String::from("digraph graph {\n");
        for (i, name) in names.iter().enumerate() {
            dot.push_str(&format!("  n{i} [label=\"{i}: {name}\"];\n"));
            if i > 0 {
                dot.push_str(&format!("  n{} -> n{i};\n", i - 1));
            }
        }
        dot.push_str("}\n");
        std::fs::write(&path, dot).map_err(|e| {
            explain(format!("{path}: {e}"));
            INVALID_ARGUMENT
        })
    })
}

pub unsafe extern "C" fn executable_graph_destroy(
    exec: ze_executable_graph_handle_t,
) -> ze_result_t {
    entry(names::zeExecutableGraphDestroyExt, || {
        crate::driver::initialised()?;
        handle::destroy::<ExecutableGraph, _>(exec).map(drop)
    })
}

/// Destroys a graph that no executable graph and no capture in progress uses
/// (`HANDLE_OBJECT_IN_USE` otherwise).
pub unsafe extern "C" fn graph_destroy(g: ze_graph_handle_t) -> ze_result_t {
    entry(names::zeGraphDestroyExt, || {
        if handle::is_orphan::<Graph, _>(g) {
            return handle::destroy::<Graph, _>(g).map(drop);
        }
        let graph = graph(g)?;
        ensure(
            graph.instances.load(Ordering::Acquire) == 0 && !graph.capture.is_recording(),
            ze_result_t::ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE,
        )?;
        drop(graph);
        handle::destroy::<Graph, _>(g).map(drop)
    })
}
