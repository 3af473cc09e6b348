//! The memory timeline, in a process of its own (the recording is process-wide): what the
//! sampler records around allocations, frees and marks, and its CSV.

use onearray::{
    memory_timeline, start_timeline, stop_timeline, timeline_mark, timeline_running,
    timeline_sample, MemoryKind, OneArray, SharedBuffer,
};
use std::time::Duration;

#[test]
fn records_bytes_in_use_pooled_and_live_arrays_with_marks() {
    assert!(!timeline_running(), "off by default");
    timeline_mark("ignored while off");
    assert!(memory_timeline().marks.is_empty());

    // An hour between ticks: only explicit samples and marks record, so the test is exact.
    start_timeline(Duration::from_secs(3600));
    assert!(timeline_running());
    let a = OneArray::<u8>::zeroed(1 << 20).unwrap();
    let s = OneArray::<f32, SharedBuffer>::zeroed(1000).unwrap();
    timeline_mark("allocated");
    timeline_sample(); // unchanged figures: no new row
    let rows_after_mark = memory_timeline().samples.len();
    drop(a);
    timeline_mark("freed");
    drop(s);
    onearray::trim();
    stop_timeline();
    assert!(!timeline_running());
    timeline_mark("after stop");

    let t = memory_timeline();
    assert_eq!(
        t.marks.iter().map(|m| m.label.as_str()).collect::<Vec<_>>(),
        ["allocated", "freed"]
    );
    assert!(t.marks[0].time <= t.marks[1].time);
    assert!(t.samples.windows(2).all(|w| w[0].time <= w[1].time));
    assert!(!t.truncated);

    let device: Vec<_> = t
        .samples
        .iter()
        .filter(|s| s.kind == MemoryKind::Device)
        .collect();
    let at_mark = device
        .iter()
        .rev()
        .find(|s| s.time <= t.marks[0].time)
        .unwrap();
    assert!(
        at_mark.bytes_in_use >= 1 << 20 && at_mark.live_arrays >= 1,
        "{at_mark:?}"
    );
    let last = device.last().unwrap();
    assert_eq!(last.bytes_in_use, at_mark.bytes_in_use - (1 << 20));
    assert_eq!(last.bytes_pooled, 0, "trimmed");
    assert!(t
        .samples
        .iter()
        .any(|s| s.kind == MemoryKind::Shared && s.bytes_in_use >= 4000));
    assert_eq!(
        t.samples
            .iter()
            .filter(|s| s.time > t.marks[0].time && s.time < t.marks[1].time)
            .count(),
        0,
        "an unchanged sample adds no row ({rows_after_mark} rows at the first mark)"
    );

    let csv = t.to_csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + t.samples.len() + t.marks.len());
    assert!(
        lines.iter().skip(1).all(|l| l.split(',').count() == 7),
        "{csv}"
    );
    assert!(lines.iter().any(|l| l.ends_with(",freed")));

    // A new recording starts empty; the sampler thread records by itself.
    start_timeline(Duration::from_millis(1));
    assert!(memory_timeline().marks.is_empty());
    let b = OneArray::<u8>::zeroed(4096).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !memory_timeline()
        .samples
        .iter()
        .any(|s| s.kind == MemoryKind::Device && s.live_arrays >= 1 && s.bytes_in_use >= 4096)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the sampler thread never sampled"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    drop(b);
    stop_timeline();
}

#[test]
#[ignore = "run by environment_switches_it_on_and_writes_the_csv_at_exit in a child process"]
fn child_allocates_under_the_environment_switch() {
    let a = OneArray::<u8>::zeroed(1 << 16).unwrap();
    assert!(
        timeline_running(),
        "ONEARRAY_TIMELINE=1 starts it with the first pool"
    );
    timeline_mark("child");
    drop(a);
}

#[test]
fn environment_switches_it_on_and_writes_the_csv_at_exit() {
    let csv = std::env::temp_dir().join(format!("onearray-timeline-{}.csv", std::process::id()));
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "child_allocates_under_the_environment_switch",
            "--ignored",
        ])
        .env("ONEARRAY_TIMELINE", "1")
        .env("ONEARRAY_TIMELINE_CSV", &csv)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = std::fs::read_to_string(&csv).expect("the CSV is written at exit");
    std::fs::remove_file(&csv).ok();
    assert!(text.starts_with("time_s,device,kind,"));
    assert!(text.lines().any(|l| l.ends_with(",child")), "{text}");
    assert!(text.lines().any(|l| l.contains(",device,65536,")), "{text}");
}
