//! SPIR-V types: how many value slots each occupies and its byte layout in memory
//! (OpenCL C rules: natural alignment, 3-component vectors sized as 4).

use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::HashMap;

/// A type's shape.
#[derive(Clone, Debug)]
pub enum Shape {
    Void,
    Scalar(Scalar),
    Vector(Scalar, u32),
    Array(Word, u32),
    Struct(Vec<Word>),
    Pointer(StorageClass, Word),
    /// Function types, opaque types: no values.
    Other,
    /// A type of a feature the executor does not implement (images, samplers, pipes, queues),
    /// named: a module may declare it, a kernel that uses a value of it does not build.
    Unsupported(&'static str),
}

/// One scalar of a flattened value: its slot index within the value and byte offset in memory.
#[derive(Clone, Copy, Debug)]
pub struct Leaf {
    pub offset: usize,
    pub scalar: Scalar,
}

#[derive(Clone, Debug)]
pub struct TypeInfo {
    pub shape: Shape,
    /// Number of value slots (flattened scalars).
    pub slots: usize,
    pub size: usize,
    pub align: usize,
    /// The flattened scalars in slot order.
    pub leaves: Vec<Leaf>,
    /// Byte offset of each struct member (empty for other shapes).
    pub offsets: Vec<usize>,
}

/// All types of a module.
#[derive(Default)]
pub struct Types {
    map: HashMap<Word, TypeInfo>,
    /// The `OpTypeSampler` ids: a sampler is held as a 32-bit integer of OpenCL's sampler
    /// bits ([`sampler_bits`]).
    samplers: std::collections::HashSet<Word>,
}

/// The sampler bits of an `OpConstantSampler`'s operands (addressing mode, normalized,
/// filter mode); `None` if malformed.
pub fn constant_sampler_bits(operands: &[Operand]) -> Option<u32> {
    let mode = |i: usize| match operands.get(i)? {
        Operand::SamplerAddressingMode(m) => Some(*m as u32),
        Operand::SamplerFilterMode(m) => Some(*m as u32),
        Operand::LiteralBit32(v) => Some(*v),
        _ => None,
    };
    sampler_bits(mode(0)?, mode(1)?, mode(2)?)
}

/// OpenCL's sampler bits (`CLK_NORMALIZED_COORDS_TRUE` 1, `CLK_ADDRESS_*` 0 none, 2 clamp to
/// edge, 4 clamp, 6 repeat, 8 mirrored repeat, `CLK_FILTER_NEAREST` 0x10, `CLK_FILTER_LINEAR`
/// 0x20) of SPIR-V's sampler addressing mode (0..=4), normalized flag and filter mode (0..=1),
/// as `OpConstantSampler` gives them; `None` for a value out of range.
pub fn sampler_bits(addressing: u32, normalized: u32, filter: u32) -> Option<u32> {
    (addressing <= 4 && normalized <= 1 && filter <= 1)
        .then(|| (addressing * 2) | normalized | (0x10 << filter))
}

fn word(op: &Operand) -> Result<Word, String> {
    match op {
        Operand::IdRef(w) | Operand::LiteralBit32(w) => Ok(*w),
        other => Err(format!("unexpected operand {other:?}")),
    }
}

/// The largest type the executor lays out, in bytes: larger declarations fail the build.
pub const MAX_TYPE_BYTES: usize = 1 << 30;
/// The most scalars a type may flatten to (a value's registers, an initializer's leaves).
pub const MAX_TYPE_SCALARS: usize = 1 << 22;

impl Types {
    /// Declares the type `inst` defines, if it defines one (returns whether it did). Types are
    /// declared in module order, so an array's length constant (`length` resolves it) and
    /// every member type are known when the type is laid out. `packed`: decorated `CPacked`.
    pub fn declare(
        &mut self,
        inst: &Instruction,
        packed: bool,
        length: impl FnOnce(Word) -> Option<u64>,
    ) -> Result<bool, String> {
        let Some(id) = inst.result_id else {
            return Ok(false);
        };
        let ops = &inst.operands;
        let operand = |i: usize| -> Result<Word, String> {
            word(
                ops.get(i)
                    .ok_or_else(|| format!("{:?} lacks operand {i}", inst.class.opcode))?,
            )
        };
        let shape = match inst.class.opcode {
            Op::TypeVoid => Shape::Void,
            Op::TypeBool => Shape::Scalar(Scalar::Bool),
            Op::TypeInt => Shape::Scalar(match operand(0)? {
                8 => Scalar::I8,
                16 => Scalar::I16,
                32 => Scalar::I32,
                64 => Scalar::I64,
                w => return Err(format!("OpTypeInt of width {w} is not supported")),
            }),
            Op::TypeFloat => Shape::Scalar(match operand(0)? {
                16 => Scalar::F16,
                32 => Scalar::F32,
                64 => Scalar::F64,
                w => return Err(format!("OpTypeFloat of width {w} is not supported")),
            }),
            Op::TypeVector => {
                let elem = self.scalar_of(operand(0)?)?;
                match operand(1)? {
                    n @ (2 | 3 | 4 | 8 | 16) => Shape::Vector(elem, n),
                    n => {
                        return Err(format!(
                            "OpTypeVector of {n} components (OpenCL: 2, 3, 4, 8, 16)"
                        ))
                    }
                }
            }
            Op::TypeArray => {
                let len_id = operand(1)?;
                let len = length(len_id)
                    .ok_or_else(|| format!("array length %{len_id} is not an integer constant"))?;
                let len = u32::try_from(len)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("array length {len} is out of range"))?;
                Shape::Array(operand(0)?, len)
            }
            Op::TypeRuntimeArray => Shape::Array(operand(0)?, 0),
            Op::TypeStruct => Shape::Struct(ops.iter().map(word).collect::<Result<_, _>>()?),
            Op::TypePointer => match ops.first() {
                Some(Operand::StorageClass(sc)) => Shape::Pointer(*sc, operand(1)?),
                _ => return Err("malformed OpTypePointer".into()),
            },
            // An event (of `OpGroupAsyncCopy`) is held as a 64-bit value.
            Op::TypeEvent => Shape::Scalar(Scalar::I64),
            Op::TypeFunction | Op::TypeOpaque => Shape::Other,
            Op::TypeImage | Op::TypeSampledImage => Shape::Unsupported("images"),
            Op::TypeSampler => {
                self.samplers.insert(id);
                Shape::Scalar(Scalar::I32)
            }
            Op::TypePipe | Op::TypePipeStorage | Op::TypeReserveId => Shape::Unsupported("pipes"),
            Op::TypeQueue | Op::TypeDeviceEvent => Shape::Unsupported("device-side enqueue"),
            _ => return Ok(false),
        };
        let info = self.layout(shape, packed)?;
        if info.size > MAX_TYPE_BYTES || info.slots > MAX_TYPE_SCALARS {
            return Err(format!(
                "type %{id} is too large: {} bytes, {} scalars (limits {MAX_TYPE_BYTES} bytes, {MAX_TYPE_SCALARS} scalars)",
                info.size, info.slots
            ));
        }
        self.map.insert(id, info);
        Ok(true)
    }

