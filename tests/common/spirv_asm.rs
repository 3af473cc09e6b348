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

/// `sampler_arg(global int* out, sampler_t s, int v)`: `*out = plus_one(s, v)`, where
/// `plus_one(sampler_t, int v)` is `v + 1` (llvm-spirv-15 fails on a sampler at -O0), and
/// `sampler_literal(global int* out, int v)`, the same with a literal sampler.
pub fn sampler_module() -> Vec<u8> {
    const LITERAL_SAMPLER: u32 = 20;
    let mut a = Asm::new(26);
    a.header(&[ADDRESSES, KERNEL, LITERAL_SAMPLER], 15, "sampler_arg");
    let mut literal = vec![6, 21];
    literal.extend(Asm::str("sampler_literal"));
    a.op(15, &literal); // OpEntryPoint Kernel
    a.op(19, &[1]).op(21, &[2, 32, 0]).op(32, &[3, 5, 2]); // void, int, global int*
    a.op(26, &[4]); // OpTypeSampler
    a.op(33, &[5, 1, 3, 4, 2])
        .op(33, &[6, 2, 4, 2])
        .op(33, &[7, 1, 3, 2]); // OpTypeFunction
    a.op(43, &[2, 8, 1]); // OpConstant int 1
    a.op(45, &[4, 9, 3, 1, 1]); // OpConstantSampler repeat, normalized, linear
    a.op(54, &[2, 10, 0, 6])
        .op(55, &[4, 11])
        .op(55, &[2, 12])
        .op(248, &[13]);
    a.op(128, &[2, 14, 12, 8]).op(254, &[14]).op(56, &[]); // plus_one
    a.op(54, &[1, 15, 0, 5])
        .op(55, &[3, 16])
        .op(55, &[4, 17])
        .op(55, &[2, 18]);
    a.op(248, &[19])
        .op(57, &[2, 20, 10, 17, 18])
        .op(62, &[16, 20]);
    a.op(253, &[]).op(56, &[]); // sampler_arg
    a.op(54, &[1, 21, 0, 7])
        .op(55, &[3, 22])
        .op(55, &[2, 23])
        .op(248, &[24]);
    a.op(57, &[2, 25, 10, 9, 23])
        .op(62, &[22, 25])
        .op(253, &[])
        .op(56, &[]); // sampler_literal
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

/// `bomb(global int* out)`: `*out = f_depth(0)`, where `f_0(x) = x + 1` and
/// `f_i(x) = f_{i-1}(f_{i-1}(x))`: 2^depth calls, as many copies of `f_0` once inlined;
/// the value is `2^depth` (mod 2^32).
pub fn call_bomb(depth: u32) -> Vec<u8> {
    // Ids: 1 void, 2 int, 3 int*, 4 int(int), 5 void(int*), 6 = 0, 7 = 1, then 5 per function
    // (function, parameter, label, two results) and 4 for the kernel.
    let f = |i: u32| 10 + 5 * i;
    let kernel = f(depth + 1);
    let mut a = Asm::new(kernel + 5);
    a.header(&[ADDRESSES, LINKAGE, KERNEL], kernel, "bomb");
    a.op(19, &[1]).op(21, &[2, 32, 0]).op(32, &[3, 5, 2]);
    a.op(33, &[4, 2, 2]).op(33, &[5, 1, 3]);
    a.op(43, &[2, 6, 0]).op(43, &[2, 7, 1]);
    for i in 0..=depth {
        let (id, param, label, r1, r2) = (f(i), f(i) + 1, f(i) + 2, f(i) + 3, f(i) + 4);
        a.op(54, &[2, id, 0, 4])
            .op(55, &[2, param])
            .op(248, &[label]);
        if i == 0 {
            a.op(128, &[2, r1, param, 7]).op(254, &[r1]);
        } else {
            let callee = f(i - 1);
            a.op(57, &[2, r1, callee, param])
                .op(57, &[2, r2, callee, r1])
                .op(254, &[r2]);
        }
        a.op(56, &[]);
    }
    let (out, label, r) = (kernel + 1, kernel + 2, kernel + 3);
    a.op(54, &[1, kernel, 0, 5])
        .op(55, &[3, out])
        .op(248, &[label]);
    a.op(57, &[2, r, f(depth), 6]).op(62, &[out, r]);
    a.op(253, &[]).op(56, &[]);
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
