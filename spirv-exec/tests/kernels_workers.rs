//! Launches on several threads run on parked workers reused from launch to launch: a launch
//! that faults on some of them returns its fault, and the launches after it run on the same
//! workers with right results.

mod common;

use common::{kernel, module, OPT};
use spirv_exec::{Fault, LaunchError};

#[test]
fn faulting_launches_on_several_threads_leave_the_workers_usable() {
    for opt in OPT {
        let m = module(&format!("oob-{opt}"));
        let k = kernel(&m, "oob_write");
        let mut out = vec![0i32; 8 * 64];
        for round in 0..20 {
            // `out[i + n] = i`: with n > 0 the last n work-items write past the end.
            let n = 1 + round % 5;
            let r = k
                .launch([8, 1, 1], [64, 1, 1])
                .buffer(&mut out)
                .value(&n)
                .threads(4)
                .run();
            match r {
                Err(LaunchError::Fault {
                    fault: Fault::OutOfBounds { .. },
                    ..
                }) => {}
                other => panic!("{opt} round {round}: {other:?}"),
            }
            let r = k
                .launch([8, 1, 1], [64, 1, 1])
                .buffer(&mut out)
                .value(&0i32)
                .threads(4)
                .run();
            assert_eq!(r, Ok(()), "{opt} round {round}");
            assert!(
                out.iter().enumerate().all(|(i, &v)| v == i as i32),
                "{opt} round {round}"
            );
            out.fill(-1);
        }
    }
}
