//! `gridlab gpac evolve`: an experiment of R runs in parallel, with logs, the best
//! maps and world files, a plot, Pareto fronts and a statistical comparison.

use crate::cli::{load, read_input, CliError, EXIT_OK};
use clap::builder::RangedU64ValueParser;
use clap::Args;
use gridlab::error::ParseError;
use gridlab::games::gpac::evolve::{EvolveConfig, Generation, Individual, Run, MAX_EVALUATIONS};
use gridlab::games::gpac::stats::{f_test, mean, variance, welch_t_test};
use gridlab::games::gpac::Ini;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `gridlab gpac evolve`.
#[derive(Args)]
pub struct EvolveArgs {
    /// The course's INI config (e.g. configs/gpac/fall2021_series1_mapgen/green1b_config.txt).
    #[arg(long)]
    config: String,
    /// Independent runs, 1 to 1,000 (the course used 30).
    #[arg(long, default_value_t = 30, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_000))]
    runs: usize,
    /// Evaluations per run, 1 to 10,000,000 (the course used 2000).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_EVALUATIONS as u64))]
    evals: Option<usize>,
    /// Seed of run 0 (run r uses seed + r).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Random search (assignment 1a) instead of the EA.
    #[arg(long)]
    random_search: bool,
    /// Compare the runs' best fitnesses with these (one number a line), e.g.
    /// configs/gpac/fall2021_series1_mapgen/mysteryAlgorithmResults.txt.
    #[arg(long)]
    baseline: Option<String>,
    /// Worker threads, 1 to 1,024 (default: one per core).
    #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=1_024))]
    jobs: Option<usize>,
    /// Output folder (created).
    #[arg(long)]
    out: PathBuf,
}

/// What one run leaves.
struct RunResult {
    log: Vec<Generation>,
    best: Individual,
    front: Vec<Individual>,
}

/// Run an experiment; the exit code.
pub fn run(args: EvolveArgs) -> Result<u8, CliError> {
    let mut config = load(&args.config, |text| {
        EvolveConfig::from_ini(&Ini::parse(text)?)
    })?;
    if let Some(e) = args.evals {
        config.evaluations = e;
    }
    config.random_search |= args.random_search;
    config
        .check()
        .map_err(|e| CliError::Input(format!("{}: {e}", args.config)))?;
    let baseline = args.baseline.as_deref().map(read_numbers).transpose()?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::Input(format!("cannot create {}: {e}", args.out.display())))?;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(j) = args.jobs {
        pool = pool.num_threads(j);
    }
    let pool = pool
        .build()
        .map_err(|e| CliError::Input(format!("no worker threads: {e}")))?;
    let total = (args.runs * config.evaluations) as u64;
    let bar = ProgressBar::new(total).with_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} evaluations ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let started = std::time::Instant::now();
    let results: Vec<RunResult> = pool.install(|| {
        (0..args.runs)
            .into_par_iter()
            .map(|r| {
                let mut run = Run::new(config.clone(), args.seed.wrapping_add(r as u64));
                let mut done = 0;
                while run.step().is_some() {
                    bar.inc((run.evaluations() - done) as u64);
                    done = run.evaluations();
                }
                RunResult {
                    log: run.log().to_vec(),
                    best: run.best().cloned().expect("a run evaluates something"),
                    front: run.front().into_iter().cloned().collect(),
                }
            })
            .collect()
    });
    bar.finish_and_clear();
    let summary = write_outputs(
        &args,
        &config,
        &results,
        baseline.as_deref(),
        started.elapsed(),
    )?;
    super::emit(&summary);
    Ok(EXIT_OK)
}

/// A baseline file: one finite number a line (blank lines skipped), at least two.
fn read_numbers(path: &str) -> Result<Vec<f64>, CliError> {
    let text = read_input(path)?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        match t.parse::<f64>() {
            Ok(v) if v.is_finite() => out.push(v),
            _ => {
                return Err(CliError::Parse {
                    file: path.into(),
                    error: ParseError::new(i + 1, 1, format!("'{t}' is not a finite number")),
                })
            }
        }
    }
    if out.len() < 2 {
        return Err(CliError::Input(format!(
            "{path}: a baseline needs at least two numbers"
        )));
    }
    Ok(out)
}

/// Write a file of the experiment's output.
fn write(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text)
        .map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))
}

fn objective_names(config: &EvolveConfig) -> Vec<&'static str> {
    if config.dead_ends {
        vec!["fitness", "dead_ends"]
    } else {
        vec!["fitness"]
    }
}

