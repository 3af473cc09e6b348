//! Memory a launch may read but not write (virtual memory mapped read-only): stores into it
//! fault at the first byte written, with both executors, and nothing in it changes; loads
//! from it work.

mod common;

use common::{spirv, OPT};
use spirv_exec::{backend_named, Fault, LaunchError, Module};

const SENTINEL: i32 = -7;

fn build(name: &str, backend: &str) -> Module {
    let words: Vec<u32> = spirv(name)
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    Module::build_with(&words, &Default::default(), backend_named(backend).unwrap()).unwrap()
}

#[test]
fn a_store_into_read_only_memory_faults_where_it_starts() {
    for backend in ["jit", "interp"] {
        for opt in OPT {
            let m = build(&format!("oob-{opt}"), backend);
            let k = m.kernel("oob_write").unwrap();
            let mut out = vec![SENTINEL; 64];
            let base = out.as_ptr() as usize;
            // Ints 32..48 read-only: items 0..32 write (groups of 8 in order on one thread),
            // item 32 faults.
            let r = k
                .launch([8, 1, 1], [8, 1, 1])
                .buffer(&mut out)
                .value(&0i32)
                .read_only(base + 32 * 4..base + 48 * 4)
                .threads(1)
                .run();
            let at = format!("{backend} {opt}");
            match r {
                Err(LaunchError::Fault {
                    fault:
                        Fault::ReadOnly {
                            address,
                            len,
                            start,
                            end,
                        },
                    ..
                }) => {
                    assert_eq!((address - base, len), (32 * 4, 4), "{at}");
                    assert_eq!((start - base, end - base), (32 * 4, 48 * 4), "{at}");
                }
                other => panic!("{at}: {other:?}"),
            }
            assert!(
                out[..32].iter().enumerate().all(|(i, &v)| v == i as i32),
                "{at}"
            );
            assert!(
                out[32..].iter().all(|&v| v == SENTINEL),
                "{at}: {:?}",
                &out[32..]
            );
            // The writable rest of the buffer is written as usual.
            let mut out = vec![SENTINEL; 64];
            let base = out.as_ptr() as usize;
            k.launch([4, 1, 1], [8, 1, 1])
                .buffer(&mut out)
                .value(&0i32)
                .read_only(base + 32 * 4..base + 64 * 4)
                .threads(1)
                .run()
                .unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(
                out[..32].iter().enumerate().all(|(i, &v)| v == i as i32),
                "{at}"
            );
        }
    }
}

#[test]
fn loads_from_read_only_memory_work() {
    for backend in ["jit", "interp"] {
        let m = build("oob-O2", backend);
        let k = m.kernel("oob_read").unwrap();
        let mut input: Vec<i32> = (0..64).map(|i| i * 3).collect();
        let mut out = vec![0i32; 64];
        let (lo, hi) = (input.as_ptr() as usize, input.as_ptr() as usize + 64 * 4);
        k.launch([8, 1, 1], [8, 1, 1])
            .buffer(&mut input)
            .buffer(&mut out)
            .value(&0i32)
            .read_only(lo..hi)
            .run()
            .unwrap_or_else(|e| panic!("{backend}: {e}"));
        assert_eq!(
            out,
            (0..64).map(|i| i * 3).collect::<Vec<i32>>(),
            "{backend}"
        );
    }
}
