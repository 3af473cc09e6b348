//! Bandwidth against size, one line per operation, drawn to SVG with plotters (its SVG
//! backend only: no system libraries, no fonts needed).

use crate::bandwidth::{Measurement, Op};
use plotters::prelude::*;

/// Draws `measurements` to the SVG file `path`: size (log scale) across, GB/s up.
pub fn bandwidth_svg(
    path: &std::path::Path,
    title: &str,
    measurements: &[Measurement],
) -> Result<(), Box<dyn std::error::Error>> {
    if measurements.is_empty() {
        return Err("nothing to plot".into());
    }
    let min = measurements.iter().map(|m| m.size).min().unwrap_or(1) as f64;
    let max = (measurements.iter().map(|m| m.size).max().unwrap_or(1) as f64).max(min * 2.0);
    let top = measurements
        .iter()
        .map(Measurement::gbps)
        .fold(0.0, f64::max)
        * 1.1;
    let root = SVGBackend::new(path, (1000, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(60)
        .build_cartesian_2d((min..max).log_scale(), 0.0..top.max(1e-3))?;
    chart
        .configure_mesh()
        .x_desc("bytes per operation")
        .y_desc("GB/s")
        .x_label_formatter(&|x| onearray::human(*x as usize))
        .draw()?;
    for (i, op) in Op::ALL.into_iter().enumerate() {
        let mut points: Vec<(f64, f64)> = measurements
            .iter()
            .filter(|m| m.op == op)
            .map(|m| (m.size as f64, m.gbps()))
            .collect();
        if points.is_empty() {
            continue;
        }
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                color.stroke_width(2),
            ))?
            .label(op.label())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
