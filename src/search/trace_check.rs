//! Whether a trace (see [`super::parse_trace`]) is a valid expansion order of
//! breadth-first search, iterative deepening or A* on a [`Problem`], and the first line
//! that breaks it. Pure: the game comes in as a [`TraceGame`], the trace as lines.
//!
//! The rules (docs/trace-format.md):
//! - every algorithm: each line's moves are legal; the first line is the start; nothing
//!   comes after a line whose state is a goal; a printed g equals the moves' cost;
//! - BFS: depths never decrease; each state's parent was expanded on an earlier line;
//!   no state is expanded twice; once a line generated a goal at depth d, no line is
//!   deeper than d (goal tested at generation or at expansion: both are accepted);
//! - ID-DFS: a line with the start state begins an iteration; inside one, each line's
//!   parent is on the current path; from the second iteration on, the deepest depth
//!   expanded grows by exactly one each iteration (a line deeper than that is flagged
//!   at once, an iteration that did not grow when the next one starts); states may
//!   repeat (tree search, or gridlab's pruning of states seen no shallower);
//! - A*: every line has h; f = g + h never decreases; each state's parent was expanded
//!   earlier; a state is expanded again only with a smaller g; once a goal was
//!   generated at cost c, no line has f > c; h is never above the true cost to the goal
//!   (computed exactly, by A* from the state, within [`MAX_COST_TO_GO_STATES`]).

use super::cost_to_go::{cost_to_go, CostToGo};
use super::trace_format::TraceLine;
use super::trace_report::{title, Fault, FaultKind, GoalSeen, TraceError, TraceReport};
use super::{Algorithm, Problem, DEAD_END};
use crate::error::ParseError;
use rustc_hash::FxHashMap;

/// Most states one exact cost-to-go search (checking a line's h) may store; past it
/// that line's h is counted as not checked.
pub const MAX_COST_TO_GO_STATES: usize = 1_000_000;

/// Most exact cost-to-go searches one check runs (one per distinct state whose h is
/// above the game's own admissible heuristic); past it h is counted as not checked.
pub const MAX_COST_TO_GO_SEARCHES: usize = 10_000;

/// A game whose traces can be checked: its search [`Problem`] (start, moves, costs,
/// goal, an admissible heuristic), the symbols of its moves, and why a move cannot be
/// played (the game's own words).
pub trait TraceGame {
    /// The search problem the trace explores.
    type Problem: Problem;

    /// The problem.
    fn problem(&self) -> &Self::Problem;

    /// The move symbols a trace may use (each a single ASCII character).
    fn symbols(&self) -> &str;

    /// Why no move can be played from `state` at all (the game is over), if so.
    fn game_over(&self, _state: &<Self::Problem as Problem>::State) -> Option<String> {
        None
    }

    /// Why `symbol` cannot be played from `state` (it is no successor's).
    fn why_illegal(&self, _state: &<Self::Problem as Problem>::State, _symbol: char) -> String {
        "no such move from this state".to_string()
    }
}

/// Any [`Problem`] as a [`TraceGame`]: moves are written by [`Problem::symbol`].
pub struct ProblemGame<'p, P> {
    /// The problem.
    pub problem: &'p P,
    /// The symbols its moves are written with.
    pub symbols: String,
}

impl<P: Problem> TraceGame for ProblemGame<'_, P> {
    type Problem = P;
    fn problem(&self) -> &P {
        self.problem
    }
    fn symbols(&self) -> &str {
        &self.symbols
    }
}

type State<G> = <<G as TraceGame>::Problem as Problem>::State;

