//! Pengu solvers: seeded random play and the shared searches over packed states
//! `(rest position, eaten-fish bit set)`, with an admissible slide-distance heuristic.

use super::graph::{GraphLimit, SlideGraph};
use super::level::Level;
use super::problem::PenguProblem;
use super::rules::{replay, Game, Status};
use crate::error::FieldError;
use crate::search::{
    self, Algorithm, AnyProblem, LabVisitor, Limits, Outcome, Problem, ProblemVisitor, ProgressFn,
    Record, Solver, SolverBudget, Stats, Trace, DEFAULT_BEAM_WIDTH, DEFAULT_MAX_MEMORY,
    DEFAULT_WEIGHT,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// What a plan must achieve. Pengu must always be alive at the end. Read from
/// `"all"`, a number of fish (or its digits), or `{"at_least": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Eat every fish.
    All,
    /// Eat at least this many fish.
    AtLeast(usize),
}

impl<'de> Deserialize<'de> for Goal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Goal, D::Error> {
        use serde::de::{self, MapAccess, Visitor};
        struct GoalVisitor;
        impl<'de> Visitor<'de> for GoalVisitor {
            type Value = Goal;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"all\", a number of fish or {\"at_least\": N}")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Goal, E> {
                v.parse().map_err(E::custom)
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Goal, E> {
                usize::try_from(v)
                    .map(Goal::AtLeast)
                    .map_err(|_| E::custom("too many fish"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Goal, E> {
                usize::try_from(v)
                    .map(Goal::AtLeast)
                    .map_err(|_| E::custom(format!("{v} is not a number of fish")))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Goal, E> {
                if v >= 0.0 && v.fract() == 0.0 && v <= u32::MAX as f64 {
                    Ok(Goal::AtLeast(v as usize))
                } else {
                    Err(E::custom(format!("{v} is not a number of fish")))
                }
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Goal, A::Error> {
                match map.next_key::<String>()?.as_deref() {
                    Some("at_least") => Ok(Goal::AtLeast(map.next_value()?)),
                    Some(other) => Err(de::Error::unknown_field(other, &["at_least"])),
                    None => Err(de::Error::missing_field("at_least")),
                }
            }
        }
        d.deserialize_any(GoalVisitor)
    }
}

impl JsonSchema for Goal {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Goal".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "anyOf": [
                { "const": "all" },
                { "type": "integer", "minimum": 0 },
                { "type": "object", "properties": { "at_least": { "type": "integer", "minimum": 0 } } },
            ]
        })
    }
}

/// A goal that is neither `all` nor a number of fish.
///
/// ```
/// use gridlab::games::pengu::Goal;
/// assert_eq!("3".parse::<Goal>(), Ok(Goal::AtLeast(3)));
/// assert_eq!("ALL".parse::<Goal>(), Ok(Goal::All));
/// let e = "most".parse::<Goal>().unwrap_err();
/// assert_eq!(e.to_string(), "goal must be 'all' or a number of fish, not 'most'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("goal must be 'all' or a number of fish, not '{given}'")]
pub struct GoalError {
    /// The text given (cut to [`MAX_EXCERPT`](crate::error::MAX_EXCERPT) characters).
    pub given: String,
}

impl std::str::FromStr for Goal {
    type Err = GoalError;
    /// `all` or a number of fish.
    fn from_str(s: &str) -> Result<Goal, GoalError> {
        if s.eq_ignore_ascii_case("all") {
            return Ok(Goal::All);
        }
        s.parse().map(Goal::AtLeast).map_err(|_| GoalError {
            given: crate::error::excerpt(s),
        })
    }
}

impl Goal {
    /// Whether a game meets the goal.
    pub fn is_met(self, game: &Game) -> bool {
        match self {
            Goal::All => game.status() == Status::Victory,
            Goal::AtLeast(n) => game.status() != Status::Dead && game.score() >= n,
        }
    }
}

/// What a move costs the searches that weigh costs (A*, UCS, weighted A*, IDA*; beam
/// ranks by it). BFS, ID-DFS and bidirectional BFS always count moves. Read from its
/// name in any case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum Cost {
    /// Every move costs 1: the cheapest plan is the shortest.
    #[default]
    Moves,
    /// A move costs the cells Pengu slides (at least 1): the cheapest plan may take
    /// more moves than the shortest.
    Cells,
}

crate::names!(Cost, "cost", {
    Cost::Moves => "moves",
    Cost::Cells => "cells",
});

impl TryFrom<String> for Cost {
    type Error = crate::error::NameError;
    fn try_from(name: String) -> Result<Cost, Self::Error> {
        name.parse()
    }
}

impl JsonSchema for Cost {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Cost".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "enum": ["moves", "cells"] })
    }
}

