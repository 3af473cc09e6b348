//! Type layout (issue 11, item 10): structs with array members, read and written through
//! global pointers and copied by value; and types too large to lay out fail the build with a
//! message instead of exhausting host memory (issue 11, item 19).

mod common;

use common::asm;
use common::values::*;
use spirv_exec::Module;

/// `nlist_t`: `int x @0; int arr[5] @4; int nn @24`, 28 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct NList {
    x: i32,
    arr: [i32; 5],
    nn: i32,
}

fn nlists(rng: &mut common::Rng, n: usize) -> Vec<NList> {
    (0..n)
        .map(|_| NList {
            x: rng.i32_in(-1000, 1000),
            arr: [(); 5].map(|_| rng.i32_in(-1000, 1000)),
            nn: rng.i32_in(-1000, 1000),
        })
        .collect()
}

#[test]
fn struct_array_member_read() {
    assert_eq!(size_of::<NList>(), 28);
    each_case("structs", "struct_array_member", &SIZES, |c| {
        let p = nlists(&mut c.rng, c.n);
        let mut out = vec![0i32; c.n];
        c.launch().input(&p).buffer(&mut out).run().unwrap();
        for (i, got) in out.into_iter().enumerate() {
            let q = p[i];
            let want = q.nn * 1000 + q.x + (0..5).map(|k| (k as i32 + 1) * q.arr[k]).sum::<i32>();
            assert_eq!(got, want, "{} [{i}] {q:?}", c.ctx());
        }
    });
}

#[test]
fn struct_array_member_write() {
    each_case("structs", "struct_array_member_write", &SIZES, |c| {
        let p = nlists(&mut c.rng, c.n);
        let mut got = p.clone();
        c.launch().buffer(&mut got).run().unwrap();
        for (i, g) in got.into_iter().enumerate() {
            let mut want = p[i];
            want.arr[i % 5] = i as i32;
            want.nn = want.x + 1;
            assert_eq!(g, want, "{} [{i}]", c.ctx());
        }
    });
}

/// `node_t`: `float key @0; int child[2] @4; double w @16`, 24 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug, bytemuck::Pod, bytemuck::Zeroable)]
struct Node {
    key: f32,
    child: [i32; 2],
    pad: u32,
    w: f64,
}

#[test]
fn struct_array_member_by_value_copy() {
    assert_eq!(size_of::<Node>(), 24);
    each_case("structs", "struct_array_member_node", &SIZES, |c| {
        let nodes: Vec<Node> = (0..c.n)
            .map(|_| Node {
                key: c.rng.f32_in(-4.0, 4.0),
                child: [c.rng.i32_in(-99, 99), c.rng.i32_in(-99, 99)],
                pad: 0,
                w: c.rng.unit(),
            })
            .collect();
        let mut out = vec![0f64; c.n];
        c.launch().input(&nodes).buffer(&mut out).run().unwrap();
        for (i, got) in out.into_iter().enumerate() {
            let v = nodes[i];
            let d = (v.child[0] - v.child[1]) as f64;
            let want = [v.w * v.key as f64 + d, v.w.mul_add(v.key as f64, d)];
            assert!(want.contains(&got), "{} [{i}]: {got} not {want:?}", c.ctx());
        }
    });
}

/// A module declaring one type `declare` makes (and a trivial kernel) must fail to build with
/// a message containing `says`.
fn rejects_type(declare: impl FnOnce(&mut rspirv::dr::Builder, &asm::Common), says: &str) {
    let (mut b, c) = asm::skeleton((1, 0));
    declare(&mut b, &c);
    asm::kernel(&mut b, &c, "k", |_, _, _| {});
    let err = Module::from_bytes(&asm::bytes(b), &Default::default())
        .err()
        .expect("the module builds");
    assert!(err.message.contains(says), "{err}");
}

#[test]
fn absurd_type_sizes_fail_the_build() {
    // An array of 1.6 billion floats, one of 2^31 arrays of 2^31, a vector of 3.6 billion
    // components, a struct of arrays whose total passes the limit.
    rejects_type(
        |b, c| {
            let n = b.constant_bit32(c.int, 1_600_000_000);
            b.type_array(c.float, n);
        },
        "too large",
    );
    rejects_type(
        |b, c| {
            let n = b.constant_bit32(c.int, 1 << 31);
            let a = b.type_array(c.long, n);
            b.type_array(a, n);
        },
        "too large",
    );
    rejects_type(
        |b, c| {
            b.type_vector(c.float, 3_600_000_000);
        },
        "components",
    );
    rejects_type(
        |b, c| {
            let n = b.constant_bit32(c.int, 1 << 21);
            let a = b.type_array(c.long, n);
            b.type_struct([a, a, a]);
        },
        "too large",
    );
    rejects_type(
        |b, c| {
            let n = b.constant_bit32(c.int, 0);
            b.type_array(c.float, n);
        },
        "out of range",
    );
}
