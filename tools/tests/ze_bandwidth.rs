//! `ze-bandwidth` end to end on the CPU driver, over two small sizes: the table has a row per
//! size and a column per operation, the latencies are printed, and the plot is an SVG with a
//! line per operation.

use std::process::Command;

#[test]
fn prints_the_table_and_draws_the_plot() {
    let svg = std::env::temp_dir().join(format!("ze-bandwidth-test-{}.svg", std::process::id()));
    let csv = svg.with_extension("csv");
    let out = Command::new(env!("CARGO_BIN_EXE_ze-bandwidth"))
        .args(["--max", "16K", "--budget", "0", "--plot"])
        .arg(&svg)
        .arg("--timeline")
        .arg(&csv)
        .env("ONEAPI_RS_BACKEND", "cpu")
        .output()
        .expect("ze-bandwidth runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let header = text
        .lines()
        .find(|l| l.trim_start().starts_with("size"))
        .expect("a table");
    for column in [
        "h2d",
        "d2h",
        "d2d",
        "pageable2d",
        "d2pageable",
        "s2d",
        "d2s",
        "fill d",
    ] {
        assert!(
            header.contains(&format!(" {column}")),
            "no {column} in {header}"
        );
    }
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("4.0 KiB") || l.trim_start().starts_with("16.0 KiB"))
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    for row in rows {
        let figures: Vec<f64> = row
            .split_whitespace()
            .skip(2)
            .map(|f| f.parse().unwrap())
            .collect();
        assert_eq!(figures.len(), 10, "{row}");
        assert!(figures.iter().all(|&g| g > 0.0), "{row}");
    }
    assert!(text.contains("copy 4 B + synchronize"));
    let plot = std::fs::read_to_string(&svg).expect("the plot is written");
    std::fs::remove_file(&svg).ok();
    assert!(plot.starts_with("<svg"));
    for label in ["h2d", "fill s"] {
        assert!(
            plot.lines().any(|l| l.trim() == label),
            "the legend names {label}"
        );
    }
    assert!(
        plot.matches("<polyline").count() >= 10,
        "a line per operation"
    );
}

#[test]
fn bad_options_exit_with_status_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_ze-bandwidth"))
        .args(["--max", "huge"])
        .output()
        .expect("ze-bandwidth runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max huge"));
}