    fn layout(&self, shape: Shape, packed: bool) -> Result<TypeInfo, String> {
        let leaf = |s: Scalar| TypeInfo {
            shape: Shape::Scalar(s),
            slots: 1,
            size: (s.bits() as usize / 8).max(1),
            align: (s.bits() as usize / 8).max(1),
            leaves: vec![Leaf {
                offset: 0,
                scalar: s,
            }],
            offsets: vec![],
        };
        Ok(match &shape {
            Shape::Void | Shape::Other | Shape::Unsupported(_) => TypeInfo {
                shape,
                slots: 0,
                size: 0,
                align: 1,
                leaves: vec![],
                offsets: vec![],
            },
            Shape::Scalar(s) => leaf(*s),
            Shape::Pointer(..) => TypeInfo {
                shape,
                slots: 1,
                size: 8,
                align: 8,
                leaves: vec![Leaf {
                    offset: 0,
                    scalar: Scalar::I64,
                }],
                offsets: vec![],
            },
            Shape::Vector(s, n) => {
                let es = (s.bits() as usize / 8).max(1);
                let stored = if *n == 3 { 4 } else { *n as usize };
                let leaves = (0..*n as usize)
                    .map(|i| Leaf {
                        offset: i * es,
                        scalar: *s,
                    })
                    .collect();
                TypeInfo {
                    shape: shape.clone(),
                    slots: *n as usize,
                    size: es * stored,
                    align: es * stored,
                    leaves,
                    offsets: vec![],
                }
            }
            Shape::Array(elem, len) => {
                let e = self.get(*elem)?;
                let stride = e.size.next_multiple_of(e.align);
                let n = *len as usize;
                let too_large = || format!("array of {n} elements of {stride} bytes is too large");
                let size = stride.checked_mul(n).filter(|&s| s <= MAX_TYPE_BYTES);
                let slots = e.slots.checked_mul(n).filter(|&s| s <= MAX_TYPE_SCALARS);
                let (Some(size), Some(slots)) = (size, slots) else {
                    return Err(too_large());
                };
                let mut leaves = Vec::new();
                leaves.try_reserve_exact(slots).map_err(|_| too_large())?;
                for i in 0..n {
                    leaves.extend(e.leaves.iter().map(|l| Leaf {
                        offset: l.offset + i * stride,
                        scalar: l.scalar,
                    }));
                }
                TypeInfo {
                    shape: shape.clone(),
                    slots,
                    size,
                    align: e.align,
                    leaves,
                    offsets: vec![],
                }
            }
            Shape::Struct(members) => {
                let (mut offset, mut align, mut leaves, mut slots) =
                    (0usize, 1usize, Vec::new(), 0);
                let mut offsets = Vec::with_capacity(members.len());
                for m in members {
                    let t = self.get(*m)?;
                    if !packed {
                        offset = offset.next_multiple_of(t.align);
                        align = align.max(t.align);
                    }
                    offsets.push(offset);
                    if slots + t.slots > MAX_TYPE_SCALARS || offset + t.size > MAX_TYPE_BYTES {
                        return Err(format!("struct of {} members is too large", members.len()));
                    }
                    leaves
                        .try_reserve(t.leaves.len())
                        .map_err(|e| e.to_string())?;
                    leaves.extend(t.leaves.iter().map(|l| Leaf {
                        offset: l.offset + offset,
                        scalar: l.scalar,
                    }));
                    slots += t.slots;
                    offset += t.size;
                }
                TypeInfo {
                    shape: shape.clone(),
                    slots,
                    size: offset.next_multiple_of(align),
                    align,
                    leaves,
                    offsets,
                }
            }
        })
    }

