//! Hand-built modules, for shapes clang does not emit: an OpenCL kernel module skeleton
//! assembled with rspirv, its words ready for `Module::from_bytes`.

use rspirv::dr::{Builder, Operand};
use rspirv::spirv::{
    AddressingModel, Capability, Decoration, ExecutionModel, FunctionControl, MemoryModel,
    StorageClass, Word,
};

/// Ids of the types every skeleton declares.
pub struct Common {
    pub void: Word,
    pub int: Word,
    pub long: Word,
    pub float: Word,
    /// `global int*`.
    pub int_ptr: Word,
}

/// A builder for an OpenCL SPIR-V module of `version` (major, minor), with the Addresses,
/// Kernel and Int64 capabilities, the Physical64 addressing model and the common types.
pub fn skeleton(version: (u8, u8)) -> (Builder, Common) {
    let mut b = Builder::new();
    b.set_version(version.0, version.1);
    for c in [Capability::Addresses, Capability::Kernel, Capability::Int64] {
        b.capability(c);
    }
    b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
    let void = b.type_void();
    let int = b.type_int(32, 0);
    let long = b.type_int(64, 0);
    let float = b.type_float(32, None);
    let int_ptr = b.type_pointer(None, StorageClass::CrossWorkgroup, int);
    let common = Common {
        void,
        int,
        long,
        float,
        int_ptr,
    };
    (b, common)
}

/// Adds a kernel `name(global int* out)` whose body `body(builder, common, out)` emits the
/// instructions of its one block (the `OpReturn` is added after it).
pub fn kernel(
    b: &mut Builder,
    c: &Common,
    name: &str,
    body: impl FnOnce(&mut Builder, &Common, Word),
) -> Word {
    let fn_ty = b.type_function(c.void, vec![c.int_ptr]);
    let f = b
        .begin_function(c.void, None, FunctionControl::NONE, fn_ty)
        .unwrap();
    let out = b.function_parameter(c.int_ptr).unwrap();
    b.begin_block(None).unwrap();
    body(b, c, out);
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Kernel, f, name, vec![]);
    b.name(f, name);
    f
}

/// Decorates `id` as the built-in `builtin`.
pub fn builtin(b: &mut Builder, id: Word, builtin: rspirv::spirv::BuiltIn) {
    b.decorate(id, Decoration::BuiltIn, vec![Operand::BuiltIn(builtin)]);
}

/// The module's words as bytes.
pub fn bytes(b: Builder) -> Vec<u8> {
    use rspirv::binary::Assemble;
    b.module()
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}
