//! Act-Man II solvers: seeded random play and the shared searches over packed states
//! `(Act-Man cell, bullet spent, sorted monster and corpse slots)`.

use super::game::{Game, Status};
use super::level::Dungeon;
use super::reach::Reach;
use super::rules::{play_turn, score, Action, Board, Event, Slot, TurnEnd, SHOT_COST};
use crate::error::FieldError;
use crate::grid::distance::DistanceMap;
use crate::grid::Dir;
use crate::search::{
    self, Algorithm, AnyProblem, LabProblem, LabVisitor, Limits, Outcome, Problem, ProblemVisitor,
    ProgressFn, Record, Solver, SolverBudget, Stats, Trace, DEFAULT_BEAM_WIDTH, DEFAULT_MAX_MEMORY,
    DEFAULT_WEIGHT,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a plan optimises. Read from its name in any case (`"turns"`, `"Score"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Objective {
    /// Fewest turns to victory.
    Turns,
    /// Highest final score for a victory (cost 1 a move, 20 for the shot).
    Score,
}

crate::names!(Objective, "objective", {
    Objective::Turns => "turns",
    Objective::Score => "score",
});

impl TryFrom<String> for Objective {
    type Error = crate::error::NameError;
    fn try_from(name: String) -> Result<Objective, Self::Error> {
        name.parse()
    }
}

impl JsonSchema for Objective {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Objective".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["turns", "score"] })
    }
}

/// Options of [`solve`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SolveOptions {
    /// Solver: random, bfs, iddfs, greedy, astar, ucs, wastar, idastar or beam (bibfs
    /// cannot search Act-Man backwards and says why).
    #[schemars(extend("x-flag" = "algo"))]
    pub solver: Solver,
    /// What greedy, A*, UCS, weighted A*, IDA* and beam optimise: turns (fewest) or
    /// score (best victory score: a move costs 1 point, the shot 20). BFS and ID-DFS
    /// always find the fewest turns.
    pub objective: Objective,
    /// Weighted A*'s w, from 1 to 1000: its plan costs at most w times the cheapest.
    pub weight: f64,
    /// Beam search's width: the states kept from each layer (1 to 1,048,576).
    pub beam_width: usize,
    /// Most turns a plan may take (0 to 10,000; the course used 7 for BFS and A*, 10
    /// for ID-DFS).
    #[schemars(extend("x-flag" = "turns"))]
    pub max_turns: u32,
    /// Most states a search may store before giving up (at least 1).
    pub max_states: usize,
    /// Most memory a search's tables may take; the search then stops with "limit
    /// reached" and its best surviving plan.
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
    /// Seed of the random solver.
    pub seed: u64,
    /// Most search-trace events recorded (0: none).
    #[schemars(extend("x-page" = true))]
    pub trace_limit: usize,
    /// Most events of the debugger's record (0: none; at most `MAX_RECORD_EVENTS`).
    #[schemars(extend("x-page" = true))]
    pub record_limit: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        Self {
            solver: Solver::Search(Algorithm::Astar),
            objective: Objective::Score,
            weight: DEFAULT_WEIGHT,
            beam_width: DEFAULT_BEAM_WIDTH,
            max_turns: 50,
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
            seed: 0,
            trace_limit: 0,
            record_limit: 0,
        }
    }
}

/// The longest plan a solver considers, in turns.
pub const MAX_TURNS: u32 = 10_000;

impl SolveOptions {
    /// Check the search's budget (see [`SolverBudget::check`]), the weight and beam
    /// width ([`search::check_settings`]) and at most [`MAX_TURNS`] turns; the error
    /// names the field.
    pub fn check(&self) -> Result<(), FieldError> {
        self.budget().check()?;
        FieldError::check_count("max_turns", self.max_turns as usize, 0, MAX_TURNS as usize)
    }

    /// The search's budget: the limits every game's solver shares (a search step is
    /// a point of cost, so a plan of `max_turns` turns may cost 20 for the shot).
    pub fn budget(&self) -> SolverBudget {
        SolverBudget {
            max_states: self.max_states,
            max_memory: self.max_memory,
            max_depth: self.max_turns.saturating_mul(SHOT_COST as u32),
            trace_limit: self.trace_limit,
            record_limit: self.record_limit,
            weight: self.weight,
            beam_width: self.beam_width,
        }
    }
}

/// What a solver returns.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// `Found`: a victory. Otherwise the actions are the best-scoring surviving plan.
    pub outcome: Outcome,
    /// The plan as an action string.
    pub actions: String,
    /// Search statistics (zero for the random solver).
    pub stats: Stats,
    /// The expansion trace (cells of Act-Man), when requested.
    pub trace: Trace,
    /// The debugger's record of the search, when requested.
    pub record: Record,
    /// An explanation when there is no victory.
    pub note: Option<String>,
}

/// Most monsters the searches pack into a state.
pub const MAX_MONSTERS: usize = 32;

/// Solve `dungeon` (see [`SolveOptions`]).
///
/// ```
/// use gridlab::games::actman::{solve, Dungeon, Game, SolveOptions, Status};
/// use gridlab::search::Outcome;
/// let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########").unwrap();
/// let s = solve(&d, &SolveOptions::default(), None, None);
/// assert_eq!(s.outcome, Outcome::Found);
/// assert_eq!(Game::replay(&d, &s.actions).unwrap().status(), Status::Victory);
/// ```
pub fn solve<'a>(
    dungeon: &Dungeon,
    options: &SolveOptions,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut ProgressFn<'a>>,
) -> Solution {
    match options.solver {
        Solver::Random => random_play(dungeon, options),
        Solver::Search(algorithm) => {
            let mut limits = options.budget().limits(cancel, progress);
            let run = RunSearch {
                options,
                algorithm,
                limits: &mut limits,
            };
            visit_problem(dungeon, options, run).unwrap_or_else(|note| Solution {
                outcome: Outcome::LimitReached,
                actions: String::new(),
                stats: Stats::default(),
                trace: Trace::default(),
                record: Record::default(),
                note: Some(note),
            })
        }
    }
}

fn random_play(dungeon: &Dungeon, options: &SolveOptions) -> Solution {
    let mut rng = Pcg32::seed_from_u64(options.seed);
    let mut game = Game::new(dungeon);
    for _ in 0..options.max_turns {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        let action = legal[rng.random_range(0..legal.len() as u32) as usize];
        game.play(action).expect("a legal action");
    }
    let won = game.status() == Status::Victory;
    Solution {
        outcome: if won {
            Outcome::Found
        } else {
            Outcome::LimitReached
        },
        actions: game.actions().to_string(),
        stats: Stats::default(),
        trace: Trace::default(),
        record: Record::default(),
        note: (!won).then(|| "random play did not win".to_string()),
    }
}

/// The search run on the dungeon's problem.
struct RunSearch<'o, 'l, 'a> {
    options: &'o SolveOptions,
    algorithm: Algorithm,
    limits: &'l mut Limits<'a>,
}

