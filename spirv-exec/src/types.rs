//! SPIR-V types: how many value slots each occupies and its byte layout in memory
//! (OpenCL C rules: natural alignment, 3-component vectors sized as 4).

use crate::value::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};
use std::collections::{HashMap, HashSet};

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
}

fn word(op: &Operand) -> Result<Word, String> {
    match op {
        Operand::IdRef(w) | Operand::LiteralBit32(w) => Ok(*w),
        other => Err(format!("unexpected operand {other:?}")),
    }
}

impl Types {
    /// Builds the type table from a module's global instructions; `packed` holds struct ids
    /// decorated `CPacked`.
    pub fn build(globals: &[Instruction], packed: &HashSet<Word>) -> Result<Types, String> {
        let mut types = Types::default();
        for inst in globals {
            let Some(id) = inst.result_id else { continue };
            let ops = &inst.operands;
            let shape = match inst.class.opcode {
                Op::TypeVoid => Shape::Void,
                Op::TypeBool => Shape::Scalar(Scalar::Bool),
                Op::TypeInt => Shape::Scalar(match word(&ops[0])? {
                    8 => Scalar::I8,
                    16 => Scalar::I16,
                    32 => Scalar::I32,
                    64 => Scalar::I64,
                    w => return Err(format!("OpTypeInt of width {w} is not supported")),
                }),
                Op::TypeFloat => Shape::Scalar(match word(&ops[0])? {
                    16 => Scalar::F16,
                    32 => Scalar::F32,
                    64 => Scalar::F64,
                    w => return Err(format!("OpTypeFloat of width {w} is not supported")),
                }),
                Op::TypeVector => {
                    let elem = types.scalar_of(word(&ops[0])?)?;
                    Shape::Vector(elem, word(&ops[1])?)
                }
                Op::TypeArray => Shape::Array(word(&ops[0])?, 0),
                Op::TypeRuntimeArray => Shape::Array(word(&ops[0])?, 0),
                Op::TypeStruct => Shape::Struct(ops.iter().map(word).collect::<Result<_, _>>()?),
                Op::TypePointer => match &ops[0] {
                    Operand::StorageClass(sc) => Shape::Pointer(*sc, word(&ops[1])?),
                    _ => return Err("malformed OpTypePointer".into()),
                },
                Op::TypeFunction | Op::TypeOpaque | Op::TypeEvent | Op::TypeSampler => Shape::Other,
                _ => continue,
            };
            let info = types.layout(shape, packed.contains(&id))?;
            types.map.insert(id, info);
        }
        Ok(types)
    }

    /// Array lengths come from constants, which are resolved after the types: set them.
    pub fn set_array_length(&mut self, id: Word, len: u32) -> Result<(), String> {
        let elem = match self.map.get(&id).map(|t| &t.shape) {
            Some(Shape::Array(elem, _)) => *elem,
            _ => return Ok(()),
        };
        let info = self.layout(Shape::Array(elem, len), false)?;
        self.map.insert(id, info);
        Ok(())
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
            Shape::Void | Shape::Other => TypeInfo {
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
                let mut leaves = Vec::with_capacity(e.leaves.len() * *len as usize);
                for i in 0..*len as usize {
                    leaves.extend(e.leaves.iter().map(|l| Leaf {
                        offset: l.offset + i * stride,
                        scalar: l.scalar,
                    }));
                }
                TypeInfo {
                    shape: shape.clone(),
                    slots: e.slots * *len as usize,
                    size: stride * *len as usize,
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
