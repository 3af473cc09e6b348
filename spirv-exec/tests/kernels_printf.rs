//! `printf` (issue 11, item 12): OpenCL C's format language, vectors included, each call's
//! output kept whole, delivered when the launch completes; -1 for a malformed call.

mod common;

use common::{kernel, launch_1d, module, OPT};
use std::sync::{Arc, Mutex};

fn lines(sink: &Arc<Mutex<Vec<u8>>>) -> Vec<String> {
    let out = String::from_utf8(sink.lock().unwrap().clone()).unwrap();
    let mut lines: Vec<String> = out.lines().map(String::from).collect();
    lines.sort();
    lines
}

#[test]
fn printf_formats_scalars_strings_and_vectors() {
    for opt in OPT {
        let m = module(&format!("printf-{opt}"));
        let sink = Arc::new(Mutex::new(Vec::new()));
        let mut ret = vec![7i32; 4];
        launch_1d(kernel(&m, "printf_scalars"), 4, 2)
            .buffer(&mut ret)
            .value(&1.5f32)
            .value(&[1i32, -2, 3, 255])
            .value(&-5_000_000_000i64)
            .printf_to(sink.clone())
            .run()
            .unwrap();
        assert_eq!(ret, [0; 4], "{opt}: printf returns 0");
        let expected = (0..4)
            .map(|i| {
                format!(
                    "item {i}: f=1.500000 3.00e+00 1.5 str {}",
                    (b'A' + i) as char
                )
            })
            .chain(["v=1,-2,3,255 hex=0x1,0xfffffffe,0x3,0xff long=-5000000000 %".into()]);
        let mut expected: Vec<String> = expected.collect();
        expected.sort();
        assert_eq!(lines(&sink), expected, "{opt}");
    }
}

#[test]
fn printf_of_vectors_and_narrow_integers() {
    for opt in OPT {
        let m = module(&format!("printf-{opt}"));
        let sink = Arc::new(Mutex::new(Vec::new()));
        kernel(&m, "printf_vectors")
            .launch([1, 1, 1], [1, 1, 1])
            .value(&[0.25f32, -8.0])
            .value(&-3i16)
            .value(&200u8)
            .printf_to(sink.clone())
            .run()
            .unwrap();
        assert_eq!(lines(&sink), ["0.250000,-8.000000 -3 200"], "{opt}");
    }
}

#[test]
fn a_malformed_call_prints_nothing_and_returns_minus_one() {
    for opt in OPT {
        let m = module(&format!("printf-{opt}"));
        let sink = Arc::new(Mutex::new(Vec::new()));
        let mut ret = vec![0i32; 2];
        launch_1d(kernel(&m, "printf_bad_format"), 2, 2)
            .buffer(&mut ret)
            .printf_to(sink.clone())
            .run()
            .unwrap();
        assert_eq!(ret, [-1, -1], "{opt}");
        assert!(sink.lock().unwrap().is_empty(), "{opt}");
    }
}

/// The compiler leaves kernels that print to the interpreter, and says so in the build log.
#[test]
fn printing_kernels_run_on_the_interpreter_under_the_compiler() {
    let words = spirv_exec::words(&common::spirv("printf-O2")).unwrap();
    let m =
        spirv_exec::Module::build_with(&words, &Default::default(), &spirv_exec::Compiler).unwrap();
    assert!(
        m.log()
            .contains("kernel printf_scalars runs on the interpreter")
            && m.log().contains("printf"),
        "{}",
        m.log()
    );
    assert_eq!(m.kernel("printf_scalars").unwrap().prepare(), Ok(None));
}