impl ProblemVisitor for RunSearch<'_, '_, '_> {
    type Output = Solution;
    fn visit<P: Problem>(self, problem: &P) -> Solution {
        let options = self.options;
        let result = search::run(problem, self.algorithm, self.limits);
        let actions: String = result.plan.iter().map(|a| problem.symbol(a)).collect();
        let note = search_note(result.outcome, result.note, options.max_turns);
        Solution {
            outcome: result.outcome,
            actions,
            stats: result.stats,
            trace: result.trace,
            record: result.record,
            note,
        }
    }
}

/// What a search's result says beside its plan: the search's own note (a refusal, a
/// beam's cuts), else why the plan shown is not a victory.
pub fn search_note(outcome: Outcome, note: Option<String>, max_turns: u32) -> Option<String> {
    match outcome {
        Outcome::Found => None,
        _ if note.is_some() => note,
        Outcome::NoPlan => Some(format!(
            "no victory within {max_turns} turns: the best-scoring surviving plan is shown"
        )),
        Outcome::LimitReached => {
            Some("search limit reached: the best-scoring surviving plan is shown".to_string())
        }
        Outcome::Cancelled => {
            Some("cancelled: the best-scoring surviving plan is shown".to_string())
        }
    }
}

/// A search state: Act-Man's cell, whether the bullet is spent, and the monster slots
/// (living monsters and the corpses they left) in sorted order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActState<const N: usize> {
    actman: u32,
    bullet_used: bool,
    slots: [Slot; N],
}

