//! `Default` for every struct with an `stype`: all zero, with its structure type filled in
//! (as ash does for Vulkan). The structure type is found by name: `ze_context_desc_t` takes
//! `ZE_STRUCTURE_TYPE_CONTEXT_DESC`; the few the headers name irregularly are listed in
//! [`IRREGULAR`], and a struct matching nothing stops the generator.

use crate::api::{type_text, Api};
use crate::Result;
use std::fmt::Write;

/// Structs whose structure type does not follow from their name: `(struct, constant)`, with
/// `None` for the base structs every extension starts with (they have no type of their own and
/// keep bindgen's all-zero `Default`). Each entry is checked to be needed and to name a constant.
const IRREGULAR: &[(&str, Option<&str>)] = &[
    (
        "_ze_context_power_saving_hint_exp_desc_t",
        Some("ZE_STRUCTURE_TYPE_POWER_SAVING_HINT_EXP_DESC"),
    ),
    (
        "_ze_external_memory_export_win32_handle_t",
        Some("ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_WIN32"),
    ),
    (
        "_ze_external_memory_import_win32_handle_t",
        Some("ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_WIN32"),
    ),
    (
        "_ze_image_memory_properties_exp_t",
        Some("ZE_STRUCTURE_TYPE_IMAGE_MEMORY_EXP_PROPERTIES"),
    ),
    (
        "_ze_command_list_append_launch_kernel_param_cooperative_desc_t",
        Some("ZE_STRUCTURE_TYPE_COMMAND_LIST_APPEND_PARAM_COOPERATIVE_DESC"),
    ),
    (
        "_ze_device_cache_line_size_ext_t",
        Some("ZE_STRUCTURE_TYPE_DEVICE_CACHELINE_SIZE_EXT"),
    ),
    (
        "_ze_device_pitched_alloc_exp_properties_t",
        Some("ZE_STRUCTURE_TYPE_PITCHED_ALLOC_DEVICE_EXP_PROPERTIES"),
    ),
    (
        "_ze_event_pool_counter_based_exp_desc_t",
        Some("ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC"),
    ),
    (
        "_ze_image_bindless_exp_desc_t",
        Some("ZE_STRUCTURE_TYPE_BINDLESS_IMAGE_EXP_DESC"),
    ),
    (
        "_ze_image_pitched_exp_desc_t",
        Some("ZE_STRUCTURE_TYPE_PITCHED_IMAGE_EXP_DESC"),
    ),
    (
        "_ze_kernel_allocation_exp_properties_t",
        Some("ZE_STRUCTURE_TYPE_KERNEL_ALLOCATION_PROPERTIES"),
    ),
    (
        "_ze_kernel_max_group_size_properties_ext_t",
        Some("ZE_STRUCTURE_TYPE_KERNEL_MAX_GROUP_SIZE_EXT_PROPERTIES"),
    ),
    (
        "_ze_validate_runtime_requirements_output_t",
        Some("ZE_STRUCTURE_TYPE_RUNTIME_REQUIREMENTS_OUTPUT"),
    ),
    (
        "_zes_mem_page_offline_state_exp_t",
        Some("ZES_STRUCTURE_TYPE_MEMORY_PAGE_OFFLINE_STATE_EXP"),
    ),
    (
        "_zet_export_dma_buf_exp_properties_t",
        Some("ZET_STRUCTURE_TYPE_EXPORT_DMA_EXP_PROPERTIES"),
    ),
    ("_ze_base_cb_params_t", None),
    ("_zes_base_capability_t", None),
    ("_ze_base_desc_t", None),
    ("_ze_base_properties_t", None),
    ("_zes_base_config_t", None),
    ("_zes_base_desc_t", None),
    ("_zes_base_properties_t", None),
    ("_zet_base_desc_t", None),
    ("_zet_base_properties_t", None),
];

