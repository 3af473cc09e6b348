//! Streaming through bounded device memory: the same result as processing in one piece,
//! whatever the chunking, depth and list the kernel runs on; progress; errors.

use level_zero::{Grid, Kernel, Module};
use onearray::{stream_map, Error, OneArray, StreamOptions};
use proptest::prelude::*;

/// `scale_add(n, a, b, const x, y)`: `y = a x + b` for the first `n` elements.
fn scale_add() -> Kernel {
    let spirv = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/scale_add.spv"
    ))
    .unwrap();
    Module::new(&spirv).unwrap().kernel("scale_add").unwrap()
}

/// The kernel over all of `input` at once.
fn in_one_piece(kernel: &mut Kernel, input: &[f32]) -> Vec<f32> {
    let x = OneArray::<f32>::from_slice(input).unwrap();
    let mut y = OneArray::<f32>::zeroed(input.len()).unwrap();
    let n = input.len();
    if n > 0 {
        kernel
            .launch(Grid::for_len(n))
            .arg(n as u32)
            .arg(3.0f32)
            .arg(-1.0f32)
            .arg(&x)
            .arg(&mut y)
            .run()
            .unwrap();
    }
    y.to_vec().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn streaming_gives_the_one_piece_result(
        input in prop::collection::vec(-1000.0f32..1000.0, 0..6000),
        // At least one element in and out per buffer pair at the deepest depth (3 x 8 bytes):
        // less is refused (refuses_mismatched_lengths_and_too_little_memory).
        device_memory in 24usize..20_000,
        depth in 1usize..4,
        on_thread_stream: bool,
    ) {
        let mut kernel = scale_add();
        let expect = in_one_piece(&mut kernel, &input);
        let mut output = vec![f32::NAN; input.len()];
        let mut seen = Vec::new();
        let options = StreamOptions { device_memory, depth };
        let stats = stream_map(&input, &mut output, options, |c| {
            let n = c.input.len();
            let launch = kernel.launch(Grid::for_len(n)).arg(n as u32).arg(3.0f32).arg(-1.0f32).arg(c.input).arg(c.output);
            // On the compute list, or on the thread's stream: the arrays order both.
            if on_thread_stream { launch.run().map(drop) } else { launch.run_on(c.list).map(drop) }
        }, |done| seen.push(done)).unwrap();
        prop_assert_eq!(&output, &expect);
        prop_assert!(stats.device_bytes <= device_memory);
        prop_assert_eq!(stats.chunks, input.len().div_ceil(stats.chunk_len));
        prop_assert_eq!(seen.len(), stats.chunks);
        prop_assert!(seen.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(seen.last().copied().unwrap_or(0), input.len());
    }
}

#[test]
fn refuses_mismatched_lengths_and_too_little_memory() {
    let input = vec![1.0f32; 10];
    let mut short = vec![0.0f32; 9];
    let err = stream_map(
        &input,
        &mut short,
        StreamOptions::default(),
        |_| Ok(()),
        |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(err, Error::LengthMismatch { dst: 9, src: 10 }),
        "{err}"
    );
    let mut out = vec![0.0f32; 10];
    let tiny = StreamOptions {
        device_memory: 15,
        depth: 2,
    };
    let err = stream_map(&input, &mut out, tiny, |_| Ok(()), |_| {}).unwrap_err();
    assert!(err.to_string().contains("15 bytes"), "{err}");
}

#[test]
fn a_kernel_error_stops_the_run() {
    let input = vec![1.0f32; 1000];
    let mut out = vec![0.0f32; 1000];
    let options = StreamOptions {
        device_memory: 800,
        depth: 2,
    };
    let mut calls = 0;
    let err = stream_map(
        &input,
        &mut out,
        options,
        |c| {
            calls += 1;
            if c.index == 3 {
                return Err(level_zero::Error::InvalidArgument("chunk 3".into()));
            }
            Ok(())
        },
        |_| {},
    )
    .unwrap_err();
    assert!(err.to_string().contains("chunk 3"), "{err}");
    assert_eq!(calls, 4);
}
