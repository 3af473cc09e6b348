//! The API minor version at which each entry of each `ze` DDI table appeared, in field order
//! (Level Zero v1.4 headers; later entries are always appended). A getter asked for version
//! `1.n` writes only the entries with a minor version `<= n`: the caller's table may be that old.

pub const GLOBAL: &[u8] = &[0];
pub const DRIVER: &[u8] = &[0, 0, 0, 0, 0, 1];
pub const DEVICE: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 2, 3];
pub const DEVICE_EXP: &[u8] = &[4];
pub const CONTEXT: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 0, 1];
pub const COMMAND_QUEUE: &[u8] = &[0, 0, 0, 0];
pub const COMMAND_LIST: &[u8] = &[
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3,
];
pub const IMAGE: &[u8] = &[0, 0, 0, 3];
pub const IMAGE_EXP: &[u8] = &[2, 2];
pub const FENCE: &[u8] = &[0, 0, 0, 0, 0];
pub const EVENT_POOL: &[u8] = &[0, 0, 0, 0, 0];
pub const EVENT: &[u8] = &[0, 0, 0, 0, 0, 0, 0];
pub const EVENT_EXP: &[u8] = &[2];
pub const MODULE: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 0, 3];
pub const MODULE_BUILD_LOG: &[u8] = &[0, 0];
pub const KERNEL: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
pub const KERNEL_EXP: &[u8] = &[1, 2];
pub const SAMPLER: &[u8] = &[0, 0];
pub const PHYSICAL_MEM: &[u8] = &[0, 0];
pub const MEM: &[u8] = &[0, 0, 0, 0, 0, 0, 0, 0, 0, 3];
pub const VIRTUAL_MEM: &[u8] = &[0, 0, 0, 0, 0, 0, 0];
pub const FABRIC_VERTEX_EXP: &[u8] = &[4, 4, 4, 4];
pub const FABRIC_EDGE_EXP: &[u8] = &[4, 4, 4];
