//! Assignment 1d: non-dominated sorting and crowding distance over objective vectors
//! to maximise.

/// Whether `a` dominates `b`: no worse in every objective and better in one.
///
/// ```
/// use gridlab::games::gpac::evolve::dominates;
/// assert!(dominates(&[1.0, 2.0], &[1.0, 1.0]));
/// assert!(!dominates(&[1.0, 2.0], &[2.0, 1.0]));
/// assert!(!dominates(&[1.0, 1.0], &[1.0, 1.0]));
/// ```
pub fn dominates(a: &[f64], b: &[f64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x >= y) && a.iter().zip(b).any(|(x, y)| x > y)
}

/// The non-domination level of every point: 0 for the Pareto front, 1 for the front of
/// the rest, and so on (fast non-dominated sort, O(M·N²)).
///
/// ```
/// use gridlab::games::gpac::evolve::non_dominated_levels;
/// let points = [vec![1.0, 1.0], vec![2.0, 2.0], vec![3.0, 0.0], vec![0.0, 0.0]];
/// assert_eq!(non_dominated_levels(&points), vec![1, 0, 0, 2]);
/// ```
pub fn non_dominated_levels(points: &[Vec<f64>]) -> Vec<usize> {
    let n = points.len();
    let mut dominated_by_count = vec![0usize; n];
    let mut dominates_list: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            if dominates(&points[i], &points[j]) {
                dominates_list[i].push(j);
                dominated_by_count[j] += 1;
            } else if dominates(&points[j], &points[i]) {
                dominates_list[j].push(i);
                dominated_by_count[i] += 1;
            }
        }
    }
    let mut level = vec![usize::MAX; n];
    let mut front: Vec<usize> = (0..n).filter(|&i| dominated_by_count[i] == 0).collect();
    let mut depth = 0;
    while !front.is_empty() {
        let mut next = Vec::new();
        for &i in &front {
            level[i] = depth;
            for &j in &dominates_list[i] {
                dominated_by_count[j] -= 1;
                if dominated_by_count[j] == 0 {
                    next.push(j);
                }
            }
        }
        front = next;
        depth += 1;
    }
    level
}

/// Crowding distance of each point within its own front (the members of `front`):
/// the sum over objectives of the normalised gap between its neighbours; the extremes
/// get infinity.
// `m` picks the objective inside each point, not an element of one slice.
#[allow(clippy::needless_range_loop)]
pub fn crowding_distances(points: &[Vec<f64>], front: &[usize]) -> Vec<f64> {
    let mut distance = vec![0.0; front.len()];
    if front.len() <= 2 {
        return vec![f64::INFINITY; front.len()];
    }
    let objectives = points[front[0]].len();
    let mut order: Vec<usize> = (0..front.len()).collect();
    for m in 0..objectives {
        order.sort_by(|&a, &b| points[front[a]][m].total_cmp(&points[front[b]][m]));
        let (lo, hi) = (
            points[front[order[0]]][m],
            points[front[order[order.len() - 1]]][m],
        );
        distance[order[0]] = f64::INFINITY;
        distance[order[order.len() - 1]] = f64::INFINITY;
        if hi > lo {
            for w in 1..order.len() - 1 {
                let gap = points[front[order[w + 1]]][m] - points[front[order[w - 1]]][m];
                distance[order[w]] += gap / (hi - lo);
            }
        }
    }
    distance
}

/// The 1d fitness of every point: (number of levels − level), plus, with `crowding`,
/// a value in [0, 1) that grows with the crowding distance within the level (the
/// extremes nearest 1), so that selection prefers spread-out fronts.
///
/// ```
/// use gridlab::games::gpac::evolve::pareto_fitness;
/// let points = [vec![1.0, 1.0], vec![2.0, 2.0], vec![3.0, 0.0], vec![0.0, 0.0]];
/// assert_eq!(pareto_fitness(&points, false), vec![2.0, 3.0, 3.0, 1.0]);
/// ```
pub fn pareto_fitness(points: &[Vec<f64>], crowding: bool) -> Vec<f64> {
    let level = non_dominated_levels(points);
    let levels = level.iter().copied().max().map_or(0, |m| m + 1);
    let mut fitness: Vec<f64> = level.iter().map(|&l| (levels - l) as f64).collect();
    if crowding {
        for l in 0..levels {
            let front: Vec<usize> = (0..points.len()).filter(|&i| level[i] == l).collect();
            let d = crowding_distances(points, &front);
            let finite_max = d
                .iter()
                .copied()
                .filter(|x| x.is_finite())
                .fold(0.0, f64::max);
            for (k, &i) in front.iter().enumerate() {
                let share = if d[k].is_infinite() {
                    0.999
                } else if finite_max > 0.0 {
                    0.99 * d[k] / finite_max
                } else {
                    0.0
                };
                fitness[i] += share;
            }
        }
    }
    fitness
}
