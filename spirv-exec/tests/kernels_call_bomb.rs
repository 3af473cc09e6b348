//! Call bombs (issue 28, item 10): kernels whose calls inline to exponentially many copies.
//! The compiler leaves a kernel over its size budget to the interpreter, so building and
//! launching one stays bounded, with right results.

mod common;

use common::bomb;
use spirv_exec::Module;
use std::time::{Duration, Instant};

#[test]
fn call_bomb_falls_back_within_budget_and_runs_right() {
    let depth = 12;
    let bytes = bomb::module(depth, 2);
    let words = spirv_exec::words(&bytes).unwrap();
    for backend in common::backends() {
        let t = Instant::now();
        let m = Module::build_with(&words, &Default::default(), backend).unwrap();
        let k = common::kernel(&m, "bomb");
        assert_eq!(
            k.prepare().unwrap(),
            None,
            "{}: {}",
            backend.name(),
            m.log()
        );
        let mut out = vec![0u32; 8];
        common::launch_1d(k, 8, 8).buffer(&mut out).run().unwrap();
        assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
        for (g, v) in out.iter().enumerate() {
            assert_eq!(*v, bomb::expected(depth, 2, g as u32), "{}", backend.name());
        }
    }
}
