//! GPac map evolution: repair always yields a playable map, the operators keep genotype
//! length and bounds, non-dominated sorting agrees with brute force, the course configs
//! load, and a seeded run is reproducible.

use gridlab::games::gpac::evolve::{
    dominates, evaluate, mutate, non_dominated_levels, pareto_fitness, EvolveConfig, GenotypeKind,
    ParentSelection, Recombination, Run, SurvivalSelection,
};
use gridlab::games::gpac::{repair, Ini, Map, Pairing, FAR};
use proptest::prelude::*;
use rand::SeedableRng;

fn rng(seed: u64) -> rand_pcg::Pcg64Mcg {
    rand_pcg::Pcg64Mcg::seed_from_u64(seed)
}

proptest! {
    #[test]
    fn repair_yields_a_map_pacman_can_cover(
        (w, h, bits) in (1usize..12, 1usize..9).prop_flat_map(|(w, h)| {
            (Just(w), Just(h), prop::collection::vec(any::<bool>(), w * h))
        })
    ) {
        prop_assume!(w * h >= 2);
        let raw = Map::from_walls(w, h, bits).unwrap();
        let r = repair(&raw);
        let m = &r.map;
        prop_assert!(!m.is_wall_cell(m.pacman_start()));
        prop_assert!(!m.is_wall_cell(m.ghost_start()));
        let from_pac = m.distances_from(m.pacman_start());
        for c in 0..m.len() as u32 {
            prop_assert_eq!(m.is_wall_cell(c), from_pac[c as usize] == FAR, "cell {}", c);
        }
        let changed = raw.walls().iter().zip(m.walls()).filter(|(a, b)| a != b).count();
        prop_assert_eq!(changed as u32, r.repairs);
        // Repairing a repaired map changes nothing.
        prop_assert_eq!(repair(m).repairs, 0);
    }

    #[test]
    fn operators_keep_length_and_bounds(
        len in 2usize..300, seed in any::<u64>(), width in 1usize..40
    ) {
        let mut r = rng(seed);
        let a: Vec<bool> = (0..len).map(|i| i % 3 == 0).collect();
        let b: Vec<bool> = (0..len).map(|i| i % 2 == 0).collect();
        for method in [Recombination::OnePoint, Recombination::Uniform, Recombination::MultiDimensional] {
            let child = method.child(&a, &b, width, &mut r);
            prop_assert_eq!(child.len(), len);
            for i in 0..len {
                prop_assert!(child[i] == a[i] || child[i] == b[i]);
            }
        }
        let mut m = a.clone();
        mutate(&mut m, &mut r);
        prop_assert_eq!(m.len(), len);
        prop_assert!(m != a, "a mutation changes at least one bit");
        let fitness: Vec<f64> = (0..len).map(|i| -(((i * 7919) % 101) as f64)).collect();
        for sel in [
            ParentSelection::Uniform,
            ParentSelection::FitnessProportional,
            ParentSelection::StochasticUniversal,
            ParentSelection::Tournament { k: 3 },
        ] {
            let picks = sel.select(&fitness, 17, &mut r);
            prop_assert_eq!(picks.len(), 17);
            prop_assert!(picks.iter().all(|&i| i < len));
        }
        for sel in [
            SurvivalSelection::Truncation,
            SurvivalSelection::Tournament { k: 3 },
            SurvivalSelection::FitnessProportional,
        ] {
            let n = len / 2;
            let mut kept = sel.select(&fitness, n, &mut r);
            prop_assert_eq!(kept.len(), n);
            kept.sort();
            kept.dedup();
            prop_assert_eq!(kept.len(), n, "survivors are distinct");
        }
    }

    #[test]
    fn non_dominated_levels_match_brute_force(
        points in prop::collection::vec(prop::collection::vec(-5i32..5, 2), 1..40)
    ) {
        let points: Vec<Vec<f64>> = points.iter().map(|p| p.iter().map(|&x| f64::from(x)).collect()).collect();
        let levels = non_dominated_levels(&points);
        // Brute force: peel the points no remaining point dominates.
        let mut remaining: Vec<usize> = (0..points.len()).collect();
        let mut level = 0;
        while !remaining.is_empty() {
            let front: Vec<usize> = remaining
                .iter()
                .copied()
                .filter(|&i| !remaining.iter().any(|&j| dominates(&points[j], &points[i])))
                .collect();
            for &i in &front {
                prop_assert_eq!(levels[i], level);
            }
            remaining.retain(|i| !front.contains(i));
            level += 1;
        }
        let fitness = pareto_fitness(&points, true);
        for i in 0..points.len() {
            let base = (level - levels[i]) as f64;
            prop_assert!(fitness[i] >= base && fitness[i] < base + 1.0);
        }
    }
}

#[test]
fn tournaments_pick_the_best_and_truncation_keeps_the_best() {
    let fitness = [-3.0, -1.0, -2.0, -4.0];
    let picks = ParentSelection::Tournament { k: 4 }.select(&fitness, 5, &mut rng(1));
    assert_eq!(picks, vec![1; 5]);
    assert_eq!(
        SurvivalSelection::Truncation.select(&fitness, 3, &mut rng(1)),
        vec![1, 2, 0]
    );
    // SUS with equal weights picks everyone once.
    let mut sus = ParentSelection::StochasticUniversal.select(&[1.0; 5], 5, &mut rng(2));
    sus.sort();
    assert_eq!(sus, vec![0, 1, 2, 3, 4]);
}

