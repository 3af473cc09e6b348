//! Call bombs: kernels whose calls, inlined, grow exponentially. `f0(x) = x * 3 + 1`; `fk(x)`
//! applies `f(k-1)` `fan` times in a chain; the kernel `bomb(global int* out)` stores
//! `f_depth(gid)` to `out[gid]`, so `fan^depth` copies of `f0` after inlining.

use super::asm;
use rspirv::spirv::{BuiltIn, FunctionControl, StorageClass};

/// The module's bytes (`fan` ≥ 1, `depth` ≥ 0).
pub fn module(depth: u32, fan: u32) -> Vec<u8> {
    let (mut b, c) = asm::skeleton((1, 0));
    let v3long = b.type_vector(c.long, 3);
    let in_ptr = b.type_pointer(None, StorageClass::Input, v3long);
    let gid = b.variable(in_ptr, None, StorageClass::Input, None);
    asm::builtin(&mut b, gid, BuiltIn::GlobalInvocationId);
    let three = b.constant_bit32(c.int, 3);
    let one = b.constant_bit32(c.int, 1);
    let int_fn = b.type_function(c.int, vec![c.int]);
    let mut prev = None;
    for _ in 0..=depth {
        let f = b
            .begin_function(c.int, None, FunctionControl::NONE, int_fn)
            .unwrap();
        let x = b.function_parameter(c.int).unwrap();
        b.begin_block(None).unwrap();
        let r = match prev {
            None => {
                let m = b.i_mul(c.int, None, x, three).unwrap();
                b.i_add(c.int, None, m, one).unwrap()
            }
            Some(callee) => {
                let mut v = x;
                for _ in 0..fan {
                    v = b.function_call(c.int, None, callee, [v]).unwrap();
                }
                v
            }
        };
        b.ret_value(r).unwrap();
        b.end_function().unwrap();
        prev = Some(f);
    }
    let top = prev.unwrap();
    let k = asm::kernel(&mut b, &c, "bomb", |b, c, out| {
        let ids = b.load(v3long, None, gid, None, []).unwrap();
        let g = b.composite_extract(c.long, None, ids, [0]).unwrap();
        let x = b.u_convert(c.int, None, g).unwrap();
        let r = b.function_call(c.int, None, top, [x]).unwrap();
        let p = b
            .in_bounds_ptr_access_chain(c.int_ptr, None, out, g, [])
            .unwrap();
        b.store(p, r, None, []).unwrap();
    });
    let _ = k;
    asm::bytes(b)
}

/// What `out[gid]` holds after the kernel: `x * 3 + 1` applied `fan^depth` times to `gid`.
pub fn expected(depth: u32, fan: u32, gid: u32) -> u32 {
    let n = (fan as u64).pow(depth);
    (0..n).fold(gid, |x, _| x.wrapping_mul(3).wrapping_add(1))
}
