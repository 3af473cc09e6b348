//! `onearray`'s `Pod`/`Zeroable` derives through the `oneapi` facade (with and without the
//! crate path attribute, tuple structs, visibilities, documented fields), and arrays of derived
//! structs as kernel arguments (issue 24, item 5): checked by size and alignment against the
//! kernel's pointee type. (The derive with no attribute in crates that depend only on
//! `onearray` or only on `oneapi` is tested by `tests/downstream/*`.)

use oneapi::level_zero::{Error, Grid, Kernel, Module};
use oneapi::onearray::{self, OneArray, Pod, SharedBuffer, Zeroable};

/// A documented, `pub(crate)` struct with documented fields.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[onearray(crate = "oneapi::onearray")]
#[repr(C)]
pub(crate) struct Pixel {
    /// Red, green, blue, alpha.
    rgba: [u8; 4],
    /// Depth.
    pub depth: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[onearray(crate = "oneapi::onearray")]
#[repr(transparent)]
struct Meters(f64);

#[test]
fn derived_types_are_array_elements() -> Result<(), onearray::Error> {
    let p = Pixel {
        rgba: [1, 2, 3, 4],
        depth: 0.5,
    };
    let a = OneArray::<Pixel, SharedBuffer>::filled(5, p)?;
    assert!(a.iter().all(|&q| q == p));
    assert_eq!(a.reinterpret::<u8>()?.shape(), &[40]);
    let m = OneArray::<Meters>::from_slice(&[Meters(1.5), Meters(2.5)])?;
    assert_eq!(m.to_vec()?, [Meters(1.5), Meters(2.5)]);
    assert_eq!(Meters::zeroed(), Meters(0.0));
    Ok(())
}

/// `body_t` of the corpus's `structs.cl`: `float pos[3]` then `float m`. Derived through the
/// facade's paths, with no attribute.
#[derive(Clone, Copy, Debug, PartialEq, oneapi::onearray::Pod, oneapi::onearray::Zeroable)]
#[repr(C)]
struct Body {
    pos: [f32; 3],
    m: f32,
}

/// One float short of `body_t`.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
struct Body3 {
    pos: [f32; 3],
}

/// `node_t` of `structs.cl` (`float key; int child[2]; double w`: 24 bytes, align 8), its
/// padding spelled out.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
struct Node {
    key: f32,
    child: [i32; 2],
    pad: u32,
    w: f64,
}

/// `node_t`'s size, but aligned to 4 bytes only.
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
#[repr(C)]
struct NodeAlign4 {
    key: f32,
    child: [i32; 2],
    pad: u32,
    w: [u32; 2],
}

fn structs(name: &str) -> Kernel {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/spv/structs-O2.spv");
    let module = Module::new(&std::fs::read(path).unwrap()).unwrap();
    module.kernel(name).unwrap()
}

/// The error's text, asserting it is a typed mismatch at argument `index`.
fn mismatch<T>(r: Result<T, Error>, index: u32) -> String {
    let Err(e) = r else {
        panic!("the launch was accepted")
    };
    assert!(
        matches!(e, Error::KernelArgument { index: i, .. } if i == index),
        "expected a mismatch at argument {index}, got {e}"
    );
    e.to_string()
}

fn bodies(n: usize) -> Vec<Body> {
    // Small integers and a power-of-two step: exact results, fused or not.
    (0..n)
        .map(|i| Body {
            pos: [(i % 7) as f32, (i % 5) as f32 - 2.0, (i % 3) as f32],
            m: (i % 4) as f32 + 1.0,
        })
        .collect()
}

#[test]
fn an_array_of_derived_structs_is_a_kernel_argument() -> Result<(), onearray::Error> {
    let n = 1000;
    let before = bodies(n);
    let mut bs = OneArray::<Body, SharedBuffer>::from_slice(&before)?;
    let mut moments = OneArray::<f32>::zeroed(n)?;
    let dt = 0.25f32;
    let mut k = structs("body_step");
    k.launch(Grid::for_len(n))
        .args((&mut bs, &mut moments, dt, n as u32))
        .run()?;
    let moments = moments.to_vec()?;
    for (i, b) in before.iter().enumerate() {
        let [x, y, z] = b.pos;
        assert_eq!(moments[i], b.m * (x + 10.0 * y + 100.0 * z), "moments[{i}]");
        let want = Body {
            pos: std::array::from_fn(|k| b.pos[k] + dt * b.m * (k + 1) as f32),
            m: 2.0 * b.m,
        };
        assert_eq!(bs[i], want, "bodies[{i}] from {b:?}");
    }
    Ok(())
}

#[test]
fn an_element_of_another_size_is_a_typed_error_naming_both() -> Result<(), onearray::Error> {
    let mut short = OneArray::<Body3>::zeroed(100)?;
    let mut moments = OneArray::<f32>::zeroed(100)?;
    let mut k = structs("body_step");
    let r = k
        .launch(Grid::for_len(100))
        .args((&mut short, &mut moments, 0.5f32, 100u32))
        .run();
    let text = mismatch(r, 0);
    let expected = "expected global struct body_t { float[3], float }* (16-byte elements, align 4)";
    assert!(text.contains(expected), "{text}");
    let given = format!(
        "given writable {} (12 bytes, align 4) buffer of 1200 bytes",
        std::any::type_name::<Body3>()
    );
    assert!(text.contains(&given), "{text}");
    // A primitive of another size too; one of the same size and alignment passes the check.
    let mut floats = OneArray::<f32>::zeroed(100)?;
    let r = k
        .launch(Grid::for_len(100))
        .args((&mut floats, &mut moments, 0.5f32, 100u32))
        .run();
    assert!(mismatch(r, 0).contains("given writable float buffer"));
    let mut float4s = OneArray::<[f32; 4]>::zeroed(100)?;
    k.launch(Grid::for_len(100))
        .args((&mut float4s, &mut moments, 0.5f32, 100u32))
        .run()?
        .wait()?;
    // Scalars keep their precise messages.
    let (ints, mut bs) = (
        OneArray::<i32>::zeroed(100)?,
        OneArray::<Body>::from_slice(&bodies(100))?,
    );
    let r = k
        .launch(Grid::for_len(100))
        .args((&mut bs, &ints, 0.5f32, 100u32))
        .run();
    assert!(
        mismatch(r, 1).contains("expected global float*, given read-only int buffer"),
        "the primitive message"
    );
    Ok(())
}

#[test]
fn an_element_aligned_below_the_kernels_type_is_a_typed_error() -> Result<(), onearray::Error> {
    let n = 200;
    let nodes: Vec<Node> = (0..n)
        .map(|i| Node {
            key: i as f32,
            child: [i as i32, 3],
            pad: 0,
            w: 0.5,
        })
        .collect();
    let mut k = structs("struct_array_member_node");
    let mut out = OneArray::<f64>::zeroed(n)?;
    // Read-only: a `const node_t*`.
    let a = OneArray::<Node>::from_slice(&nodes)?;
    k.launch(Grid::for_len(n)).args((&a, &mut out)).run()?;
    let out = out.to_vec()?;
    for (i, v) in nodes.iter().enumerate() {
        let want = v.w * v.key as f64 + (v.child[0] - v.child[1]) as f64;
        assert_eq!(out[i], want, "out[{i}]");
    }
    let a4 = a.reinterpret::<NodeAlign4>()?;
    let mut out = OneArray::<f64>::zeroed(n)?;
    let r = k.launch(Grid::for_len(n)).args((&a4, &mut out)).run();
    let text = mismatch(r, 0);
    assert!(
        text.contains(
            "(24-byte elements, align 8: give the Rust type #[repr(C, align(8))]), given read-only"
        ),
        "{text}"
    );
    assert!(text.contains("(24 bytes, align 4)"), "{text}");
    Ok(())
}

#[test]
fn char_pointees_take_arrays_of_any_element() -> Result<(), onearray::Error> {
    // `vadd_uchar(global const uchar* a, b, global uchar* c)`: c = a + b, byte by byte.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/kernels/spv/vadd_int-O2.spv");
    let mut k = Module::new(&std::fs::read(path).unwrap())?.kernel("vadd_uchar")?;
    let p = |r: u8| Pixel {
        rgba: [r, 2, 3, 4],
        depth: 0.0,
    };
    let a = OneArray::<Pixel>::from_slice(&[p(1), p(10)])?;
    let b = OneArray::<Pixel>::from_slice(&[p(2), p(20)])?;
    let mut c = OneArray::<Pixel>::zeroed(2)?;
    k.launch(Grid::for_len(16)).args((&a, &b, &mut c)).run()?;
    assert_eq!(c.to_vec()?[1].rgba, [30, 4, 6, 8]);
    Ok(())
}
