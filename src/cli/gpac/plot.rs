//! SVG plots of an experiment (plotters): fitness against evaluations averaged over
//! runs, and the final Pareto fronts.

use crate::cli::CliError;
use gridlab::games::gpac::evolve::{EvolveConfig, Generation};
use plotters::prelude::*;
use std::path::Path;

/// Evaluations against the population's mean and best fitness, each averaged over the
/// runs (generation by generation).
pub fn fitness_svg<'a>(
    path: &Path,
    config: &EvolveConfig,
    logs: impl Iterator<Item = &'a [Generation]>,
) -> Result<(), CliError> {
    let logs: Vec<&[Generation]> = logs.collect();
    let generations = logs.iter().map(|l| l.len()).min().unwrap_or(0);
    let average = |f: &dyn Fn(&Generation) -> f64| -> Vec<(f64, f64)> {
        (0..generations)
            .map(|g| {
                let x = logs[0][g].evaluations as f64;
                let y = logs.iter().map(|l| f(&l[g])).sum::<f64>() / logs.len() as f64;
                (x, y)
            })
            .collect()
    };
    let mean = average(&|g| g.mean[0]);
    let best = average(&|g| g.best[0]);
    let ys = mean.iter().chain(&best).map(|p| p.1);
    let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
        (a.min(y), b.max(y))
    });
    let (lo, hi) = if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, lo + 1.0)
    };
    let pad = (hi - lo) * 0.05;
    let error = |e: &dyn std::fmt::Display| plot_error(path, e);
    let root = SVGBackend::new(path, (900, 540)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(&e))?;
    let title = format!(
        "{} runs, μ = {}, λ = {}: fitness (−mean score) vs evaluations",
        logs.len(),
        config.mu,
        config.lambda
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..config.evaluations as f64, (lo - pad)..(hi + pad))
        .map_err(|e| error(&e))?;
    chart
        .configure_mesh()
        .x_desc("evaluations")
        .y_desc("fitness")
        .draw()
        .map_err(|e| error(&e))?;
    let blue = RGBColor(0, 114, 178);
    let orange = RGBColor(213, 94, 0);
    chart
        .draw_series(LineSeries::new(mean, blue.stroke_width(2)))
        .map_err(|e| error(&e))?
        .label("mean fitness (average over runs)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], blue));
    chart
        .draw_series(LineSeries::new(best, orange.stroke_width(2)))
        .map_err(|e| error(&e))?
        .label("best fitness (average over runs)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], orange));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::LowerRight)
        .draw()
        .map_err(|e| error(&e))?;
    root.present().map_err(|e| error(&e))
}

/// The final Pareto fronts of the runs: fitness against −dead ends.
pub fn pareto_svg(path: &Path, fronts: &[Vec<(f64, f64)>]) -> Result<(), CliError> {
    let points = fronts.iter().flatten();
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if !x0.is_finite() {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let (px, py) = (((x1 - x0) * 0.05).max(0.5), ((y1 - y0) * 0.05).max(0.5));
    let error = |e: &dyn std::fmt::Display| plot_error(path, e);
    let root = SVGBackend::new(path, (800, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| error(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Final Pareto fronts (one colour a run)", ("sans-serif", 20))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((x0 - px)..(x1 + px), (y0 - py)..(y1 + py))
        .map_err(|e| error(&e))?;
    chart
        .configure_mesh()
        .x_desc("fitness (−mean score)")
        .y_desc("−dead ends")
        .draw()
        .map_err(|e| error(&e))?;
    for (r, front) in fronts.iter().enumerate() {
        let colour = Palette99::pick(r).to_rgba();
        chart
            .draw_series(front.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(|e| error(&e))?;
    }
    root.present().map_err(|e| error(&e))
}

/// A plot that could not be drawn or written.
fn plot_error(path: &Path, e: &dyn std::fmt::Display) -> CliError {
    CliError::Input(format!("plot {}: {e}", path.display()))
}