/// A restricted game, for proofs that a level needs something: the plans a search
/// admits when the bullet may not be fired, or when no monster may die in a
/// collision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Restriction {
    /// No shot: the fire actions are never taken.
    pub no_bullet: bool,
    /// No lure: a turn in which a monster dies on another monster or on a corpse
    /// (stage 4 of the turn) is never taken. Monsters then die by the bullet only.
    pub no_collisions: bool,
}

impl Restriction {
    /// The game without the bullet.
    pub const NO_BULLET: Restriction = Restriction {
        no_bullet: true,
        no_collisions: false,
    };
    /// The game without lures (no monster dies in a collision).
    pub const NO_LURE: Restriction = Restriction {
        no_bullet: false,
        no_collisions: true,
    };
}

/// Act-Man as a [`Problem`]: successors by [`play_turn`] (Act-Man's deaths dropped),
/// goal = no living monster, a turn and score budget checked by `viable`. A clone
/// shares the board's tables ([`ActProblem::with_restriction`]).
#[derive(Clone)]
pub struct ActProblem<const N: usize> {
    restriction: Restriction,
    board: Arc<Board>,
    start: ActState<N>,
    monsters: u32,
    max_turns: u32,
    /// g counts 20 for the shot (A*/greedy for the best score) rather than 1.
    cost_based: bool,
    /// Chebyshev distance from every cell to the nearest start corpse (u16::MAX: none).
    corpse_distance: Arc<[u16]>,
    /// The monsters' distances: see [`Steps`].
    steps: Arc<Steps>,
}

/// Largest board (cells) whose monster distances [`Steps`] are tabled.
const STEPS_CELLS: usize = 1024;

/// How many steps a monster needs from cell to cell: king moves over open cells (a
/// monster steps to an open neighbour each turn, [`Board::chase`]), tabled for every
/// pair on boards of at most [`STEPS_CELLS`] cells; Chebyshev distances (walls ignored,
/// never more) on larger boards. Both change by at most one when one end moves one
/// step.
struct Steps {
    cells: usize,
    /// `pairs[a * cells + b]`, `u16::MAX` when `b` cannot be reached from `a`.
    pairs: Vec<u16>,
    /// Per cell, the steps to the nearest start corpse (`u16::MAX`: none).
    to_corpse: Vec<u16>,
}

impl Steps {
    fn new(board: &Board, corpse_distance: &[u16]) -> Steps {
        let n = board.cells();
        if n > STEPS_CELLS {
            return Steps {
                cells: n,
                pairs: Vec::new(),
                to_corpse: corpse_distance.to_vec(),
            };
        }
        let around = |i: usize| {
            Dir::ALL
                .into_iter()
                .filter_map(move |d| board.step(i as u32, d).map(|c| c as usize))
        };
        let mut dist = DistanceMap::<u16>::new(n);
        let mut pairs = Vec::with_capacity(n * n);
        for a in 0..n {
            dist.flood([a], around);
            pairs.extend_from_slice(dist.cells());
        }
        dist.flood(
            (0..n as u32)
                .filter(|&c| board.start_corpse(c))
                .map(|c| c as usize),
            around,
        );
        Steps {
            cells: n,
            pairs,
            to_corpse: dist.into_vec(),
        }
    }

    /// The steps from `a` to every cell, when tabled.
    fn row(&self, a: u32) -> Option<&[u16]> {
        (!self.pairs.is_empty()).then(|| &self.pairs[a as usize * self.cells..][..self.cells])
    }
}

impl<const N: usize> ActProblem<N> {
    /// The problem for `dungeon` (at most `N` monsters) with a turn limit. With
    /// `cost_based`, a step costs the points it loses (1, or 20 for the shot).
    pub fn new(dungeon: &Dungeon, max_turns: u32, cost_based: bool) -> Self {
        Self::restricted(dungeon, max_turns, cost_based, Restriction::default())
    }

    /// The problem of the game with a [`Restriction`] (see [`ActProblem::new`]).
    pub fn restricted(
        dungeon: &Dungeon,
        max_turns: u32,
        cost_based: bool,
        restriction: Restriction,
    ) -> Self {
        let board = Board::new(dungeon);
        let mut slots = [Slot::EMPTY; N];
        for (slot, &(p, kind)) in slots.iter_mut().zip(&dungeon.monsters) {
            *slot = Slot::monster(board.cell(p), kind);
        }
        slots.sort_unstable();
        let corpse_distance = chebyshev_distances(&board, dungeon);
        let steps = Steps::new(&board, &corpse_distance);
        ActProblem {
            steps: Arc::new(steps),
            restriction,
            start: ActState {
                actman: board.cell(dungeon.actman),
                bullet_used: false,
                slots,
            },
            board: Arc::new(board),
            monsters: dungeon.monsters.len() as u32,
            max_turns,
            cost_based,
            corpse_distance: corpse_distance.into(),
        }
    }