    pub fn get(&self, id: Word) -> Result<&TypeInfo, String> {
        self.map
            .get(&id)
            .ok_or_else(|| format!("unknown type %{id}"))
    }

    /// Whether `id` is an `OpTypeSampler`.
    pub fn is_sampler(&self, id: Word) -> bool {
        self.samplers.contains(&id)
    }

    /// The scalar type of a scalar or vector type.
    pub fn scalar_of(&self, id: Word) -> Result<Scalar, String> {
        match self.get(id)?.shape {
            Shape::Scalar(s) | Shape::Vector(s, _) => Ok(s),
            Shape::Pointer(..) => Ok(Scalar::I64),
            ref other => Err(format!("type %{id} ({other:?}) is not a scalar or vector")),
        }
    }

    /// Slot offset and type of member `index` of a composite type (`None`: a vector's scalar).
    pub fn member(&self, id: Word, index: u32) -> Result<(usize, Option<Word>), String> {
        let t = self.get(id)?;
        match &t.shape {
            Shape::Vector(_, n) | Shape::Array(_, n) if index >= *n => Err(format!(
                "component {index} of a composite of {n} ({:?})",
                t.shape
            )),
            Shape::Vector(..) => Ok((index as usize, None)),
            Shape::Array(elem, _) => Ok((index as usize * self.get(*elem)?.slots, Some(*elem))),
            Shape::Struct(members) => {
                let m = *members
                    .get(index as usize)
                    .ok_or("struct member index out of range")?;
                let before: usize = members[..index as usize]
                    .iter()
                    .map(|m| self.get(*m).map_or(0, |t| t.slots))
                    .sum();
                Ok((before, Some(m)))
            }
            other => Err(format!("type {other:?} has no members")),
        }
    }

    /// Slot offset, inside a composite of type `id`, of the member the `indices` name in
    /// turn (`OpCompositeExtract`, `OpCompositeInsert`).
    pub fn member_path(
        &self,
        id: Word,
        indices: impl IntoIterator<Item = Result<u32, String>>,
    ) -> Result<usize, String> {
        let (mut ty, mut offset) = (Some(id), 0);
        for index in indices {
            let t = ty.ok_or("index into a scalar")?;
            let (o, next) = self.member(t, index?)?;
            offset += o;
            ty = next;
        }
        Ok(offset)
    }

    /// Byte offset and type of member `index` (for access chains; `None`: a vector's scalar).
    pub fn member_offset(&self, id: Word, index: u64) -> Result<(usize, Option<Word>), String> {
        let t = self.get(id)?;
        match &t.shape {
            Shape::Vector(s, _) => Ok((index as usize * (s.bits() as usize / 8).max(1), None)),
            Shape::Array(elem, _) => {
                let e = self.get(*elem)?;
                Ok((
                    index as usize * e.size.next_multiple_of(e.align),
                    Some(*elem),
                ))
            }
            Shape::Struct(members) => {
                let i = index as usize;
                match (members.get(i), t.offsets.get(i)) {
                    (Some(m), Some(o)) => Ok((*o, Some(*m))),
                    _ => Err("struct member index out of range".into()),
                }
            }
            other => Err(format!("type {other:?} has no members")),
        }
    }

    /// Byte stride of the element a pointer to `pointee` steps over (for OpPtrAccessChain).
    pub fn stride(&self, pointee: Word) -> Result<usize, String> {
        let t = self.get(pointee)?;
        Ok(t.size.next_multiple_of(t.align).max(1))
    }
}