/// Options of [`solve`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SolveOptions {
    /// Solver: random, bfs, iddfs, greedy, astar, ucs, wastar, idastar, beam or bibfs
    /// (bibfs: goal all only).
    #[schemars(extend("x-flag" = "algo"))]
    pub solver: Solver,
    /// Goal: all, or the least number of fish to eat (Pengu must survive).
    pub goal: Goal,
    /// What a move costs A*, UCS, weighted A*, IDA* and beam: moves (1 each) or cells
    /// (the cells slid; the depth limit then counts cells too).
    pub cost: Cost,
    /// Weighted A*'s w, from 1 to 1000: its plan costs at most w times the cheapest.
    pub weight: f64,
    /// Beam search's width: the states kept from each layer (1 to 1,048,576).
    pub beam_width: usize,
    /// Most states a search may store before giving up (at least 1).
    pub max_states: usize,
    /// Most memory a search's tables may take; the search then stops with "limit
    /// reached" and its best partial plan.
    #[schemars(extend("x-mib" = true))]
    pub max_memory: usize,
    /// Longest plan considered.
    pub max_depth: u32,
    /// Seed of the random solver.
    pub seed: u64,
    /// Moves the random solver plays at most.
    pub random_moves: usize,
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
            goal: Goal::All,
            cost: Cost::Moves,
            weight: DEFAULT_WEIGHT,
            beam_width: DEFAULT_BEAM_WIDTH,
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
            max_depth: 1_000,
            seed: 0,
            random_moves: 6,
            trace_limit: 0,
            record_limit: 0,
        }
    }
}

/// The most moves the random solver plays.
pub const MAX_RANDOM_MOVES: usize = 1_000_000;

impl SolveOptions {
    /// Check the search's budget (see [`SolverBudget::check`]), the weight and beam
    /// width ([`search::check_settings`]) and at most [`MAX_RANDOM_MOVES`] random
    /// moves; the error names the field.
    pub fn check(&self) -> Result<(), FieldError> {
        self.budget().check()?;
        FieldError::check_count("random_moves", self.random_moves, 0, MAX_RANDOM_MOVES)
    }

    /// The search's budget: the limits every game's solver shares.
    pub fn budget(&self) -> SolverBudget {
        SolverBudget {
            max_states: self.max_states,
            max_memory: self.max_memory,
            max_depth: self.max_depth,
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
    /// How the solver ended.
    pub outcome: Outcome,
    /// The plan (or best partial plan) as numpad digits.
    pub moves: String,
    /// Search statistics (zero for the random solver).
    pub stats: Stats,
    /// The expansion trace, when requested.
    pub trace: Trace,
    /// The debugger's record of the search, when requested.
    pub record: Record,
    /// An explanation, e.g. which fish can never be eaten.
    pub note: Option<String>,
}

/// Most fish tracked by the exact searches (64 words of 64 bits).
pub const MAX_TRACKED_FISH: usize = 64 * 64;

/// Solve `level`. `cancel` and `progress` reach the search (see [`Limits`]).
///
/// ```
/// use gridlab::games::pengu::{solve, Goal, Level, SolveOptions};
/// use gridlab::search::Outcome;
/// let level = Level::parse("5 5\n#####\n#P *#\n#   #\n#*  #\n#####").unwrap();
/// let s = solve(&level, &SolveOptions::default(), None, None);
/// assert_eq!(s.outcome, Outcome::Found);
/// assert_eq!(s.moves.len(), 2);
/// ```
pub fn solve<'a>(
    level: &Level,
    options: &SolveOptions,
    cancel: Option<&'a AtomicBool>,
    progress: Option<&'a mut ProgressFn<'a>>,
) -> Solution {
    match options.solver {
        Solver::Random => random_play(level, options),
        Solver::Search(algorithm) => {
            let mut limits = options.budget().limits(cancel, progress);
            search_level(level, algorithm, options, &mut limits)
        }
    }
}

fn random_play(level: &Level, options: &SolveOptions) -> Solution {
    let mut rng = Pcg32::seed_from_u64(options.seed);
    let mut game = Game::new(level);
    for _ in 0..options.random_moves {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let dir = legal[rng.random_range(0..legal.len() as u32) as usize];
        game.play(dir).expect("a legal move");
    }
    let met = options.goal.is_met(&game);
    Solution {
        outcome: if met {
            Outcome::Found
        } else {
            Outcome::LimitReached
        },
        moves: game.moves().to_string(),
        stats: Stats::default(),
        trace: Trace::default(),
        record: Record::default(),
        note: (!met).then(|| {
            format!(
                "random play ended ({:?}) without meeting the goal",
                game.status()
            )
            .to_lowercase()
        }),
    }
}

fn no_plan(note: String) -> Solution {
    Solution {
        outcome: Outcome::NoPlan,
        moves: String::new(),
        stats: Stats::default(),
        trace: Trace::default(),
        record: Record::default(),
        note: Some(note),
    }
}

/// Why no plan can meet a goal, found before any search.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPlan {
    /// For "all": a fish that no surviving move passes (the first, at its line and
    /// column in the level text, and how many more there are).
    #[error(
        "no plan: the fish at line {line}, column {column} {}can never be eaten on a slide that Pengu survives",
        and_more(.more)
    )]
    Uneatable {
        /// 1-based line of the first such fish.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The other such fish.
        more: usize,
    },
    /// For "at least N": fewer than N fish can be eaten alive.
    #[error(
        "no plan: only {can} of the {total} fish can ever be eaten alive, fewer than {wanted}"
    )]
    TooFew {
        /// The fish that can be eaten alive.
        can: usize,
        /// The fish on the field.
        total: usize,
        /// The goal's count.
        wanted: usize,
    },
}