    /// The same game under another restriction, sharing this one's tables (the
    /// board's chase table and the monsters' distances are built once a dungeon).
    ///
    /// ```
    /// use gridlab::games::actman::{ActProblem, Dungeon, Restriction};
    /// use gridlab::search::Problem;
    /// let d = Dungeon::parse("3 7\n#######\n#A  G #\n#######").unwrap();
    /// let p = ActProblem::<4>::new(&d, 50, false);
    /// let no_bullet = p.with_restriction(Restriction { no_bullet: true, ..Restriction::default() });
    /// let mut next = Vec::new();
    /// no_bullet.successors(&no_bullet.start(), &mut next);
    /// assert_eq!(next.len(), 1); // the fire actions are gone: east is the one move left
    /// ```
    pub fn with_restriction(&self, restriction: Restriction) -> Self {
        ActProblem {
            restriction,
            ..self.clone()
        }
    }

    /// Turns taken and points spent to reach `s` at search cost `g`.
    fn turns_and_cost(&self, s: &ActState<N>, g: u32) -> (u32, i32) {
        let extra = if s.bullet_used {
            (SHOT_COST - 1) as u32
        } else {
            0
        };
        if self.cost_based {
            (g - extra, g as i32)
        } else {
            (g, (g + extra) as i32)
        }
    }

    /// The reach tables of the board, for [`ActProblem::may_win_within`] (`None` on
    /// boards of more than 1,024 cells).
    pub fn reach(&self) -> Option<Reach> {
        Reach::new(&self.board)
    }

    /// Whether `s` may be won within `turns` more turns of this game ([`Reach`]'s
    /// test, with `reach` from [`ActProblem::reach`]; a restricted game without the
    /// bullet never shoots); `false` is a proof that it cannot.
    ///
    /// ```
    /// use gridlab::games::actman::{ActProblem, Dungeon};
    /// use gridlab::search::Problem;
    /// // The ogre is 10 columns away, one row down: no victory in one turn (nothing to
    /// // collide with, not in Act-Man's row or column); in two, step south and shoot.
    /// let d = Dungeon::parse("4 13\n#############\n#A          #\n#          G#\n#############").unwrap();
    /// let p = ActProblem::<4>::new(&d, 50, false);
    /// let reach = p.reach().unwrap();
    /// assert!(!p.may_win_within(&reach, &p.start(), 1));
    /// assert!(p.may_win_within(&reach, &p.start(), 2));
    ///
    /// // Without the bullet, three ogres walking west in file towards Act-Man never
    /// // meet: each steps where the one ahead stood.
    /// use gridlab::games::actman::Restriction;
    /// let d = Dungeon::parse("3 12\n############\n#A   GGG   #\n############").unwrap();
    /// let no_bullet = Restriction { no_bullet: true, ..Restriction::default() };
    /// let p = ActProblem::<4>::restricted(&d, 50, false, no_bullet);
    /// assert!(!p.may_win_within(&p.reach().unwrap(), &p.start(), 2));
    /// ```
    pub fn may_win_within(&self, reach: &Reach, s: &ActState<N>, turns: u32) -> bool {
        reach.may_win_within(
            s.actman,
            s.bullet_used || self.restriction.no_bullet,
            &s.slots,
            turns,
        )
    }

    fn alive(&self, s: &ActState<N>) -> u32 {
        s.slots.iter().filter(|x| x.is_alive()).count() as u32
    }
}