/// Check `lines` (a parsed trace) as an expansion order of `algorithm` on `game`.
///
/// ```
/// use gridlab::search::{check_trace, parse_trace, Algorithm, Problem, ProblemGame};
/// /// Count from 0 to 4 by +1 ('a') or +2 ('b').
/// struct Count;
/// impl Problem for Count {
///     type State = u32;
///     type Action = char;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 4 }
///     fn successors(&self, s: &u32, out: &mut Vec<(char, u32, u32)>) {
///         out.push(('a', s + 1, 1));
///         out.push(('b', s + 2, 1));
///     }
///     fn symbol(&self, a: &char) -> char { *a }
/// }
/// let game = ProblemGame { problem: &Count, symbols: "ab".into() };
/// let trace = parse_trace("-\na\nb\naa\n", "ab").unwrap();
/// let report = check_trace(&game, Algorithm::Bfs, &trace).unwrap();
/// assert_eq!(report.to_string(), "line 4: the same state as line 3 (b): BFS expands every state once");
/// let trace = parse_trace("-\na\nb\n", "ab").unwrap();
/// let report = check_trace(&game, Algorithm::Bfs, &trace).unwrap();
/// assert_eq!(report.to_string(), "valid BFS expansion order (3 lines, goal generated at line 3)");
/// ```
pub fn check_trace<G: TraceGame>(
    game: &G,
    algorithm: Algorithm,
    lines: &[TraceLine],
) -> Result<TraceReport, TraceError> {
    if !matches!(
        algorithm,
        Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Astar
    ) {
        return Err(TraceError::Unsupported(algorithm));
    }
    if algorithm == Algorithm::Astar {
        if let Some(l) = lines.iter().find(|l| l.h.is_none()) {
            return Err(TraceError::Syntax(ParseError::new(
                l.line,
                l.after_moves,
                "A* needs h on every line (moves [g] h)",
            )));
        }
    }
    let mut checker = Checker::<G> {
        game,
        lines,
        buf: Vec::new(),
        expanded: FxHashMap::default(),
        by_moves: FxHashMap::default(),
        cost_cache: FxHashMap::default(),
        searches: 0,
        report: TraceReport {
            algorithm,
            valid: true,
            lines: 0,
            goal: GoalSeen::NotReached,
            iterations: 0,
            unchecked_h: 0,
            fault: None,
        },
    };
    let fault = match algorithm {
        Algorithm::Iddfs => checker.iddfs(),
        _ => checker.best_first(algorithm),
    };
    checker.report.valid = fault.is_none();
    checker.report.fault = fault;
    Ok(checker.report)
}

/// What is known of a state expanded earlier.
struct Seen {
    /// Index (into the lines) of the line that expanded it with the smallest g.
    index: usize,
    /// That g.
    g: u64,
}

struct Checker<'a, G: TraceGame> {
    game: &'a G,
    lines: &'a [TraceLine],
    buf: Vec<(<G::Problem as Problem>::Action, State<G>, u32)>,
    /// BFS and A*: every state expanded.
    expanded: FxHashMap<State<G>, Seen>,
    /// BFS and A*: every move string expanded, with its state and cost.
    by_moves: FxHashMap<&'a str, (State<G>, u64)>,
    cost_cache: FxHashMap<State<G>, CostToGo>,
    searches: usize,
    report: TraceReport,
}

/// A fault at line `l` (no move named).
fn fault(l: &TraceLine, kind: FaultKind, message: String) -> Fault {
    Fault {
        line: l.line,
        move_number: None,
        kind,
        message,
    }
}

impl<'a, G: TraceGame> Checker<'a, G> {
    /// Play `symbol` from `state`: the next state and the move's cost, or why not.
    fn step(&mut self, state: &State<G>, symbol: char) -> Result<(State<G>, u32), String> {
        if let Some(why) = self.game.game_over(state) {
            return Err(why);
        }
        let problem = self.game.problem();
        self.buf.clear();
        problem.successors(state, &mut self.buf);
        match self
            .buf
            .iter()
            .position(|(a, _, _)| problem.symbol(a) == symbol)
        {
            Some(i) => {
                let (_, next, cost) = self.buf.swap_remove(i);
                Ok((next, cost))
            }
            None => Err(self.game.why_illegal(state, symbol)),
        }
    }

    /// Play the moves of `l` from `state` (reached by its first `from` moves, at `cost`).
    fn play(
        &mut self,
        l: &TraceLine,
        from: usize,
        mut state: State<G>,
        mut cost: u64,
    ) -> Result<(State<G>, u64), Fault> {
        for (i, symbol) in l.moves.chars().enumerate().skip(from) {
            let (next, c) = self.step(&state, symbol).map_err(|why| Fault {
                line: l.line,
                move_number: Some(i + 1),
                kind: FaultKind::IllegalMove,
                message: format!("'{symbol}': {why}"),
            })?;
            state = next;
            cost += u64::from(c);
        }
        Ok((state, cost))
    }

    /// The state of `l` and its cost, played from the start.
    fn replay(&mut self, l: &TraceLine) -> Result<(State<G>, u64), Fault> {
        let start = self.game.problem().start();
        self.play(l, 0, start, 0)
    }

    /// Whether some successor of `state` is a goal: the cheapest such step's cost.
    fn goal_step(&mut self, state: &State<G>) -> Option<u32> {
        if self.game.game_over(state).is_some() {
            return None;
        }
        let problem = self.game.problem();
        self.buf.clear();
        problem.successors(state, &mut self.buf);
        self.buf
            .iter()
            .filter(|(_, n, _)| problem.is_goal(n))
            .map(|&(_, _, c)| c)
            .min()
    }

