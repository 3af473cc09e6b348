//! `printf` through the driver (issue 11, item 12): a kernel's output reaches the process's
//! standard output when the launch completes, and the device reports its printf buffer.

mod common;

use level_zero::*;

fn child() {
    let (ctx, dev) = (default_context().unwrap(), default_device().unwrap());
    assert_eq!(
        dev.module_properties().unwrap().printf_buffer_size as usize,
        4 << 20,
        "the printf buffer of Intel's GPU driver"
    );
    let spv = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/kernels/spv/printf-O2.spv"
    ));
    let m = Module::from_spirv(&ctx, &dev, &spv.unwrap(), &BuildOptions::default()).unwrap();
    let mut k = m.kernel("printf_vectors").unwrap();
    k.set_arg(0, &[0.5f32, 2.0]).unwrap();
    k.set_arg(1, &-7i16).unwrap();
    k.set_arg(2, &9u8).unwrap();
    k.set_group_size([2, 1, 1]).unwrap();
    let sync = QueueDesc::default().mode(QueueMode::Synchronous);
    let mut list = ImmediateCommandList::with_desc(&ctx, &dev, sync).unwrap();
    println!("BEFORE");
    list.launch(&k, Groups([1, 1, 1]), Deps::NONE).unwrap();
    println!("AFTER");
}

#[test]
fn printf_output_reaches_stdout_when_the_launch_completes() {
    let name = "printf_output_reaches_stdout_when_the_launch_completes";
    let Some((stdout, _)) = common::child_output(name, &[]) else {
        return child();
    };
    let lines: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.ends_with("BEFORE")) // after the harness's "test ... "
        .skip(1)
        .take_while(|l| *l != "AFTER")
        .collect();
    let item = "0.500000,2.000000 -7 9";
    assert_eq!(lines, [item, item], "{stdout}");
}