/// The one-shot bound of [`ActProblem`]'s heuristic: the least `T ≥ 1` such that the
/// monsters (`(collision bound, row, column)`) whose collision bound exceeds `T` lie
/// within `2(T − 1)` rows, or columns, of each other (none of them, when the bullet is
/// spent).
///
/// ```
/// use gridlab::games::actman::one_shot_bound;
/// // Two far monsters in one row: one shot at once.
/// assert_eq!(one_shot_bound(&[(9, 1, 1), (9, 1, 20)], false), 1);
/// // Four rows apart: they come into one row after two turns, shot on the third.
/// assert_eq!(one_shot_bound(&[(9, 1, 1), (9, 5, 20)], false), 3);
/// assert_eq!(one_shot_bound(&[(9, 1, 1), (9, 5, 20)], true), 9);
/// ```
pub fn one_shot_bound(monsters: &[(u32, i32, i32)], bullet_used: bool) -> u32 {
    if bullet_used {
        return monsters.iter().map(|m| m.0).max().unwrap_or(0).max(1);
    }
    // With the monsters by collision bound, largest first, the ones with `c > T` are
    // the first `k(T)`, and `k` only falls as `T` grows: for `k = m, m − 1, …, 1` the
    // turns with `k(T) = k` are `c_{k+1} ≤ T < c_k`, and among them the least with
    // the first `k` within `2(T − 1)` rows or columns; with none left, `T = c_1`.
    // Past MAX_MONSTERS, the rest are left out: fewer monsters only lower the bound.
    let mut sorted = [(0u32, 0i32, 0i32); MAX_MONSTERS];
    let m = monsters.len().min(sorted.len());
    sorted[..m].copy_from_slice(&monsters[..m]);
    let sorted = &mut sorted[..m];
    sorted.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
    // spread[k − 1]: the least of the row and column spans of the first k.
    let mut spread = [0i64; MAX_MONSTERS];
    let (mut rows, mut cols) = ((i32::MAX, i32::MIN), (i32::MAX, i32::MIN));
    for (s, &(_, row, col)) in spread.iter_mut().zip(sorted.iter()) {
        rows = (rows.0.min(row), rows.1.max(row));
        cols = (cols.0.min(col), cols.1.max(col));
        *s = i64::from(rows.1 - rows.0).min(i64::from(cols.1 - cols.0));
    }
    let c = |k: usize| i64::from(sorted[k - 1].0);
    for k in (1..=m).rev() {
        let low = if k < m { c(k + 1) } else { 0 }.max(1);
        let t = low.max((spread[k - 1] + 1) / 2 + 1);
        if t < c(k) {
            return t as u32;
        }
    }
    if m == 0 {
        1
    } else {
        c(1).max(1) as u32
    }
}

/// Multi-source BFS over the 8-neighbour grid (walls ignored, as a monster's distance
/// to a corpse shrinks by at most one a turn).
fn chebyshev_distances(board: &Board, dungeon: &Dungeon) -> Vec<u16> {
    let mut dist = DistanceMap::new(board.cells());
    let walls = &dungeon.walls;
    dist.flood(dungeon.corpses.iter().map(|&c| walls.index_of(c)), |i| {
        Dir::ALL
            .into_iter()
            .filter_map(move |dir| walls.neighbour(i, dir))
    });
    dist.into_vec()
}

impl<const N: usize> Problem for ActProblem<N> {
    type State = ActState<N>;
    type Action = Action;

    fn start(&self) -> ActState<N> {
        self.start
    }

    fn is_goal(&self, s: &ActState<N>) -> bool {
        !s.slots.iter().any(|x| x.is_alive())
    }

    fn successors(&self, s: &ActState<N>, out: &mut Vec<(Action, ActState<N>, u32)>) {
        if self.is_goal(s) {
            return;
        }
        for action in Action::ALL {
            if matches!(action, Action::Fire(_)) && (s.bullet_used || self.restriction.no_bullet) {
                continue;
            }
            let mut next = *s;
            // Deaths after the monsters moved (stage 2) are collisions (stage 4); the
            // bullet's come before.
            let (mut chased, mut collided) = (false, false);
            let turn = play_turn(
                &self.board,
                &mut next.actman,
                &mut next.bullet_used,
                &mut next.slots,
                action,
                |e| match e {
                    Event::Chased(..) => chased = true,
                    Event::Killed(_) => collided |= chased,
                    Event::Bullet(_) => {}
                },
            );
            if collided && self.restriction.no_collisions {
                continue;
            }
            if let Ok((TurnEnd::Continue | TurnEnd::Victory, _)) = turn {
                let cost = if self.cost_based {
                    action.cost() as u32
                } else {
                    1
                };
                out.push((action, next, cost));
            }
        }
    }

    fn viable(&self, s: &ActState<N>, g: u32) -> bool {
        let (turns, cost) = self.turns_and_cost(s, g);
        let kills = (self.monsters - self.alive(s)) as i32;
        turns <= self.max_turns && (self.is_goal(s) || score(cost, kills) > 0)
    }

