//! Hand-assembled SPIR-V modules for tests the corpus cannot express, and helpers to patch
//! the words of real modules.

/// A minimal SPIR-V assembler: header, then instructions as (opcode, operand words).
pub struct Asm(Vec<u32>);

impl Asm {
    pub fn new(bound: u32) -> Asm {
        Asm(vec![0x0723_0203, 0x0001_0000, 0, bound, 0])
    }
    pub fn op(&mut self, opcode: u32, operands: &[u32]) -> &mut Asm {
        self.0.push(((operands.len() as u32 + 1) << 16) | opcode);
        self.0.extend_from_slice(operands);
        self
    }
    /// A literal string's words (NUL-terminated, zero-padded).
    pub fn str(s: &str) -> Vec<u32> {
        let mut b = s.as_bytes().to_vec();
        b.resize((b.len() / 4 + 1) * 4, 0);
        b.chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }
    pub fn header(&mut self, caps: &[u32], entry: u32, name: &str) -> &mut Asm {
        for c in caps {
            self.op(17, &[*c]); // OpCapability
        }
        self.op(14, &[2, 2]); // OpMemoryModel Physical64 OpenCL
        let mut ep = vec![6, entry]; // OpEntryPoint Kernel
        ep.extend(Asm::str(name));
        self.op(15, &ep)
    }
    pub fn bytes(&self) -> Vec<u8> {
        self.0.iter().flat_map(|w| w.to_le_bytes()).collect()
    }
}

// Capabilities.
pub const ADDRESSES: u32 = 4;
pub const LINKAGE: u32 = 5;
pub const KERNEL: u32 = 6;
pub const INT64: u32 = 11;

/// `spec_store(global int* a, global long* b)`: `*a = SpecId 7 (default 42)`,
/// `*b = SpecId 8 (default 0x1_0000_0005)`.
pub fn spec_module() -> Vec<u8> {
    let mut a = Asm::new(13);
    a.header(&[ADDRESSES, LINKAGE, KERNEL, INT64], 9, "spec_store");
    a.op(71, &[7, 1, 7]).op(71, &[8, 1, 8]); // OpDecorate SpecId
    a.op(19, &[1]).op(21, &[2, 32, 0]).op(21, &[3, 64, 0]); // void, int, long
    a.op(32, &[4, 5, 2]).op(32, &[5, 5, 3]); // CrossWorkgroup pointers
    a.op(33, &[6, 1, 4, 5]); // void(int*, long*)
    a.op(50, &[2, 7, 42]).op(50, &[3, 8, 5, 1]); // OpSpecConstant
    a.op(54, &[1, 9, 0, 6])
        .op(55, &[4, 10])
        .op(55, &[5, 11])
        .op(248, &[12]);
    a.op(62, &[10, 7]).op(62, &[11, 8]).op(253, &[]).op(56, &[]);
    a.bytes()
}

/// A kernel calling `external_helper`, declared with `LinkageAttributes Import` and no body.
pub fn import_module() -> Vec<u8> {
    let mut a = Asm::new(8);
    a.header(&[ADDRESSES, LINKAGE, KERNEL], 5, "calls_import");
    let mut name = vec![4];
    name.extend(Asm::str("external_helper"));
    a.op(5, &name); // OpName
    let mut link = vec![4, 41];
    link.extend(Asm::str("external_helper"));
    link.push(1); // Import
    a.op(71, &link);
    a.op(19, &[1]).op(33, &[2, 1]);
    a.op(54, &[1, 4, 0, 2]).op(56, &[]); // declaration only
    a.op(54, &[1, 5, 0, 2])
        .op(248, &[6])
        .op(57, &[1, 7, 4])
        .op(253, &[])
        .op(56, &[]);
    a.bytes()
}

// ---- patching real modules -------------------------------------------------------------------

/// The little-endian words of a module.
pub fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Word offset of the first instruction with `opcode` after the header.
pub fn find_op(words: &[u32], opcode: u32) -> usize {
    let mut at = 5;
    while at < words.len() {
        if words[at] & 0xffff == opcode {
            return at;
        }
        at += (words[at] >> 16) as usize;
    }
    panic!("no opcode {opcode}");
}
