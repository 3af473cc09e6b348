//! Parameter types read from SPIR-V: the corpus's kernels and hand-built modules.

use super::*;
use crate::arg_type::ArgType;

fn kernels(file: &str) -> HashMap<String, Vec<ParamType>> {
    let path = format!("{}/../kernels/spv/{file}", env!("CARGO_MANIFEST_DIR"));
    read(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn saxpy_reads_value_const_pointer_and_pointer() {
    let k = kernels("saxpy-O2.spv");
    let f32p = |writable| ParamType::Pointer {
        space: AddressSpace::Global,
        elem: ElemType::Float { bits: 32 },
        writable,
    };
    assert_eq!(
        k["saxpy"],
        [
            ParamType::Value(ElemType::Float { bits: 32 }),
            f32p(false),
            f32p(true)
        ]
    );
    assert_eq!(k["saxpy"][1].to_string(), "global const float*");
}

/// A kernel `k(int* p, struct s* q [ByVal], int* r [DeviceOnlyINTEL])` with `p` a
/// `Function` pointer without `ByVal`: built with rspirv's builder.
fn pointer_classes_module() -> Vec<u8> {
    use rspirv::binary::Assemble;
    use rspirv::spirv::{AddressingModel, Capability, ExecutionModel, FunctionControl};
    let mut b = rspirv::dr::Builder::new();
    b.capability(Capability::Kernel);
    b.capability(Capability::Addresses);
    b.memory_model(
        AddressingModel::Physical64,
        rspirv::spirv::MemoryModel::OpenCL,
    );
    let void = b.type_void();
    let int = b.type_int(32, 0);
    let st = b.type_struct([int, int]);
    let p_int = b.type_pointer(None, StorageClass::Function, int);
    let p_st = b.type_pointer(None, StorageClass::Function, st);
    let p_dev = b.type_pointer(None, StorageClass::DeviceOnlyINTEL, int);
    let fty = b.type_function(void, [p_int, p_st, p_dev]);
    let f = b
        .begin_function(void, None, FunctionControl::NONE, fty)
        .unwrap();
    b.function_parameter(p_int).unwrap();
    let q = b.function_parameter(p_st).unwrap();
    b.function_parameter(p_dev).unwrap();
    b.begin_block(None).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.decorate(
        q,
        Decoration::FuncParamAttr,
        [Operand::FunctionParameterAttribute(
            FunctionParameterAttribute::ByVal,
        )],
    );
    b.entry_point(ExecutionModel::Kernel, f, "k", []);
    b.module()
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

#[test]
fn only_byval_pointers_are_values() {
    let k = &read(&pointer_classes_module()).unwrap()["k"];
    // A `Function` pointer without `ByVal` is an address the driver dereferences: a
    // pointer parameter (safe setters refuse raw bytes for it), not a value.
    assert!(
        matches!(
            k[0],
            ParamType::Pointer {
                space: AddressSpace::Private,
                ..
            }
        ),
        "{:?}",
        k[0]
    );
    assert!(matches!(k[1], ParamType::Value(_)), "{:?}", k[1]);
    assert!(
        matches!(
            k[2],
            ParamType::Pointer {
                space: AddressSpace::Global,
                ..
            }
        ),
        "{:?}",
        k[2]
    );
}

#[test]
fn modules_with_function_pointer_constants_are_read() {
    // `OpConstantFunctionPointerINTEL` (which rspirv cannot place) is skipped.
    for file in ["function_pointers-O0.spv", "function_pointers-O2.spv"] {
        let path = format!("{}/../kernels/spv/{file}", env!("CARGO_MANIFEST_DIR"));
        assert!(read(&std::fs::read(path).unwrap()).is_some(), "{file}");
    }
}

fn global(elem: ElemType, writable: bool) -> ParamType {
    ParamType::Pointer {
        space: AddressSpace::Global,
        elem,
        writable,
    }
}

fn aggregate(size: usize, align: usize, name: &'static str) -> ElemType {
    ElemType::Aggregate { size, align, name }
}

#[test]
fn struct_pointees_have_size_alignment_and_members() {
    for opt in ["O0", "O2"] {
        let k = kernels(&format!("structs-{opt}.spv"));
        let body = aggregate(16, 4, "struct body_t { float[3], float }");
        assert_eq!(k["body_step"][0], global(body, true), "{opt}");
        let particle = "struct particle_t { float, float, float, float, int, int }";
        assert_eq!(k["aos_update"][0], global(aggregate(24, 4, particle), true));
        // (`const` is marked at -O2 only.)
        let pointee = |p: ParamType| match p {
            ParamType::Pointer { elem, .. } => elem,
            ParamType::Value(_) => panic!("{p} is not a pointer"),
        };
        assert_eq!(pointee(k["aos_gather"][0]), aggregate(24, 4, particle));
        // Array lengths are 64-bit constants.
        let nlist = aggregate(28, 4, "struct nlist_t { int, int[5], int }");
        assert_eq!(pointee(k["struct_array_member"][0]), nlist);
        let node = aggregate(24, 8, "struct node_t { float, int[2], double }");
        assert_eq!(pointee(k["struct_array_member_node"][0]), node);
        let mixed = aggregate(32, 16, "struct mixed_t { int4, char, long }");
        assert_eq!(k["struct_mixed_by_value"][2], ParamType::Value(mixed));
    }
    let k = kernels("structs-O2.spv");
    assert_eq!(
        k["body_step"][0].to_string(),
        "global struct body_t { float[3], float }*"
    );
}

/// A module with kernel `k` taking a global pointer to struct `{ char, float }`, packed or
/// not, or (`cyclic`) to a struct that contains itself.
fn struct_module(packed: bool, cyclic: bool) -> Vec<u8> {
    use rspirv::spirv::{
        AddressingModel, Capability, ExecutionModel, FunctionControl, MemoryModel,
    };
    let mut b = rspirv::dr::Builder::new();
    b.capability(Capability::Addresses);
    b.capability(Capability::Kernel);
    b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
    let void = b.type_void();
    let (char_t, float_t) = (b.type_int(8, 0), b.type_float(32, None));
    let st = if cyclic {
        let id = b.id();
        b.type_struct_id(Some(id), [float_t, id])
    } else {
        b.type_struct([char_t, float_t])
    };
    if packed {
        b.decorate(st, Decoration::CPacked, []);
    }
    let ptr = b.type_pointer(None, StorageClass::CrossWorkgroup, st);
    let fn_t = b.type_function(void, [ptr]);
    let f = b
        .begin_function(void, None, FunctionControl::NONE, fn_t)
        .unwrap();
    b.function_parameter(ptr).unwrap();
    b.begin_block(None).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(ExecutionModel::Kernel, f, "k", []);
    use rspirv::binary::Assemble;
    b.module()
        .assemble()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}

#[test]
fn packed_structs_have_no_padding() {
    let read_k = |packed| read(&struct_module(packed, false)).unwrap()["k"][0];
    let padded = aggregate(8, 4, "struct { char, float }");
    assert_eq!(read_k(false), global(padded, true));
    let packed = aggregate(5, 1, "struct packed { char, float }");
    assert_eq!(read_k(true), global(packed, true));
}

#[test]
fn a_struct_containing_itself_is_opaque() {
    let k = read(&struct_module(false, true)).unwrap();
    assert_eq!(k["k"][0], global(ElemType::Opaque { size: None }, true));
}

#[test]
fn host_types_are_compared_by_size_and_alignment() {
    #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
    #[repr(C)]
    struct Body {
        pos: [f32; 3],
        m: f32,
    }
    #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
    #[repr(C, align(16))]
    struct Body16 {
        pos: [f32; 3],
        m: f32,
    }
    let body = aggregate(16, 4, "struct body_t { float[3], float }");
    let float4 = <[f32; 4]>::TYPE;
    let of_body = ElemType::of::<Body>();
    assert_eq!(
        of_body.to_string(),
        format!("{} (16 bytes, align 4)", std::any::type_name::<Body>())
    );
    assert!(body.accepts(of_body));
    assert!(body.accepts(float4)); // 16 bytes, lanes aligned to 4
    assert!(body.accepts(ElemType::of::<Body16>()));
    assert!(!body.accepts(ElemType::of::<[f32; 3]>()));
    assert!(!body.accepts(f32::TYPE));
    // A float4 pointee is aligned to 16 bytes.
    assert!(!float4.accepts(of_body));
    assert!(float4.accepts(ElemType::of::<Body16>()));
    assert!(float4.accepts(<[f32; 4]>::TYPE));
    assert!(!float4.accepts(<[i32; 4]>::TYPE));
    let note = float4.layout_note(of_body).unwrap();
    assert_eq!(
        note,
        "16-byte elements, align 16: give the Rust type #[repr(C, align(16))]"
    );
    assert_eq!(float4.layout_note(<[i32; 4]>::TYPE), None);
    // `char` and opaque pointees take anything.
    assert!(u8::TYPE.accepts(of_body));
    assert!(ElemType::Opaque { size: Some(8) }.accepts(of_body));
}

#[test]
fn local_parameters_are_local_pointers() {
    let k = kernels("local_mem-O2.spv");
    assert!(matches!(
        k["local_param_reverse"][2],
        ParamType::Pointer {
            space: AddressSpace::Local,
            elem: ElemType::Float { bits: 32 },
            ..
        }
    ));
}
