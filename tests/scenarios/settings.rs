//! The 1.17 getters of what queues and lists were created with: flags, mode, priority.

use super::newer::at_least;
use super::{Env, ASYNC, SYNC};
use crate::common::raw::*;
use level_zero_sys::calls::{command_list, command_queue, context};
use level_zero_sys::*;

pub fn queue_and_list_settings(env: &Env) {
    let Some(api) = at_least(
        env,
        ze_api_version_t::ZE_API_VERSION_1_17,
        "queue and list settings",
    ) else {
        return;
    };
    // SAFETY: the suite's convention (see `scenarios`): live handles of `api`, valid pointers.
    unsafe {
        let ctx = env.context();
        let in_order =
            ze_command_queue_flags_t(ze_command_queue_flag_t::ZE_COMMAND_QUEUE_FLAG_IN_ORDER.0);
        let low = ze_command_queue_priority_t::ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW;
        let desc = ze_command_queue_desc_t {
            flags: in_order,
            mode: SYNC,
            priority: low,
            ..Default::default()
        };
        let queue = command_queue::create(api, ctx, env.device, &desc).unwrap();
        assert_eq!(command_queue::get_flags(api, queue).unwrap(), in_order);
        assert_eq!(command_queue::get_mode(api, queue).unwrap(), SYNC);
        assert_eq!(command_queue::get_priority(api, queue).unwrap(), low);
        command_queue::destroy(api, queue).unwrap();

        let desc = ze_command_queue_desc_t {
            flags: in_order,
            mode: ASYNC,
            priority: low,
            ..Default::default()
        };
        let imm = command_list::create_immediate(api, ctx, env.device, &desc).unwrap();
        assert_eq!(
            command_list::immediate_get_flags(api, imm).unwrap(),
            in_order
        );
        assert_eq!(command_list::immediate_get_mode(api, imm).unwrap(), ASYNC);
        assert_eq!(command_list::immediate_get_priority(api, imm).unwrap(), low);
        assert_eq!(command_list::get_flags(api, imm).unwrap().0, 0);

        let flags =
            ze_command_list_flags_t(ze_command_list_flag_t::ZE_COMMAND_LIST_FLAG_IN_ORDER.0);
        let desc = ze_command_list_desc_t {
            flags,
            ..Default::default()
        };
        let regular = command_list::create(api, ctx, env.device, &desc).unwrap();
        assert_eq!(command_list::get_flags(api, regular).unwrap(), flags);
        // A regular list has no queue settings.
        expect(
            command_list::immediate_get_mode(api, regular),
            INVALID_ARGUMENT,
        );
        command_list::destroy(api, regular).unwrap();
        command_list::destroy(api, imm).unwrap();
        context::destroy(api, ctx).unwrap();
    }
}
