//! Bidirectional breadth-first search: from the start forwards and from the goal
//! states backwards, a layer at a time, until the two meet.

use super::best_first::NodeStore;
use super::record::{Last, Pushed, BACKWARD};
use super::{Limits, Monitor, Outcome, Problem, SearchResult};

/// One side of the search: the states it stored (with parent links and depths), where
/// its last layer starts, and (when recording) each state's id in the record.
struct Side<S, A> {
    store: NodeStore<S, A>,
    layer_start: usize,
    depth: u32,
    rec: Vec<usize>,
    backward: bool,
}

impl<S: Clone + Eq + std::hash::Hash, A: Copy> Side<S, A> {
    fn layer(&self) -> usize {
        self.store.len() - self.layer_start
    }
}

/// Bidirectional breadth-first search: a plan with the fewest moves (costs are
/// ignored), searched from the start with [`Problem::successors`] and back from every
/// goal state ([`Problem::goal_states`]) with [`Problem::predecessors`], a whole layer
/// at a time, always on the side whose last layer is smaller. When a layer's new states
/// meet states of the other side, the shortest joined plan among them is the answer: no
/// shorter plan can exist, as every state of a plan of at most the two depths together
/// lies within one of the sides, which had not met before.
///
/// When the problem cannot list its goal states or reverse its moves, the search ends
/// at once with [`Outcome::LimitReached`] and the problem's reason as the note. The
/// depth limit bounds the two depths together; both sides' states count against
/// [`Limits::max_states`]. A state is [`Problem::viable`] or not by its forward depth;
/// the backward side does not ask.
///
/// ```
/// use gridlab::search::{bibfs, bfs, Limits, Outcome, Problem};
/// /// Doubling or adding one, from 1 to 100.
/// struct Doubling;
/// impl Problem for Doubling {
///     type State = u64;
///     type Action = char;
///     fn start(&self) -> u64 { 1 }
///     fn is_goal(&self, s: &u64) -> bool { *s == 100 }
///     fn successors(&self, s: &u64, out: &mut Vec<(char, u64, u32)>) {
///         if *s <= 100 { out.push(('d', s * 2, 1)); out.push(('i', s + 1, 1)); }
///     }
///     fn goal_states(&self, out: &mut Vec<u64>) -> Result<(), String> {
///         out.push(100);
///         Ok(())
///     }
///     fn predecessors(&self, s: &u64, out: &mut Vec<(char, u64, u32)>) {
///         if s % 2 == 0 && *s / 2 <= 100 { out.push(('d', s / 2, 1)); }
///         if *s > 1 && *s - 1 <= 100 { out.push(('i', s - 1, 1)); }
///     }
/// }
/// let r = bibfs(&Doubling, &mut Limits::default());
/// assert_eq!(r.outcome, Outcome::Found);
/// assert_eq!(r.plan.len(), bfs(&Doubling, &mut Limits::default()).plan.len());
/// ```
pub fn bibfs<P: Problem>(problem: &P, limits: &mut Limits) -> SearchResult<P::Action> {
    let mut mon = Monitor::new(limits);
    let start = problem.start();
    if problem.is_goal(&start) {
        return mon.finish(Outcome::Found, Vec::new(), 1);
    }
    let mut goals = Vec::new();
    if let Err(why) = problem.goal_states(&mut goals) {
        return mon.finish_noted(Outcome::LimitReached, Vec::new(), 1, why);
    }
    if goals.len() >= mon.max_states() {
        let note = format!(
            "{} goal states: more than the limit of {} states",
            goals.len(),
            mon.max_states()
        );
        return mon.finish_noted(Outcome::LimitReached, Vec::new(), 1, note);
    }
    let mut sides = [
        Side {
            store: NodeStore::new(start),
            layer_start: 0,
            depth: 0,
            rec: Vec::new(),
            backward: false,
        },
        Side {
            store: NodeStore::with_roots(goals),
            layer_start: 0,
            depth: 0,
            rec: Vec::new(),
            backward: true,
        },
    ];
    if mon.recording() {
        let mut next_rec = 0;
        for side in &mut sides {
            for id in 0..side.store.len() {
                let s = side.store.state(id);
                mon.generate(problem.cell(s));
                mon.record_push(Pushed {
                    id: next_rec,
                    parent: next_rec,
                    action: '?',
                    g: 0,
                    h: 0,
                    cell: problem.cell(s),
                    key: side_key(side.backward, 0),
                });
                side.rec.push(next_rec);
                next_rec += 1;
            }
        }
    }
    let mut next_rec = sides[0].rec.len() + sides[1].rec.len();
    let mut buf = Vec::new();
    let mut best = (problem.progress(sides[0].store.state(0), 0), 0usize);
    loop {
        let stored = sides[0].store.len() + sides[1].store.len();
        if sides[0].layer() == 0 || sides[1].layer() == 0 {
            let plan = sides[0].store.plan(best.1);
            return mon.finish(Outcome::NoPlan, plan, stored);
        }
        if sides[0].depth + sides[1].depth >= mon.max_depth() {
            let plan = sides[0].store.plan(best.1);
            return mon.finish(Outcome::LimitReached, plan, stored);
        }
        // The side with the smaller layer (the start's on a tie) takes a step.
        let b = usize::from(sides[1].layer() < sides[0].layer());
        let [fwd, bwd] = &mut sides;
        let (this, other) = if b == 0 { (fwd, &*bwd) } else { (bwd, &*fwd) };
        let (layer_start, layer_end) = (this.layer_start, this.store.len());
        // The best meeting of this layer: (plan length, this side's id, other's id).
        let mut meeting: Option<(u32, usize, usize)> = None;
        for id in layer_start..layer_end {
            let state = this.store.state(id).clone();
            let frontier = layer_end - id + other.layer();
            let stored = this.store.len() + other.store.len();
            if !mon.expand(problem.cell(&state), frontier, stored) {
                let plan = if this.backward {
                    other.store.plan(best.1)
                } else {
                    this.store.plan(best.1)
                };
                return mon.finish(Outcome::Cancelled, plan, stored);
            }
            if mon.recording() {
                mon.record_expand(this.rec[id], this.depth);
            }
            buf.clear();
            if this.backward {
                problem.predecessors(&state, &mut buf);
            } else {
                problem.successors(&state, &mut buf);
            }
            let g = this.depth + 1;
            let (mut duplicates, mut pruned, mut last) = (0, 0, Last::Pushed);
            for (action, next, _) in buf.drain(..) {
                mon.generate(problem.cell(&next));
                if !this.backward && !problem.viable(&next, g) {
                    pruned += 1;
                    last = Last::Pruned;
                    continue;
                }
                if this.store.len() + other.store.len() >= mon.max_states()
                    || !this.store.make_room(other.store.bytes(), mon.max_memory())
                {
                    mon.record_tally(duplicates, pruned, last);
                    let stored = this.store.len() + other.store.len();
                    let plan = if this.backward {
                        other.store.plan(best.1)
                    } else {
                        this.store.plan(best.1)
                    };
                    return mon.finish(Outcome::LimitReached, plan, stored);
                }
                let met = other.store.id_of(&next);
                let progress = (!this.backward).then(|| problem.progress(&next, g));
                let cell = problem.cell(&next);
                let Some(nid) = this.store.insert(next, id, action, g) else {
                    mon.stats.duplicates += 1;
                    duplicates += 1;
                    last = Last::Duplicate;
                    continue;
                };
                last = Last::Pushed;
                if mon.recording() {
                    this.rec.push(next_rec);
                    mon.record_push(Pushed {
                        id: next_rec,
                        parent: this.rec[id],
                        action: problem.symbol(&action),
                        g,
                        h: 0,
                        cell,
                        key: side_key(this.backward, g),
                    });
                    next_rec += 1;
                }
                if let Some(p) = progress.filter(|&p| p > best.0) {
                    best = (p, nid);
                }
                if let Some(oid) = met {
                    let length = g + other.store.g(oid);
                    if meeting.is_none_or(|(l, _, _)| length < l) {
                        meeting = Some((length, nid, oid));
                    }
                }
            }
            mon.record_tally(duplicates, pruned, last);
        }
        this.layer_start = layer_end;
        this.depth += 1;
        mon.stats.depth = mon.stats.depth.max(this.depth);
        if let Some((_, this_id, other_id)) = meeting {
            let (f, bk, fid, bid) = if this.backward {
                (other, &*this, other_id, this_id)
            } else {
                (&*this, other, this_id, other_id)
            };
            let mut plan = f.store.plan(fid);
            plan.extend(bk.store.path_to_root(bid));
            let stored = f.store.len() + bk.store.len();
            return mon.finish(Outcome::Found, plan, stored);
        }
    }
}

/// The record's key of a state at `depth` on its side.
fn side_key(backward: bool, depth: u32) -> u64 {
    u64::from(depth) << 32 | if backward { u64::from(BACKWARD) } else { 0 }
}