fn write_outputs(
    args: &EvolveArgs,
    config: &EvolveConfig,
    results: &[RunResult],
    baseline: Option<&[f64]>,
    elapsed: std::time::Duration,
) -> Result<String, CliError> {
    let out = &args.out;
    let names = objective_names(config);
    for (r, result) in results.iter().enumerate() {
        let mut log = String::from("evals");
        for n in &names {
            let _ = write!(log, "\tmean_{n}\tbest_{n}");
        }
        if result.log.iter().any(|g| g.mean_parameter.is_some()) {
            log.push_str("\tmean_parameter");
        }
        log.push('\n');
        for g in &result.log {
            let _ = write!(log, "{}", g.evaluations);
            for m in 0..g.mean.len() {
                let _ = write!(log, "\t{}\t{}", g.mean[m], g.best[m]);
            }
            if let Some(p) = g.mean_parameter {
                let _ = write!(log, "\t{p}");
            }
            log.push('\n');
        }
        write(&out.join(format!("run_{r:02}.log")), &log)?;
        write(
            &out.join(format!("run_{r:02}_best_map.txt")),
            &result.best.map(config).to_text(),
        )?;
        write(
            &out.join(format!("run_{r:02}_best_world.txt")),
            &result.best.world_file(config).to_text(),
        )?;
        if config.dead_ends {
            let mut front = String::from("fitness\tdead_ends\tmean_score\n");
            for i in &result.front {
                let _ = writeln!(
                    front,
                    "{}\t{}\t{}",
                    i.eval.objectives[0], i.eval.dead_ends, i.eval.mean_score
                );
            }
            write(&out.join(format!("run_{r:02}_pareto_front.txt")), &front)?;
        }
    }
    let best_run = (0..results.len())
        .max_by(|&a, &b| {
            (-results[a].best.eval.mean_score).total_cmp(&(-results[b].best.eval.mean_score))
        })
        .unwrap_or(0);
    let best = &results[best_run].best;
    write(&out.join("best_map.txt"), &best.map(config).to_text())?;
    write(
        &out.join("best_world.txt"),
        &best.world_file(config).to_text(),
    )?;
    super::plot::fitness_svg(
        &out.join("fitness.svg"),
        config,
        results.iter().map(|r| r.log.as_slice()),
    )?;
    if config.dead_ends {
        let fronts: Vec<Vec<(f64, f64)>> = results
            .iter()
            .map(|r| {
                r.front
                    .iter()
                    .map(|i| (i.eval.objectives[0], -(i.eval.dead_ends as f64)))
                    .collect()
            })
            .collect();
        super::plot::pareto_svg(&out.join("pareto.svg"), &fronts)?;
    }
    // The summary: per-run best raw fitness (−mean score), and the comparison.
    let bests: Vec<f64> = results.iter().map(|r| -r.best.eval.mean_score).collect();
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "config {}\nruns {} × {} evaluations ({}), seeds {}..{}, {:.1} s",
        args.config,
        results.len(),
        config.evaluations,
        if config.random_search {
            "random search"
        } else {
            "EA"
        },
        args.seed,
        args.seed + results.len() as u64 - 1,
        elapsed.as_secs_f64()
    );
    let _ = writeln!(
        summary,
        "best fitness per run (−mean Pac-Man score): {}",
        join(&bests)
    );
    let _ = writeln!(
        summary,
        "mean {:.3}  variance {:.3}  best {:.3} (run {best_run}, map best_map.txt)",
        mean(&bests),
        variance(&bests),
        bests.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    );
    if let Some(base) = baseline {
        let _ = writeln!(
            summary,
            "baseline {}: n {}  mean {:.3}  variance {:.3}",
            args.baseline.as_deref().unwrap_or(""),
            base.len(),
            mean(base),
            variance(base)
        );
        match f_test(&bests, base) {
            Some(f) => {
                let _ =
                    writeln!(
                    summary,
                    "F-test (equal variances): F = {:.4}, df = ({}, {}), p = {:.4} (two-sided){}",
                    f.statistic,
                    f.df,
                    f.df2,
                    f.p,
                    if f.p < 0.05 { ": variances differ at 0.05" } else { "" }
                );
            }
            None => summary.push_str("F-test: not defined (too few values or zero variance)\n"),
        }
        match welch_t_test(&bests, base) {
            Some(t) => {
                let verdict = if t.p >= 0.05 {
                    "no significant difference at 0.05".to_string()
                } else if t.statistic > 0.0 {
                    "the runs are significantly better (higher fitness) at 0.05".to_string()
                } else {
                    "the baseline is significantly better at 0.05".to_string()
                };
                let _ = writeln!(
                    summary,
                    "Welch's t-test (equal means): t = {:.4}, df = {:.2}, p = {:.4} (two-sided): {verdict}",
                    t.statistic, t.df, t.p
                );
            }
            None => summary.push_str("t-test: not defined (too few values or zero variance)\n"),
        }
    }
    write(&out.join("summary.txt"), &summary)?;
    Ok(summary)
}

fn join(xs: &[f64]) -> String {
    xs.iter()
        .map(|x| format!("{x}"))
        .collect::<Vec<_>>()
        .join(" ")
}
