//! The `extern "C"` entry points of `zes` (see [`crate::zes`]).

use crate::abi::*;
use crate::device::device;
use crate::zes::*;
use level_zero_sys::ddi::names;
use level_zero_sys::*;

pub unsafe extern "C" fn device_enum_memory_modules(
    dev: zes_device_handle_t,
    count: *mut u32,
    modules: *mut zes_mem_handle_t,
) -> ze_result_t {
    entry(names::zesDeviceEnumMemoryModules, || {
        let device_obj = device(dev.cast())?;
        let module = module_of(dev as usize, device_obj);
        // SAFETY: count/modules follow the spec's count-and-array protocol.
        unsafe { write_array(count, modules, &[module]) }
    })
}

pub unsafe extern "C" fn memory_get_properties(
    h: zes_mem_handle_t,
    props: *mut zes_mem_properties_t,
) -> ze_result_t {
    entry(names::zesMemoryGetProperties, || {
        let m = module(h)?;
        // SAFETY: the caller's structure, null rejected.
        let p = unsafe { props.as_mut() }.ok_or(NULL_POINTER)?;
        ensure(
            p.stype == zes_structure_type_t::ZES_STRUCTURE_TYPE_MEM_PROPERTIES,
            INVALID_ARGUMENT,
        )?;
        p.type_ = zes_mem_type_t::ZES_MEM_TYPE_DDR;
        p.onSubdevice = m.device.sub.is_some() as ze_bool_t;
        p.subdeviceId = m.device.sub.unwrap_or(0);
        p.location = zes_mem_loc_t::ZES_MEM_LOC_DEVICE;
        p.physicalSize = m.device.memory.capacity;
        p.busWidth = -1;
        p.numChannels = -1;
        Ok(())
    })
}

pub unsafe extern "C" fn memory_get_state(
    h: zes_mem_handle_t,
    state: *mut zes_mem_state_t,
) -> ze_result_t {
    entry(names::zesMemoryGetState, || {
        let m = module(h)?;
        // SAFETY: the caller's structure, null rejected.
        let s = unsafe { state.as_mut() }.ok_or(NULL_POINTER)?;
        ensure(
            s.stype == zes_structure_type_t::ZES_STRUCTURE_TYPE_MEM_STATE,
            INVALID_ARGUMENT,
        )?;
        s.health = zes_mem_health_t::ZES_MEM_HEALTH_OK;
        s.size = m.device.memory.capacity;
        s.free = m.device.memory.free();
        Ok(())
    })
}