    /// A lower bound on what is still to pay (0 at a goal), the larger of two:
    ///
    /// - every living monster must die, on a corpse (at least its Chebyshev distance
    ///   to one in turns, as it moves one cell a turn), against another monster (half
    ///   their distance, as both move), or by the bullet: at least one more turn, or
    ///   20 points when the cost is in points. Call the first two terms the monster's
    ///   *collision bound* `c`.
    /// - the *one-shot bound*: victory within `T ≥ 1` turns needs every monster with
    ///   `c > T` shot, by the one bullet, on one turn `t ≤ T`, along one row or one
    ///   column; a monster takes `t − 1` steps before that shot (the bullet flies
    ///   before the monsters move), so those monsters' rows (or columns) now lie
    ///   within `2(T − 1)` of each other. The bound is the least `T` for which they
    ///   do (with the bullet spent: the least `T` with no such monster).
    ///
    /// Both count turns, and a turn costs at least one point, so both are
    /// admissible for either cost. With the cost in turns the bound is also
    /// *consistent* (`h(p) ≤ 1 + h(s)` for a turn from `p` to `s`, so A* takes every
    /// state at its true distance): in one turn a surviving monster's collision bound drops by at most one (it
    /// and the others move one cell; a monster that dies at distance `d` leaves a
    /// corpse at least `d − 2 ≥ ⌈d/2⌉ − 1` away), its row and column move by at most
    /// one, and a monster that dies in the turn had `c ≤ 1` or was shot — shot
    /// monsters lie on one line and leave the bullet spent, so the rest have
    /// `c ≤ 1 + h(s)`. Tests check both bounds against exact distances.
    fn heuristic(&self, s: &ActState<N>) -> u32 {
        let by_bullet = if s.bullet_used {
            u32::MAX
        } else if self.cost_based {
            SHOT_COST as u32
        } else {
            1
        };
        // Each living monster's collision bound; a pair's distance is looked up once.
        let (mut cells, mut living, mut k) = ([0u32; N], [false; N], 0);
        for m in s.slots.iter().filter(|m| **m != Slot::EMPTY) {
            (cells[k], living[k]) = (m.cell(), m.is_alive());
            k += 1;
        }
        let mut collision = [0u32; N];
        for i in (0..k).filter(|&i| living[i]) {
            collision[i] = u32::from(self.steps.to_corpse[cells[i] as usize]);
        }
        // Two monsters meet halfway; a monster reaches a corpse.
        let meet = |d: u32, other_living: bool| if other_living { d.div_ceil(2) } else { d };
        for i in 0..k {
            let from = self.steps.row(cells[i]);
            for j in (i + 1..k).filter(|&j| living[i] || living[j]) {
                let d = match from {
                    Some(row) => u32::from(row[cells[j] as usize]),
                    None => self.board.chebyshev(cells[i], cells[j]),
                };
                if living[i] {
                    collision[i] = collision[i].min(meet(d, living[j]));
                }
                if living[j] {
                    collision[j] = collision[j].min(meet(d, living[i]));
                }
            }
        }
        let mut worst = 0;
        let mut bounds = [(0u32, 0i32, 0i32); N];
        let mut alive = 0;
        for i in (0..k).filter(|&i| living[i]) {
            let c = collision[i];
            worst = worst.max(c.min(by_bullet).max(1));
            let (row, col) = self.board.coords(cells[i]);
            bounds[alive] = (c, row, col);
            alive += 1;
        }
        if alive == 0 {
            return 0;
        }
        worst.max(one_shot_bound(&bounds[..alive], s.bullet_used))
    }

    fn greedy_key(&self, s: &ActState<N>) -> u64 {
        (u64::from(self.alive(s)) << 32) | u64::from(self.heuristic(s))
    }

    fn progress(&self, s: &ActState<N>, g: u32) -> u64 {
        let (_, cost) = self.turns_and_cost(s, g);
        let kills = (self.monsters - self.alive(s)) as i32;
        (score(cost, kills) + 1_000_000) as u64
    }

    fn cell(&self, s: &ActState<N>) -> u32 {
        s.actman
    }

    fn symbol(&self, action: &Action) -> char {
        action.symbol()
    }