    /// BFS and A*: the state of line `l`, from its parent's, which must have been
    /// expanded on an earlier line (by these moves, or by others reaching the same state).
    fn reach_by_parent(&mut self, l: &TraceLine) -> Result<(State<G>, u64), Fault> {
        let Some(cut) = l.moves.len().checked_sub(1) else {
            return Ok((self.game.problem().start(), 0));
        };
        if let Some((parent, cost)) = self.by_moves.get(&l.moves[..cut]).cloned() {
            return self.play(l, cut, parent, cost);
        }
        // Not by these moves: every move must still be legal, and the parent state
        // must have been expanded under other moves.
        let (state, cost) = self.replay(l)?;
        let parent_line = TraceLine {
            moves: l.moves[..cut].to_string(),
            ..l.clone()
        };
        let (parent, _) = self.replay(&parent_line)?;
        if self.expanded.contains_key(&parent) {
            return Ok((state, cost));
        }
        Err(fault(
            l,
            FaultKind::UnknownParent,
            format!(
                "its parent {} was not expanded on an earlier line: a search generates a state only by expanding its parent",
                parent_line.shown()
            ),
        ))
    }

    /// Check a printed g against the moves' cost.
    fn check_g(l: &TraceLine, cost: u64) -> Result<(), Fault> {
        match l.g {
            Some(g) if u64::from(g) != cost => Err(fault(
                l,
                FaultKind::WrongG,
                format!("g is {g}, but its moves cost {cost}"),
            )),
            _ => Ok(()),
        }
    }

    /// BFS or A*.
    fn best_first(&mut self, algorithm: Algorithm) -> Option<Fault> {
        let astar = algorithm == Algorithm::Astar;
        let name = title(algorithm);
        let mut previous: Option<(u64, usize)> = None; // depth or f, and its line
        let mut goal_generated: Option<(u64, usize)> = None; // depth or cost, line
        let mut goal_line: Option<usize> = None;
        let lines = self.lines;
        for (index, l) in lines.iter().enumerate() {
            self.report.lines = index + 1;
            if index == 0 && !l.moves.is_empty() {
                let why =
                    format!("the first line must be the start state (-): {name} expands it first");
                return Some(fault(l, FaultKind::NotStart, why));
            }
            if let Some(k) = goal_line {
                let why = format!("line {k} expanded a goal: {name} stops there");
                return Some(fault(l, FaultKind::AfterGoal, why));
            }
            let (state, cost) = match self.reach_by_parent(l) {
                Ok(found) => found,
                Err(f) => return Some(f),
            };
            if let Err(f) = Self::check_g(l, cost) {
                return Some(f);
            }
            let h = u64::from(l.h.unwrap_or(0));
            let (key, what) = if astar {
                let f = cost + h;
                (f, format!("f = {f} (g {cost} + h {h})"))
            } else {
                (l.depth() as u64, format!("depth {}", l.depth()))
            };
            if let Some((before, at)) = previous {
                if key < before {
                    let why = if astar {
                        format!("{what} after f = {before} at line {at}: A* never expands a state with a smaller f after a larger one (with a consistent h)")
                    } else {
                        format!("{what} after depth {before}: BFS never expands a shallower state after a deeper one")
                    };
                    let kind = if astar {
                        FaultKind::FDecrease
                    } else {
                        FaultKind::DepthDecrease
                    };
                    return Some(fault(l, kind, why));
                }
            }
            previous = Some((key, l.line));
            if let Some((goal, at)) = goal_generated {
                if key > goal {
                    let why = if astar {
                        format!("{what}, but line {at} generated a goal at cost {goal}: A* expands that goal before any state with a larger f")
                    } else {
                        format!("{what}, but line {at} generated a goal at depth {goal}: BFS stops at that goal before any deeper state")
                    };
                    return Some(fault(l, FaultKind::PastGoal, why));
                }
            }
            if let Some(seen) = self.expanded.get(&state) {
                if !astar || seen.g <= cost {
                    let first = &self.lines[seen.index];
                    let why = if astar {
                        format!(
                            "the same state as line {} ({}), expanded there at g {}, here at g {cost}: A* expands a state again only when it reaches it more cheaply",
                            first.line, first.shown(), seen.g
                        )
                    } else {
                        format!(
                            "the same state as line {} ({}): BFS expands every state once",
                            first.line,
                            first.shown()
                        )
                    };
                    return Some(fault(l, FaultKind::Duplicate, why));
                }
            }
            if astar {
                if let Err(f) = self.check_h(l, &state, h) {
                    return Some(f);
                }
            }
            let problem = self.game.problem();
            if problem.is_goal(&state) {
                goal_line = Some(l.line);
                self.report.goal = GoalSeen::Expanded(l.line);
            } else if let Some(c) = self.goal_step(&state) {
                let goal = if astar {
                    cost + u64::from(c)
                } else {
                    l.depth() as u64 + 1
                };
                if goal_generated.is_none_or(|(best, _)| goal < best) {
                    goal_generated = Some((goal, l.line));
                    if self.report.goal == GoalSeen::NotReached {
                        self.report.goal = GoalSeen::Generated(l.line);
                    }
                }
            }
            self.by_moves.insert(&l.moves, (state.clone(), cost));
            self.expanded.insert(state, Seen { index, g: cost });
        }
        None
    }