fn course_config(name: &str) -> EvolveConfig {
    let text =
        std::fs::read_to_string(format!("configs/gpac/fall2021_series1_mapgen/{name}")).unwrap();
    EvolveConfig::from_ini(&Ini::parse(&text).unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn the_course_series_1_configs_load_with_their_operators() {
    let c = course_config("green1b_config.txt");
    assert_eq!(
        (c.width, c.height, c.samples, c.mu, c.lambda),
        (35, 20, 5, 200, 100)
    );
    assert_eq!(c.parents, ParentSelection::Tournament { k: 5 });
    assert_eq!(c.survival, SurvivalSelection::Truncation);
    assert_eq!(c.recombination, Recombination::OnePoint);
    assert_eq!(
        (c.settings.pill_density, c.settings.fruit_prob),
        (0.05, 0.1)
    );
    assert_eq!(
        course_config("red1b_config.txt").parents,
        ParentSelection::StochasticUniversal
    );
    assert_eq!(
        course_config("yellow1b_config.txt").recombination,
        Recombination::MultiDimensional
    );
    assert_eq!(course_config("green1c0_config.txt").penalty, Some(0.2));
    assert_eq!(
        course_config("green1c1_config.txt").genotype,
        GenotypeKind::SelfAdaptiveMutation { min: 0.1, max: 0.3 }
    );
    assert_eq!(
        course_config("yellow1c_config.txt").genotype,
        GenotypeKind::SelfAdaptivePenalty { min: 0.0, max: 1.0 }
    );
    let d = course_config("yellow1d_config.txt");
    assert!(d.dead_ends && d.crowding);
    for name in [
        "green1d_config.txt",
        "red11d_config.txt",
        "red21d_config.txt",
    ] {
        course_config(name);
    }
    let text =
        std::fs::read_to_string("configs/gpac/fall2022_series2_controllers/green2b_config.txt")
            .unwrap();
    let e = EvolveConfig::from_ini(&Ini::parse(&text).unwrap()).unwrap_err();
    assert!(
        e.message.contains("TreeGenotype") && e.message.contains("series 1"),
        "{e}"
    );
}

fn small(config: &str) -> EvolveConfig {
    let mut c = course_config(config);
    c.width = 12;
    c.height = 8;
    c.mu = 10;
    c.lambda = 6;
    c.samples = 2;
    c.evaluations = 40;
    c
}

#[test]
fn a_seeded_run_is_reproducible_and_logs_every_generation() {
    let run = |seed| {
        let mut r = Run::new(small("green1b_config.txt"), seed);
        r.finish();
        (r.log().to_vec(), r.best().unwrap().bits.clone())
    };
    let (log, best) = run(9);
    assert_eq!(run(9), (log.clone(), best));
    // 10 + 5 × 6 = 40 evaluations: the initial population and five generations.
    let evals: Vec<usize> = log.iter().map(|g| g.evaluations).collect();
    assert_eq!(evals, vec![10, 16, 22, 28, 34, 40]);
    // Truncation never loses the best.
    for pair in log.windows(2) {
        assert!(pair[1].best[0] >= pair[0].best[0]);
    }
    assert_ne!(run(10).0, log, "another seed, another run");
}

#[test]
fn every_variant_runs_and_reports_its_extras() {
    for (config, objectives, parameter) in [
        ("green1c0_config.txt", 1, false),
        ("green1c1_config.txt", 1, true),
        ("yellow1c_config.txt", 1, true),
        ("yellow1d_config.txt", 2, false),
        ("red1b_config.txt", 1, false),
        ("yellow1b_config.txt", 1, false),
    ] {
        let mut r = Run::new(small(config), 3);
        r.finish();
        let last = r.log().last().unwrap();
        assert_eq!(last.mean.len(), objectives, "{config}");
        assert_eq!(last.mean_parameter.is_some(), parameter, "{config}");
        assert!(!r.front().is_empty());
    }
    let mut c = small("green1b_config.txt");
    c.random_search = true;
    let mut r = Run::new(c, 3);
    r.finish();
    assert_eq!(r.evaluations(), 40);
}

/// `[fitness_kwargs] repair` picks how cut-off spawns are joined: the framework's
/// pairing by default, the closest pair on request; evaluations repair accordingly.
#[test]
fn the_repair_pairing_is_a_config_key_that_evaluations_follow() {
    let base = "[fitness_kwargs]\nwidth = 3\nheight = 3\nsamples = 1\n";
    let load =
        |extra: &str| EvolveConfig::from_ini(&Ini::parse(&format!("{base}{extra}")).unwrap());
    let framework = load("").unwrap();
    let closest = load("repair = closest\n").unwrap();
    assert_eq!(
        (framework.repair, closest.repair),
        (Pairing::Framework, Pairing::Closest)
    );
    // "##~ / ~#~ / ~##" (top row first) in genotype order, bottom row first.
    let bits = [false, true, true, false, true, false, true, true, false];
    assert_eq!(evaluate(&bits, None, &framework, 0).repairs, 4);
    assert_eq!(evaluate(&bits, None, &closest, 0).repairs, 3);
    let e = load("repair = nearest\n").unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    assert!(
        e.message.contains("repair must be framework or closest"),
        "{e}"
    );
}
