//! Bandwidth against size, one line per operation, drawn to SVG with plotters (its SVG
//! backend only: no system libraries, no fonts needed). Sizes are in binary units with ticks
//! at powers of two; the host's memcpy is the reference line, and dashed lines mark where a
//! size passes the host's L2 and L3.

use crate::bandwidth::{Measurement, Op};
use crate::host::Cache;
use plotters::prelude::*;

/// Most labelled ticks on the size axis.
const MAX_TICKS: usize = 10;

/// The powers of two from `min` to `max` (every power, or every second, fourth, ... so that
/// at most ten remain, on exponents that are multiples of the step); the powers in between
/// are the light grid lines.
///
/// ```
/// use oneapi_tools::plot::size_ticks;
/// assert_eq!(size_ticks(4096, 65536), [4096, 8192, 16384, 32768, 65536]);
/// assert_eq!(size_ticks(4 << 10, 1 << 30).len(), 10); // 4 KiB, 16 KiB, ... 1 GiB
/// ```
pub fn size_ticks(min: usize, max: usize) -> Vec<usize> {
    let powers = powers_of_two(min, max);
    let mut step = 1;
    while powers.len().div_ceil(step) > MAX_TICKS {
        step *= 2;
    }
    powers
        .into_iter()
        .filter(|p| (p.trailing_zeros() as usize) % step == 0)
        .collect()
}

/// Every power of two from `min` to `max`.
fn powers_of_two(min: usize, max: usize) -> Vec<usize> {
    (0..usize::BITS)
        .map(|e| 1usize << e)
        .filter(|&p| p >= min && p <= max)
        .collect()
}

/// A size in binary units, without decimals where it is a whole number of them.
///
/// ```
/// use oneapi_tools::plot::size_label;
/// assert_eq!(size_label(4096), "4 KiB");
/// assert_eq!(size_label(1 << 20), "1 MiB");
/// assert_eq!(size_label(512), "512 B");
/// assert_eq!(size_label(1536), "1.5 KiB");
/// ```
pub fn size_label(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    for (i, unit) in UNITS.iter().enumerate().rev() {
        let scale = 1usize << (10 * (i + 1));
        if bytes >= scale && bytes % scale == 0 {
            return format!("{} {unit}", bytes / scale);
        }
    }
    onearray::human(bytes)
}

/// The name of `op`'s line in the legend.
fn legend(op: Op) -> String {
    match op {
        Op::Memcpy => "host memcpy".into(),
        Op::MemcpyAll => "host memcpy, all cores".into(),
        _ => op.label(),
    }
}

/// Draws `measurements` to the SVG file `path`: size (log scale, binary units) across, GB/s
/// up, a line per operation; [`Op::Memcpy`] and [`Op::MemcpyAll`] as the dashed black and grey references; a dashed line
/// at each of `caches` within the sizes measured. `note` says what a point is.
pub fn bandwidth_svg(
    path: &std::path::Path,
    title: &str,
    note: &str,
    measurements: &[Measurement],
    caches: &[Cache],
) -> Result<(), Box<dyn std::error::Error>> {
    let (Some(min), Some(max)) = (
        measurements.iter().map(|m| m.size).min(),
        measurements.iter().map(|m| m.size).max(),
    ) else {
        return Err("nothing to plot".into());
    };
    let max = max.max(min.saturating_mul(2));
    let top = measurements
        .iter()
        .map(Measurement::gbps)
        .fold(0.0, f64::max)
        * 1.12;
    let top = top.max(1e-3);
    let ticks: Vec<f64> = size_ticks(min, max).into_iter().map(|t| t as f64).collect();
    let light: Vec<f64> = powers_of_two(min, max)
        .into_iter()
        .map(|t| t as f64)
        .collect();
    let root = SVGBackend::new(path, (1100, 680)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(52)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (min as f64..max as f64)
                .log_scale()
                .with_key_points(ticks)
                .with_light_points(light),
            0.0..top,
        )?;
    chart
        .configure_mesh()
        .x_desc(format!("bytes per operation; {note}"))
        .y_desc("GB/s (10^9 B/s)")
        .y_max_light_lines(1)
        .x_label_formatter(&|x| size_label(x.round() as usize))
        .draw()?;
    for cache in caches {
        let x = cache.size as f64;
        if x < min as f64 || x > max as f64 {
            continue;
        }
        let grey = RGBColor(110, 110, 110);
        chart.draw_series(DashedLineSeries::new(
            [(x, 0.0), (x, top)],
            8,
            6,
            grey.stroke_width(1),
        ))?;
        chart.draw_series(std::iter::once(Text::new(
            format!("{} {}", cache.name(), size_label(cache.size)),
            // At the foot of the line: the legend takes the top right corner.
            (x * 1.04, top * 0.05),
            ("sans-serif", 14).into_font().color(&grey),
        )))?;
    }
    for (i, op) in Op::ALL
        .into_iter()
        .chain([Op::Memcpy, Op::MemcpyAll])
        .enumerate()
    {
        let mut points: Vec<(f64, f64)> = measurements
            .iter()
            .filter(|m| m.op == op)
            .map(|m| (m.size as f64, m.gbps()))
            .collect();
        if points.is_empty() {
            continue;
        }
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let reference = matches!(op, Op::Memcpy | Op::MemcpyAll);
        let (color, width) = match op {
            Op::Memcpy => (BLACK.to_rgba(), 3),
            Op::MemcpyAll => (RGBColor(96, 96, 96).to_rgba(), 3),
            _ => (Palette99::pick(i).to_rgba(), 2),
        };
        let style = color.stroke_width(width);
        let series = if reference {
            chart.draw_series(DashedLineSeries::new(points.iter().copied(), 10, 5, style))?
        } else {
            chart.draw_series(LineSeries::new(points.iter().copied(), style))?
        };
        series
            .label(legend(op))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_powers_of_two_with_binary_labels() {
        let ticks = size_ticks(4 << 10, 1 << 30);
        assert!(ticks.iter().all(|t| t.is_power_of_two()));
        let labels: Vec<String> = ticks.iter().map(|&t| size_label(t)).collect();
        assert_eq!(
            labels,
            [
                "4 KiB", "16 KiB", "64 KiB", "256 KiB", "1 MiB", "4 MiB", "16 MiB", "64 MiB",
                "256 MiB", "1 GiB"
            ]
        );
        assert_eq!(size_ticks(4096, 8192), [4096, 8192]);
        assert_eq!(size_ticks(5000, 6000), Vec::<usize>::new());
        assert!(size_ticks(1, usize::MAX).len() <= MAX_TICKS);
    }
}
