//! Calls through function pointers (`SPV_INTEL_function_pointers`, issue 11 item 16):
//! kernels/src/function_pointers.cl, built with clang's function-pointer extension.

mod common;

#[test]
fn calls_through_function_pointers() {
    for opt in common::OPT {
        let m = common::module(&format!("function_pointers-{opt}"));
        let chosen = common::kernel(&m, "apply_chosen");
        for (which, f) in [(0i32, (|i: i32| 2 * i) as fn(i32) -> i32), (1, |i| i * i)] {
            let mut out = vec![0i32; 64];
            chosen
                .launch([8, 1, 1], [8, 1, 1])
                .buffer(&mut out)
                .value(&which)
                .run()
                .unwrap();
            assert_eq!(
                out,
                (0..64).map(f).collect::<Vec<_>>(),
                "{opt} which={which}"
            );
        }
        // A pointer the host got by name (zeModuleGetFunctionPointer), as an argument.
        let given = common::kernel(&m, "apply_given");
        for (name, f) in [
            ("negate", (|i: i32| -i) as fn(i32) -> i32),
            ("twice", |i| 2 * i),
            ("square", |i| i * i),
        ] {
            let pointer = m.function_pointer(name).expect(name);
            let mut out = vec![0i32; 64];
            given
                .launch([8, 1, 1], [8, 1, 1])
                .buffer(&mut out)
                .value(&pointer)
                .run()
                .unwrap();
            assert_eq!(out, (0..64).map(f).collect::<Vec<_>>(), "{opt} {name}");
        }
        assert_eq!(m.function_pointer("no_such_function"), None);
        // A value that points to no function of the module stops the launch (a fault), as
        // does a pointer from another module.
        let mut out = vec![0i32; 64];
        let stray = given
            .launch([8, 1, 1], [8, 1, 1])
            .buffer(&mut out)
            .value(&0x1234_5678u64)
            .run();
        assert!(stray.is_err(), "{opt}: a call through a stray pointer ran");
        let other = common::module(&format!("function_pointers-{opt}"));
        let foreign = other.function_pointer("negate").unwrap();
        assert_ne!(foreign, m.function_pointer("negate").unwrap());
        let run = given
            .launch([8, 1, 1], [8, 1, 1])
            .buffer(&mut out)
            .value(&foreign)
            .run();
        assert!(
            run.is_err(),
            "{opt}: a pointer of another module was called"
        );
    }
}
