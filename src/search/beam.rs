//! Beam search: breadth-first by layers, keeping only the best few states of each.

use super::best_first::NodeStore;
use super::record::{Last, Pushed, Taken};
use super::{Limits, Monitor, Outcome, Problem, SearchResult, DEAD_END};
use rustc_hash::FxHashMap;

/// A successor of the layer being expanded, a candidate for the next beam.
struct Candidate<S, A> {
    state: S,
    parent: usize,
    action: A,
    g: u32,
    f: u32,
    /// Its id in the record (the order generated).
    rec: usize,
}

/// Beam search of width k = [`Limits::beam_width`] (at least 1): the start is the first
/// layer; each layer's states are expanded in order, their new successors (not in an
/// earlier beam, not dead ends, viable) are ranked by f = g + h (then by the order
/// generated) and the k best make the next layer. The goal is tested when a state is
/// generated, so a goal is never left out.
///
/// It may miss every plan: when the beam empties without a goal after states were left
/// out, the search ends with [`Outcome::LimitReached`] and a note, e.g. "the beam
/// (width 3) dropped every path to a goal: 12 states cut". When nothing was left out,
/// the whole space was searched: [`Outcome::NoPlan`]. A state cut from one layer may
/// come back in a later one. Memory: the states of every beam so far, and one layer's
/// successors.
///
/// ```
/// use gridlab::search::{beam, Limits, Outcome, Problem};
/// /// 0 leads to 1 (which looks close: h 0, but ends at 3) and to 2 (h 5), which
/// /// leads to the goal 4.
/// struct Trap;
/// impl Problem for Trap {
///     type State = u32;
///     type Action = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 4 }
///     fn successors(&self, s: &u32, out: &mut Vec<(u32, u32, u32)>) {
///         let next: &[u32] = match s { 0 => &[1, 2], 1 => &[3], 2 => &[4], _ => &[] };
///         out.extend(next.iter().map(|&n| (n, n, 1)));
///     }
///     fn heuristic(&self, s: &u32) -> u32 { if *s == 2 { 5 } else { 0 } }
/// }
/// let wide = beam(&Trap, &mut Limits { beam_width: 2, ..Limits::default() });
/// assert_eq!((wide.outcome, wide.plan), (Outcome::Found, vec![2, 4]));
/// let narrow = beam(&Trap, &mut Limits { beam_width: 1, ..Limits::default() });
/// assert_eq!(narrow.outcome, Outcome::LimitReached);
/// assert_eq!(narrow.note.unwrap(), "the beam (width 1) dropped every path to a goal: 1 state cut");
/// ```
pub fn beam<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let width = mon.beam_width().max(1);
    let start = problem.start();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found, Vec::new(), 1);
    }
    mon.generate(problem.cell(&start));
    let h0 = problem.heuristic(&start);
    if h0 == DEAD_END {
        return mon.finish(Outcome::NoPlan, Vec::new(), 1);
    }
    mon.record_push(Pushed {
        id: 0,
        parent: 0,
        action: '?',
        g: 0,
        h: h0,
        cell: problem.cell(&start),
        key: u64::from(h0),
    });
    let mut best = (problem.progress(&start, 0), 0usize);
    // The states of every beam so far; `rec[id]`: their ids in the record.
    let mut store = NodeStore::new(start);
    let mut rec: Vec<usize> = vec![0];
    let mut next_rec = 1usize;
    let mut layer: Vec<usize> = vec![0];
    let mut cut = 0u64;
    let mut succ = Vec::new();
    let mut candidates: Vec<Candidate<P::State, P::Action>> = Vec::new();
    let mut in_layer: FxHashMap<P::State, usize> = FxHashMap::default();
    let mut depth = 0u32;
    // The states left out of the last beam (record id, g), taken as cut in the record
    // once the beam's states are expanded: they stay open behind them until then.
    let mut left_out: Vec<(usize, u32)> = Vec::new();
    while !layer.is_empty() {
        if depth >= mon.max_depth() {
            return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
        }
        candidates.clear();
        in_layer.clear();
        for (i, &id) in layer.iter().enumerate() {
            let state = store.state(id).clone();
            let g = store.g(id);
            mon.record_expand(rec[id], g);
            let frontier = layer.len() - i + candidates.len();
            if !mon.expand(
                problem.cell(&state),
                frontier,
                store.len() + candidates.len(),
            ) {
                return mon.finish(Outcome::Cancelled, store.plan(best.1), store.len());
            }
            mon.stats.depth = mon.stats.depth.max(g);
            succ.clear();
            problem.successors(&state, &mut succ);
            let (mut duplicates, mut pruned, mut last) = (0, 0, Last::Pushed);
            for (action, next, cost) in succ.drain(..) {
                mon.generate(problem.cell(&next));
                let g2 = g.saturating_add(cost);
                if !problem.viable(&next, g2) {
                    pruned += 1;
                    last = Last::Pruned;
                    continue;
                }
                if store.id_of(&next).is_some() || in_layer.contains_key(&next) {
                    mon.stats.duplicates += 1;
                    duplicates += 1;
                    last = Last::Duplicate;
                    continue;
                }
                let h = problem.heuristic(&next);
                if h == DEAD_END {
                    pruned += 1;
                    last = Last::Pruned;
                    continue;
                }
                if store.len() + candidates.len() >= mon.max_states()
                    || !store.make_room(candidates_bytes(&candidates), mon.max_memory())
                {
                    mon.record_tally(duplicates, pruned, last);
                    return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
                }
                let f = g2.saturating_add(h);
                let goal = problem.is_goal(&next);
                last = Last::Pushed;
                mon.record_push(Pushed {
                    id: next_rec,
                    parent: rec[id],
                    action: problem.symbol(&action),
                    g: g2,
                    h,
                    cell: problem.cell(&next),
                    key: u64::from(depth + 1) << 32 | u64::from(f),
                });
                if goal {
                    mon.record_tally(duplicates, pruned, last);
                    mon.stats.depth = mon.stats.depth.max(g2);
                    let mut plan = store.plan(id);
                    plan.push(action);
                    return mon.finish(Outcome::Found, plan, store.len() + candidates.len() + 1);
                }
                in_layer.insert(next.clone(), candidates.len());
                candidates.push(Candidate {
                    state: next,
                    parent: id,
                    action,
                    g: g2,
                    f,
                    rec: next_rec,
                });
                next_rec += 1;
            }
            mon.record_tally(duplicates, pruned, last);
        }
        for (rec, g) in left_out.drain(..) {
            mon.record_taken(rec, g, Taken::Cut);
        }
        // The k best by f, then by the order generated (the record's id order).
        candidates.sort_by_key(|c| (c.f, c.rec));
        layer.clear();
        for (rank, c) in candidates.drain(..).enumerate() {
            if rank >= width {
                cut += 1;
                left_out.push((c.rec, c.g));
                continue;
            }
            if !store.make_room(0, mon.max_memory()) {
                return mon.finish(Outcome::LimitReached, store.plan(best.1), store.len());
            }
            let progress = problem.progress(&c.state, c.g);
            let id = store
                .insert(c.state, c.parent, c.action, c.g)
                .expect("a candidate is not in an earlier beam");
            rec.push(c.rec);
            if progress > best.0 {
                best = (progress, id);
            }
            layer.push(id);
        }
        depth += 1;
    }
    if cut > 0 {
        let note = format!(
            "the beam (width {width}) dropped every path to a goal: {cut} state{} cut",
            if cut == 1 { "" } else { "s" }
        );
        return mon.finish_noted(Outcome::LimitReached, store.plan(best.1), store.len(), note);
    }
    mon.finish(Outcome::NoPlan, store.plan(best.1), store.len())
}

/// Bytes a layer's candidates hold (with their share of the layer's index).
fn candidates_bytes<S, A>(candidates: &[Candidate<S, A>]) -> usize {
    let slot = std::mem::size_of::<Candidate<S, A>>() + std::mem::size_of::<(S, usize)>() * 2;
    candidates.len().saturating_mul(slot)
}