/// `(and N more) `, or nothing for none.
fn and_more(more: &usize) -> String {
    if *more > 0 {
        format!("(and {more} more) ")
    } else {
        String::new()
    }
}

/// The fish a search for `goal` must track (ids into `graph.fish_cells`), or why no
/// plan can exist: for "all", a fish that no surviving move passes; for "at least N",
/// fewer than N fish that can be eaten alive. For "all", fish that are always eaten
/// together with another are left out (see [`SlideGraph`]).
///
/// ```
/// use gridlab::games::pengu::{tracked_fish, Goal, Level, NoPlan, SlideGraph};
/// let level = Level::parse("3 6\n######\n#P**S#\n######").unwrap();
/// let graph = SlideGraph::new(&level);
/// let why = tracked_fish(&level, &graph, Goal::All).unwrap_err();
/// assert_eq!(why, NoPlan::Uneatable { line: 3, column: 3, more: 1 });
/// assert!(why.to_string().contains("line 3, column 3 (and 1 more)"), "{why}");
/// ```
pub fn tracked_fish(level: &Level, graph: &SlideGraph, goal: Goal) -> Result<Vec<usize>, NoPlan> {
    let coverable = graph.coverable();
    let total = graph.fish_cells.len();
    match goal {
        Goal::All => match coverable.iter().position(|&c| !c) {
            Some(f) => {
                let p = level.tiles.pos_of(graph.fish_cells[f] as usize);
                Err(NoPlan::Uneatable {
                    line: p.row + 2,
                    column: p.col + 1,
                    more: coverable.iter().filter(|&&c| !c).count() - 1,
                })
            }
            None => Ok(essential_fish(graph)),
        },
        Goal::AtLeast(n) => {
            let can = coverable.iter().filter(|&&c| c).count();
            if n > can {
                return Err(NoPlan::TooFew {
                    can,
                    total,
                    wanted: n,
                });
            }
            Ok((0..total).filter(|&f| coverable[f]).collect())
        }
    }
}

/// Run a search on `level` for the options' goal and cost.
fn search_level(
    level: &Level,
    algorithm: Algorithm,
    options: &SolveOptions,
    limits: &mut Limits,
) -> Solution {
    /// The search run on the level's problem.
    struct RunSearch<'l, 'a> {
        algorithm: Algorithm,
        limits: &'l mut Limits<'a>,
    }
    impl ProblemVisitor for RunSearch<'_, '_> {
        type Output = Solution;
        fn visit<P: Problem>(self, problem: &P) -> Solution {
            let result = search::run(problem, self.algorithm, self.limits);
            Solution {
                outcome: result.outcome,
                moves: result.plan.iter().map(|d| problem.symbol(d)).collect(),
                stats: result.stats,
                trace: result.trace,
                record: result.record,
                note: result.note,
            }
        }
    }
    visit_problem(level, options, RunSearch { algorithm, limits }).unwrap_or_else(|why| Solution {
        outcome: why.outcome,
        ..no_plan(why.note)
    })
}

/// The cells a plan slides on `level` (the cost of a plan under [`Cost::Cells`]), or
/// `None` when the plan is not legal.
///
/// ```
/// use gridlab::games::pengu::{cells_slid, Level};
/// let level = Level::parse("4 6\n######\n#P  *#\n#*   #\n######").unwrap();
/// assert_eq!(cells_slid(&level, "61"), Some(4)); // 3 east, 1 south-west
/// assert_eq!(cells_slid(&level, "8"), None);
/// ```
pub fn cells_slid(level: &Level, moves: &str) -> Option<u64> {
    let mut game = Game::new(level);
    let mut total = 0u64;
    for c in moves.chars() {
        let dir = crate::grid::Dir::from_digit(c)?;
        total += game.play(dir).ok()?.path.len() as u64;
    }
    Some(total)
}

