//! Bounds checking (`oob` kernels): a faulting launch is reported as device lost, named on
//! stderr, and the context keeps working.

use super::*;

/// Tells the parent which report to find: `EXPECT <kernel> <address> <allocation range>`.
fn expect_report(kernel: &str, addr: usize, start: usize, end: usize) {
    eprintln!("EXPECT {kernel} {addr:#x} {start:#x} {end:#x}");
}

/// In the child: runs the faulting kernels, each time checking the result the API returns.
fn oob_child() {
    let mut gpu = Gpu::new();
    for opt in OPT {
        let m = gpu.module(&format!("oob-{opt}"));
        let (mut kw, mut kr) = (
            m.kernel("oob_write").unwrap(),
            m.kernel("oob_read").unwrap(),
        );
        let mut kl = m.kernel("oob_local_write").unwrap();
        // One work-group: the first faulting item is the first past the end.
        let out = gpu.zeros::<i32>(64);
        kw.set_arg_buffer(0, &out).unwrap();
        kw.set_arg(1, &3i32).unwrap();
        assert_eq!(
            code(gpu.launch(&mut kw, [1, 1, 1], [64, 1, 1])),
            DEVICE_LOST,
            "{opt}"
        );
        let base = out.as_ptr() as usize;
        expect_report("oob_write", base + 256, base, base + 256);
        let input = gpu.buffer(&(0..64).collect::<Vec<i32>>());
        kr.set_arg_buffer(0, &input).unwrap();
        kr.set_arg_buffer(1, &out).unwrap();
        kr.set_arg(2, &1i32).unwrap();
        assert_eq!(
            code(gpu.launch(&mut kr, [1, 1, 1], [64, 1, 1])),
            DEVICE_LOST,
            "{opt}"
        );
        let base = input.as_ptr() as usize;
        expect_report("oob_read", base + 256, base, base + 256);
        // Many groups on all threads: the launch fails, whichever item faults first.
        let big = gpu.zeros::<i32>(4096);
        kw.set_arg_buffer(0, &big).unwrap();
        kw.set_arg(1, &1i32).unwrap();
        let r = gpu.launch(&mut kw, [256, 1, 1], [16, 1, 1]);
        assert_eq!(code(r), DEVICE_LOST, "{opt}");
        // Local memory: past the end of a __local argument, also of an odd number of ints.
        for l in [8u32, 7, 1] {
            let o = gpu.zeros::<i32>(l as usize * 2);
            kl.set_arg_buffer(0, &o).unwrap();
            kl.set_arg_local(1, l as usize * 4).unwrap();
            kl.set_arg(2, &1i32).unwrap();
            let r = gpu.launch(&mut kl, [2, 1, 1], [l, 1, 1]);
            assert_eq!(code(r), DEVICE_LOST, "{opt} L={l}");
            // In bounds (n = 0) the same kernel works.
            kl.set_arg(2, &0i32).unwrap();
            gpu.run(&mut kl, [2, 1, 1], [l, 1, 1]);
            assert_eq!(read::<i32>(&o), (0..2 * l as i32).collect::<Vec<_>>());
        }
        // The same context and list run correct kernels afterwards.
        kw.set_arg_buffer(0, &out).unwrap();
        kw.set_arg(1, &0i32).unwrap();
        gpu.run(&mut kw, [4, 1, 1], [16, 1, 1]);
        assert_eq!(
            read::<i32>(&out),
            (0..64).collect::<Vec<i32>>(),
            "{opt} after the faults"
        );
    }

    // Asynchronous immediate list: the signal event reports the loss.
    let m = gpu.module("oob-O2");
    let mut k = m.kernel("oob_write").unwrap();
    let out = gpu.zeros::<i32>(32);
    let pool = EventPool::new(&gpu.ctx, EventPoolFlags::HOST_VISIBLE, 2).unwrap();
    let events = [0, 1].map(|i| pool.event(i, EventScope::HOST, EventScope::HOST).unwrap());
    let mut async_list = ImmediateCommandList::new(&gpu.ctx, &gpu.dev).unwrap();
    k.set_arg_buffer(0, &out).unwrap();
    k.set_group_size([32, 1, 1]).unwrap();
    for (n, ev, lost) in [(1000i32, &events[0], true), (0, &events[1], false)] {
        k.set_arg(1, &n).unwrap();
        async_list
            .launch(&k, Groups([1, 1, 1]), Deps::signal(ev))
            .unwrap();
        match ev.wait(None) {
            Ok(done) => assert!(done && !lost, "n = {n}: the launch must fail"),
            Err(e) => assert_eq!((e.result(), lost), (Some(DEVICE_LOST), true), "n = {n}"),
        }
    }
    let base = out.as_ptr() as usize;
    expect_report("oob_write", base + 4000, base, base + 128);
    assert_eq!(read::<i32>(&out), (0..32).collect::<Vec<i32>>());

    // A command queue: its synchronize reports the loss, then runs the next work.
    let q = CommandQueue::new(&gpu.ctx, &gpu.dev).unwrap();
    let mut kr = m.kernel("oob_read").unwrap();
    let (input, out2) = (gpu.buffer(&[7i32; 16]), gpu.zeros::<i32>(16));
    kr.set_arg_buffer(0, &input).unwrap();
    kr.set_arg_buffer(1, &out2).unwrap();
    kr.set_group_size([16, 1, 1]).unwrap();
    for (n, lost) in [(-20i32, true), (0, false)] {
        kr.set_arg(2, &n).unwrap(); // -20: before the start
        let mut list = CommandList::new(&gpu.ctx, &gpu.dev).unwrap();
        list.launch(&kr, Groups([1, 1, 1]), Deps::NONE).unwrap();
        list.close().unwrap();
        q.execute(&[&list], None).unwrap();
        match q.synchronize(None) {
            Ok(done) => assert!(done && !lost, "n = {n}: the launch must fail"),
            Err(e) => assert_eq!((e.result(), lost), (Some(DEVICE_LOST), true), "n = {n}"),
        }
    }
    let base = input.as_ptr() as usize;
    expect_report("oob_read", base - 80, base, base + 64);
    assert_eq!(read::<i32>(&out2), [7; 16]);
}

#[test]
fn out_of_bounds_fails_the_launch_and_is_reported() {
    let name = "bounds::out_of_bounds_fails_the_launch_and_is_reported";
    let Some(stderr) = common::child_stderr(name, &[]) else {
        oob_child();
        return;
    };
    let reports: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("device lost"))
        .collect();
    let expects: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("EXPECT "))
        .collect();
    assert_eq!(expects.len(), 6, "{stderr}");
    for e in expects {
        let f: Vec<&str> = e.split(' ').collect();
        let (kernel, addr, start, end) = (f[1], f[2], f[3], f[4]);
        let want = format!(
            "kernel {kernel}: out-of-bounds access of 4 bytes at {addr}; nearest allocation \
             [{start}, {end})"
        );
        let found = reports.iter().any(|r| r.contains(&want));
        assert!(found, "no report {want:?} in:\n{stderr}");
    }
    // Every faulting launch was reported, local-memory ones included.
    assert_eq!(reports.len(), 2 * (2 + 1 + 3) + 2, "{stderr}");
    let local = "kernel oob_local_write: out-of-bounds access of 4 bytes at ";
    let local = reports.iter().filter(|r| r.contains(local));
    let named = local.filter(|r| r.contains("bytes, __local memory of the work-group)"));
    assert_eq!(named.count(), 6, "{stderr}");
}