/// One struct and the structure type its `Default` fills in.
pub struct Stype {
    /// The typedef name, e.g. `ze_context_desc_t`.
    pub alias: String,
    /// The `_`-prefixed struct name bindgen uses.
    pub name: String,
    /// The enum type of its `stype` field, e.g. `ze_structure_type_t`.
    pub enum_type: String,
    /// The constant, e.g. `ZE_STRUCTURE_TYPE_CONTEXT_DESC`.
    pub constant: String,
}

/// Every struct with an `stype` and a structure type of its own.
pub fn mapping(api: &Api) -> Result<Vec<Stype>> {
    let mut found = Vec::new();
    let mut unmatched = Vec::new();
    let mut used_irregular = Vec::new();
    for name in api.stype_structs() {
        let stype = api
            .fields(&name)?
            .iter()
            .find(|f| f.name == "stype")
            .expect("an stype struct has an stype field");
        let enum_type = type_text(&stype.ty);
        let prefix = enum_type
            .strip_suffix("_structure_type_t")
            .ok_or_else(|| format!("{name}.stype has type {enum_type}, not a structure type"))?;
        let constants = api.constants(&format!("_{enum_type}"))?;
        let alias = name.trim_start_matches('_').to_string();
        let regular = format!(
            "{}_STRUCTURE_TYPE_{}",
            prefix.to_uppercase(),
            alias
                .strip_prefix(&format!("{prefix}_"))
                .unwrap_or(&alias)
                .trim_end_matches("_t")
                .to_uppercase()
        );
        let irregular = IRREGULAR.iter().find(|(n, _)| *n == name);
        let constant = match irregular {
            Some((_, listed)) => {
                used_irregular.push(name.clone());
                if constants.iter().any(|c| c.name == regular) {
                    return Err(format!(
                        "{name} is listed as irregular but {regular} matches its name"
                    ));
                }
                match listed {
                    None => continue,
                    Some(c) => (*c).to_string(),
                }
            }
            None => regular,
        };
        if !constants.iter().any(|c| c.name == constant) {
            unmatched.push(format!("{name} (no {constant})"));
            continue;
        }
        found.push(Stype {
            alias,
            name,
            enum_type,
            constant,
        });
    }
    if !unmatched.is_empty() {
        return Err(format!(
            "structs with an stype but no structure type (add them to IRREGULAR in xtask/src/defaults.rs): {}",
            unmatched.join(", ")
        ));
    }
    for (i, s) in found.iter().enumerate() {
        if let Some(other) = found[..i].iter().find(|o| o.constant == s.constant) {
            return Err(format!(
                "{} and {} would both take {}",
                other.name, s.name, s.constant
            ));
        }
    }
    if let Some((unused, _)) = IRREGULAR
        .iter()
        .find(|(n, _)| !used_irregular.iter().any(|u| u == n))
    {
        return Err(format!(
            "{unused} is listed in IRREGULAR but has no stype field"
        ));
    }
    Ok(found)
}

/// `defaults.rs`: [`Stype`] and `Default` for every struct with a structure type.
pub fn generate(stypes: &[Stype]) -> String {
    let mut out = String::from(
        r#"// Generated by `cargo xtask codegen` from the Level Zero headers. Do not edit.
//! The structure type of every struct that has one ([`Stype`](crate::Stype)), and its
//! `Default`: all fields zero, `stype` set.

use crate::*;

macro_rules! stypes {
    ($($ty:ident = $kind:ident::$stype:ident;)*) => {$(
        impl Stype for $ty {
            type Kind = $kind;
            const STYPE: $kind = $kind::$stype;
            fn stype(&self) -> $kind {
                self.stype
            }
        }

        impl Default for $ty {
            fn default() -> Self {
                // SAFETY: the struct is plain C data (integers, newtypes over integers, raw
                // pointers, optional function pointers, and arrays and unions of those), for
                // which all bits zero is a valid value.
                let mut value: Self = unsafe { core::mem::zeroed() };
                value.stype = Self::STYPE;
                value
            }
        }
    )*};
}

stypes! {
"#,
    );
    for s in stypes {
        let _ = writeln!(out, "    {} = {}::{};", s.alias, s.enum_type, s.constant);
    }
    out.push_str("}\n");
    out
}