/// The fish whose eating the "all" goal must track: a fish that is passed by every
/// move that passes another fish is eaten with it and need not be tracked.
fn essential_fish(graph: &SlideGraph) -> Vec<usize> {
    let fish = graph.fish_cells.len();
    let alive_edges: Vec<usize> = (0..graph.edges.len())
        .filter(|&i| SlideGraph::is_alive(graph.edges[i]))
        .collect();
    let words = alive_edges.len().div_ceil(64);
    if fish.saturating_mul(fish).saturating_mul(words) > 1 << 28 {
        return (0..fish).collect();
    }
    let mut cover = vec![0u64; fish * words];
    for (k, &i) in alive_edges.iter().enumerate() {
        for &f in graph.cover(graph.edges[i]) {
            cover[f as usize * words + k / 64] |= 1 << (k % 64);
        }
    }
    let set = |f: usize| &cover[f * words..(f + 1) * words];
    let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
    let mut kept: Vec<usize> = Vec::new();
    'fish: for f in 0..fish {
        for g in 0..fish {
            // f is implied by g when every edge eating g also eats f; equal sets keep
            // the smaller id.
            if g != f && subset(set(g), set(f)) && (g < f || !subset(set(f), set(g))) {
                continue 'fish;
            }
        }
        kept.push(f);
    }
    kept
}

/// Replay a solution's moves on `level` (the plan of any solver is legal by
/// construction; this gives the score and the course output).
///
/// ```
/// use gridlab::games::pengu::{outcome_game, solve, Level, SolveOptions, Status};
/// let level = Level::parse("3 5\n#####\n#P**#\n#####").unwrap();
/// let s = solve(&level, &SolveOptions::default(), None, None);
/// assert_eq!(outcome_game(&level, &s).status(), Status::Victory);
/// ```
pub fn outcome_game(level: &Level, solution: &Solution) -> Game {
    replay(level, &solution.moves).expect("solver plans are legal")
}

/// Why a level has no search problem to visit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{note}")]
pub struct NoProblem {
    /// [`Outcome::NoPlan`] (proved before any search) or [`Outcome::LimitReached`].
    pub outcome: Outcome,
    /// Why.
    pub note: String,
}

/// Build the search problem of `level` for the goal and step cost of `options` (the
/// slide graph within its states and memory), exactly as [`solve`] does, and run
/// `visitor` on it.
///
/// ```
/// use gridlab::games::pengu::{visit_problem, Level, SolveOptions};
/// use gridlab::search::{Problem, ProblemVisitor};
/// struct StartH;
/// impl ProblemVisitor for StartH {
///     type Output = u32;
///     fn visit<P: Problem>(self, p: &P) -> u32 { p.heuristic(&p.start()) }
/// }
/// let level = Level::parse("4 6\n######\n#P * #\n#*   #\n######").unwrap();
/// assert!(visit_problem(&level, &SolveOptions::default(), StartH).unwrap() >= 2);
/// ```
pub fn visit_problem<V: ProblemVisitor>(
    level: &Level,
    options: &SolveOptions,
    visitor: V,
) -> Result<V::Output, NoProblem> {
    visit_lab(level, options, AnyProblem(visitor))
}

/// [`visit_problem`] for the heuristic lab: the visitor gets the problem as a
/// [`LabProblem`](crate::search::LabProblem).
pub fn visit_lab<V: LabVisitor>(
    level: &Level,
    options: &SolveOptions,
    visitor: V,
) -> Result<V::Output, NoProblem> {
    let goal = options.goal;
    let limit_reached = |note: String| NoProblem {
        outcome: Outcome::LimitReached,
        note,
    };
    let graph = match SlideGraph::bounded(level, options.max_states, options.max_memory) {
        Ok(graph) => graph,
        Err(GraphLimit::Positions(found)) => {
            return Err(limit_reached(format!(
                "more than {found} rest cells: the field alone exceeds the limit of {} states",
                options.max_states
            )))
        }
        Err(memory) => return Err(limit_reached(memory.to_string())),
    };
    let tracked = tracked_fish(level, &graph, goal).map_err(|why| NoProblem {
        outcome: Outcome::NoPlan,
        note: why.to_string(),
    })?;
    if tracked.len() > MAX_TRACKED_FISH {
        return Err(limit_reached(format!(
            "{} fish to track: more than the {MAX_TRACKED_FISH} an exact search supports",
            tracked.len()
        )));
    }
    let words = tracked.len().div_ceil(64).max(1);
    macro_rules! visit_width {
        ($($w:literal),*) => {
            match words {
                $(n if n <= $w => Ok(visitor.visit(&PenguProblem::<$w>::new(&graph, &tracked, goal).with_cost(options.cost))),)*
                _ => unreachable!("tracked fish are bounded by MAX_TRACKED_FISH"),
            }
        };
    }
    visit_width!(1, 2, 4, 16, 64)
}