    /// Act-Man cannot be searched backwards: the goal states are every layout of
    /// corpses the monsters could have left, with Act-Man anywhere; and a turn cannot be
    /// undone, as the monsters' chase moves are not invertible (several monster layouts
    /// lead to the same one, and a monster that died in a collision leaves one corpse
    /// where two monsters were).
    fn goal_states(&self, _out: &mut Vec<ActState<N>>) -> Result<(), String> {
        Err("bidirectional search cannot run on Act-Man: a turn cannot be undone, as the monsters' chase moves are not invertible (several monster layouts lead to the same one, and a collision leaves one corpse where two monsters were), and the goal states are every layout of corpses with Act-Man anywhere".into())
    }
}

/// The heuristic lab's view of Act-Man. A state is written as `[cell, bullet, then
/// kind, cell for each monster slot]`: Act-Man's cell (row-major index), 1 when the
/// bullet is spent, and per monster slot its kind (0 ogre, 1 demon, 2 corpse: a dead
/// monster) and cell. The helpers' data: `corpses` (the cells of the start corpses),
/// `corpseDistance` (per cell, the Chebyshev distance to the nearest start corpse,
/// 65535 when there is none: the built-in heuristic's table), `costBased` (a step
/// costs its points, the shot 20) and `shotCost`.
impl<const N: usize> LabProblem for ActProblem<N> {
    const G_FREE: bool = false;

    fn write_state(&self, s: &ActState<N>, out: &mut Vec<u32>) {
        out.push(s.actman);
        out.push(u32::from(s.bullet_used));
        for slot in s.slots.iter().filter(|x| **x != Slot::EMPTY) {
            let kind = match slot.kind() {
                Some(super::level::Kind::Ogre) => 0,
                Some(super::level::Kind::Demon) => 1,
                None => 2,
            };
            out.push(kind);
            out.push(slot.cell());
        }
    }

    fn lab_data(&self) -> serde_json::Value {
        let corpses: Vec<u32> = (0..self.board.cells() as u32)
            .filter(|&c| self.board.start_corpse(c))
            .collect();
        serde_json::json!({
            "corpses": corpses,
            "corpseDistance": &self.corpse_distance[..],
            "costBased": self.cost_based,
            "shotCost": SHOT_COST,
        })
    }
}

/// Build the search problem of `dungeon` exactly as [`solve`] does for `options` (its
/// turn limit; score costs when its objective is the score and its solver does not
/// count moves) and run `visitor` on it; an error when the dungeon has more than
/// [`MAX_MONSTERS`] monsters.
///
/// ```
/// use gridlab::games::actman::{visit_problem, Dungeon, SolveOptions};
/// use gridlab::search::{Problem, ProblemVisitor};
/// struct StartGoal;
/// impl ProblemVisitor for StartGoal {
///     type Output = bool;
///     fn visit<P: Problem>(self, p: &P) -> bool { p.is_goal(&p.start()) }
/// }
/// let d = Dungeon::parse("5 11\n###########\n#   #  @ G#\n#A#     # #\n#   #D    #\n###########").unwrap();
/// assert_eq!(visit_problem(&d, &SolveOptions::default(), StartGoal), Ok(false));
/// ```
pub fn visit_problem<V: ProblemVisitor>(
    dungeon: &Dungeon,
    options: &SolveOptions,
    visitor: V,
) -> Result<V::Output, String> {
    visit_lab(dungeon, options, AnyProblem(visitor))
}

/// [`visit_problem`] for the heuristic lab: the visitor gets the problem as a
/// [`LabProblem`].
pub fn visit_lab<V: LabVisitor>(
    dungeon: &Dungeon,
    options: &SolveOptions,
    visitor: V,
) -> Result<V::Output, String> {
    let counts_moves = match options.solver {
        Solver::Search(algorithm) => algorithm.counts_moves(),
        Solver::Random => false,
    };
    let cost_based = !counts_moves && options.objective == Objective::Score;
    let n = dungeon.monsters.len();
    macro_rules! visit_width {
        ($($w:literal),*) => {
            match n {
                $(n if n <= $w => Ok(visitor.visit(&ActProblem::<$w>::new(dungeon, options.max_turns, cost_based))),)*
                _ => Err(format!("{n} monsters: more than the {MAX_MONSTERS} a search supports")),
            }
        };
    }
    visit_width!(4, 8, 12, 16, 32)
}