    /// A*: `h` at `state` is at most the true cost to the goal.
    fn check_h(&mut self, l: &TraceLine, state: &State<G>, h: u64) -> Result<(), Fault> {
        let problem = self.game.problem();
        let exact = if problem.is_goal(state) {
            CostToGo::Exact(0)
        } else {
            match problem.heuristic(state) {
                DEAD_END => return Ok(()),
                known if h <= u64::from(known) => return Ok(()),
                _ => {}
            }
            match self.cost_cache.get(state) {
                Some(&known) => known,
                None if self.searches >= MAX_COST_TO_GO_SEARCHES => CostToGo::Unknown,
                None => {
                    self.searches += 1;
                    let found = cost_to_go(problem, state, MAX_COST_TO_GO_STATES);
                    self.cost_cache.insert(state.clone(), found);
                    found
                }
            }
        };
        match exact {
            CostToGo::Exact(best) if h > best => Err(fault(
                l,
                FaultKind::Inadmissible,
                format!("h = {h}, but the true cost to the goal from here is {best}: an admissible h never overestimates it"),
            )),
            CostToGo::Unknown => {
                self.report.unchecked_h += 1;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Iterative deepening.
    fn iddfs(&mut self) -> Option<Fault> {
        // The current path: the state, cost and line index at each depth.
        let mut stack: Vec<(State<G>, u64, usize)> = Vec::new();
        let mut before: Option<usize> = None; // deepest depth of the previous iteration
        let mut deepest = 0usize;
        let mut goal_line: Option<usize> = None;
        let lines = self.lines;
        for (index, l) in lines.iter().enumerate() {
            self.report.lines = index + 1;
            if index == 0 && !l.moves.is_empty() {
                let why = "the first line must be the start state (-): each ID-DFS iteration begins by expanding it".to_string();
                return Some(fault(l, FaultKind::NotStart, why));
            }
            if let Some(k) = goal_line {
                let why = format!("line {k} expanded a goal: ID-DFS stops there");
                return Some(fault(l, FaultKind::AfterGoal, why));
            }
            let d = l.depth();
            if d == 0 {
                let k = self.report.iterations;
                if let Some(b) = before.filter(|&b| deepest <= b) {
                    let why = format!(
                        "iteration {} starts here, but iteration {k} went no deeper than depth {deepest} (iteration {} reached {b}): the depth limit grows by one each iteration",
                        k + 1,
                        k - 1
                    );
                    return Some(fault(l, FaultKind::LimitNotGrowing, why));
                }
                if k > 0 {
                    before = Some(deepest);
                }
                self.report.iterations += 1;
                deepest = 0;
                stack.clear();
                stack.push((self.game.problem().start(), 0, index));
            } else {
                let on_path =
                    d <= stack.len() && self.lines[stack[d - 1].2].moves == l.moves[..d - 1];
                if !on_path {
                    if let Err(f) = self.replay(l) {
                        return Some(f);
                    }
                    let at = self.lines[stack.last().expect("the start is on the path").2].shown();
                    let why = format!(
                        "its parent {} is not on the current depth-first path (which ends at {at}): ID-DFS expands a state only below the path it is on",
                        TraceLine { moves: l.moves[..d - 1].to_string(), ..l.clone() }.shown()
                    );
                    return Some(fault(l, FaultKind::NotOnPath, why));
                }
                let (parent, cost, _) = stack[d - 1].clone();
                let (state, cost) = match self.play(l, d - 1, parent, cost) {
                    Ok(found) => found,
                    Err(f) => return Some(f),
                };
                if let Some(b) = before.filter(|&b| d > b + 1) {
                    let k = self.report.iterations;
                    let why = format!(
                        "depth {d} in iteration {k}, whose limit allows at most depth {} (one more than iteration {} reached)",
                        b + 1,
                        k - 1
                    );
                    return Some(fault(l, FaultKind::LimitExceeded, why));
                }
                stack.truncate(d);
                stack.push((state, cost, index));
                deepest = deepest.max(d);
            }
            let (state, cost, _) = stack.last().expect("a state at each depth").clone();
            if let Err(f) = Self::check_g(l, cost) {
                return Some(f);
            }
            if self.game.problem().is_goal(&state) {
                goal_line = Some(l.line);
                self.report.goal = GoalSeen::Expanded(l.line);
            }
        }
        if goal_line.is_none() {
            // The goal is tested when taken off the stack: the deepest state of the
            // final path with a goal successor generated it.
            for (state, _, index) in stack.iter().rev() {
                if self.goal_step(state).is_some() {
                    self.report.goal = GoalSeen::Generated(self.lines[*index].line);
                    break;
                }
            }
        }
        None
    }
}
