//! Rogue's tools (the [`Tool`] contract): `analyze` (the exact solution from the
//! start), `verdict` (the editor's verdict) and `generate` (dungeons with a proved
//! outcome), for the command line and the page alike.

use super::analysis::{Analysis, Summary};
use super::generate::{
    generate, GenerateError, GenerateOptions, Goal, MAX_CANDIDATES, MAX_MIN_MOVES, SIDES,
};
use super::level::{direction_name, Dungeon, Site};
use super::referee::Referee;
use super::report::{analyze, report, Duel, Features, Outcome, Report as DungeonReport};
use super::strategy::{MonsterStrategy, RogueStrategy};
use crate::error::{FieldError, ParseError};
use crate::games::anneal::MAX_TIME_LIMIT;
use crate::games::tools::{
    Control, GameTools, Host, LevelFiles, NoLevel, Report, Tool, ToolError, ToolInput, ToolOptions,
    Typed,
};
use crate::games::verdict::LevelVerdict;
use crate::grid::Pos;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Rogue in the registry.
pub const TOOLS: GameTools = GameTools {
    id: "rogue",
    palette,
    tools: &[
        &Typed::<Analyze>::NEW,
        &Typed::<Verdict>::NEW,
        &Typed::<Generate>::NEW,
        &Typed::<super::transcript::ValueGame>::NEW,
    ],
};

/// The editor palette: wall, room, corridor, the rogue, the monster.
fn palette() -> String {
    [Site::Wall, Site::Room, Site::Corridor]
        .iter()
        .map(|s| s.symbol())
        .chain(['@', 'A'])
        .collect()
}

impl ToolInput for Dungeon {
    fn read(text: &str) -> Result<Self, ParseError> {
        Dungeon::parse(text)
    }
}

/// A dungeon's text as `analyze` takes it: read when the tool runs, strictly or (with
/// its `lenient` option) with short rows padded with walls.
pub struct DungeonText(String);

impl DungeonText {
    /// The dungeon and the warnings of a lenient reading (none when strict).
    pub fn parse(&self, lenient: bool) -> Result<(Dungeon, Vec<ParseError>), ParseError> {
        Dungeon::read(&self.0, lenient)
    }
}

impl ToolInput for DungeonText {
    fn read(text: &str) -> Result<Self, ParseError> {
        Ok(DungeonText(text.to_string()))
    }
}

/// The exact solution, or the failure that says the dungeon is too large for it.
fn solved(dungeon: &Dungeon) -> Result<Analysis, ToolError> {
    Analysis::new(dungeon).map_err(|e| ToolError::Failed(e.to_string()))
}

/// The options of `analyze`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AnalyzeOptions {
    /// Pad short or missing rows with walls (with a warning) instead of failing.
    pub lenient: bool,
}

impl ToolOptions for AnalyzeOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        Ok(())
    }
}

/// `analyze`: who wins from the start under optimal play, the first moves, the
/// statistics of the exact solution, and the editor's report.
pub struct Analyze;

/// A first move of the monster and the rogue's replies that keep it safe forever.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SafeReplies {
    /// The monster's move (a compass name, `stay`).
    pub monster: &'static str,
    /// The rogue's safe replies (empty: it is caught).
    pub rogue: Vec<&'static str>,
}

/// What `analyze` returns.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Analyzed {
    /// Sites, states, the value from the start, the start pairs the monster wins.
    #[serde(flatten)]
    pub summary: Summary,
    /// How long the exact solution took, in milliseconds.
    pub elapsed_ms: f64,
    /// Who wins from the start.
    pub outcome: Outcome,
    /// The sites from which the rogue is lost (the monster to move where it stands),
    /// as `ROW:COLUMN` from 0.
    pub lost_sites: Vec<String>,
    /// The features.
    pub features: Features,
    /// When the monster wins: its first moves that capture fastest (compass names).
    pub winning_first_moves: Vec<&'static str>,
    /// When the rogue survives: its safe replies to each first move of the monster.
    pub safe_replies: Vec<SafeReplies>,
    /// What a lenient reading padded.
    pub warnings: Vec<ParseError>,
    /// The dungeon's side.
    #[serde(skip)]
    pub size: usize,
    /// The monster's letter.
    #[serde(skip)]
    pub letter: char,
}

impl Report for Analyzed {
    fn text(&self) -> Option<String> {
        let letter = self.letter;
        let s = &self.summary;
        let mut out = format!(
            "{n} × {n} dungeon, {} open sites, {} states\n",
            s.sites,
            s.states,
            n = self.size
        );
        match s.value {
            None => {
                out.push_str("verdict: the rogue survives forever under optimal play\n");
                out.push_str("the rogue's safe replies to each first move of the monster:\n");
                for reply in &self.safe_replies {
                    out.push_str(&format!(
                        "  monster {letter} {} -> rogue {}\n",
                        reply.monster,
                        if reply.rogue.is_empty() {
                            "(caught)".to_string()
                        } else {
                            reply.rogue.join(", ")
                        }
                    ));
                }
            }
            Some(value) => {
                out.push_str(&format!(
                    "verdict: monster {letter} captures the rogue in {value} monster move{} \
                     under optimal play\n",
                    if value == 1 { "" } else { "s" }
                ));
                out.push_str(&format!(
                    "winning first moves of monster {letter}: {}\n",
                    self.winning_first_moves.join(", ")
                ));
            }
        }
        let (wins, total) = (s.monster_win_pairs, s.pairs);
        out.push_str(&format!(
            "start pairs (distinct room sites, monster first) the monster wins: {wins} of \
             {total} ({:.1}%)\n",
            if total == 0 {
                0.0
            } else {
                100.0 * wins as f64 / total as f64
            }
        ));
        Some(out)
    }

    fn notes(&self) -> Vec<String> {
        self.warnings
            .iter()
            .map(|w| format!("warning: {w}"))
            .collect()
    }
}

impl Tool for Analyze {
    const NAME: &'static str = "analyze";
    const SUMMARY: &'static str = "Solve the game exactly: who wins from the start, in how many \
                                   monster moves, the winning first moves, and how many start \
                                   pairs the monster wins.";
    type Input = DungeonText;
    type Options = AnalyzeOptions;
    type Output = Analyzed;

    fn run(
        text: &DungeonText,
        options: &AnalyzeOptions,
        _: &mut Control<'_>,
    ) -> Result<Analyzed, ToolError> {
        let (dungeon, warnings) = text.parse(options.lenient)?;
        // The solution's time is a statistic for the page and the benchmarks, as a
        // search's elapsed time is.
        let started = web_time::Instant::now();
        let analysis = solved(&dungeon)?;
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        let summary = analysis.summary(&dungeon);
        let (m, r) = (dungeon.monster, dungeon.rogue);
        let names = |from: Pos, to: &[Pos]| -> Vec<&'static str> {
            to.iter().map(|&p| direction_name(from, p)).collect()
        };
        let (winning_first_moves, safe_replies) = match summary.value {
            Some(_) => (
                names(m, &analysis.best_monster_moves(&dungeon, m, r)),
                Vec::new(),
            ),
            None => (
                Vec::new(),
                analysis
                    .safe_replies(&dungeon, m, r)
                    .into_iter()
                    .map(|(m1, safe)| SafeReplies {
                        monster: direction_name(m, m1),
                        rogue: names(r, &safe),
                    })
                    .collect(),
            ),
        };
        let report = report(&dungeon, Rc::new(analysis));
        let n = dungeon.size();
        Ok(Analyzed {
            summary,
            elapsed_ms,
            outcome: report.outcome,
            lost_sites: report
                .lost_sites
                .iter()
                .map(|&i| format!("{}:{}", i as usize / n, i as usize % n))
                .collect(),
            features: report.features,
            winning_first_moves,
            safe_replies,
            warnings,
            size: n,
            letter: dungeon.monster_letter,
        })
    }
}

/// The options of `verdict`: none (the exact solution's one limit is
/// [`MAX_SITES`](super::MAX_SITES) open sites).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct VerdictOptions {}

impl ToolOptions for VerdictOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        Ok(())
    }
}

/// `verdict`: the editor's common verdict on a dungeon.
pub struct Verdict;

/// The common verdict with Rogue's features.
pub type RogueVerdict = LevelVerdict<Features>;

impl Tool for Verdict {
    const NAME: &'static str = "verdict";
    const SUMMARY: &'static str = "The editor's verdict on a dungeon: the monster wins in so many \
                                   moves or the rogue is safe forever, the sites where the rogue \
                                   is lost, the features (JSON).";
    type Input = Dungeon;
    type Options = VerdictOptions;
    type Output = RogueVerdict;

    fn run(
        dungeon: &Dungeon,
        _: &VerdictOptions,
        _: &mut Control<'_>,
    ) -> Result<RogueVerdict, ToolError> {
        Ok(analyze(dungeon)
            .map_err(|e| ToolError::Failed(e.to_string()))?
            .verdict())
    }
}

/// The options of `generate`: the generator's ([`GenerateOptions`]) as the command
/// line gives them, its goal one of two switches (`--monster-wins`,
/// `--rogue-escapes`), and as the page gives them, its goal a field (`goal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GenerateToolOptions {
    /// The monster captures the rogue under optimal play, in at least --min-moves
    /// monster moves.
    pub monster_wins: bool,
    /// The rogue survives forever under optimal play, but the naive rogue is caught by
    /// the optimal monster (in turn --min-moves or later).
    pub rogue_escapes: bool,
    /// The goal as the page names it: monsterWins or rogueEscapes.
    #[schemars(extend("x-page" = true))]
    pub goal: Option<Goal>,
    /// The dungeon's side N (5 to 24).
    #[schemars(range(min = *SIDES.start(), max = *SIDES.end()))]
    pub size: usize,
    /// --monster-wins: the fewest moves to capture; --rogue-escapes: the earliest turn
    /// at which the naive rogue may be caught (1 to 200).
    #[schemars(range(min = 1, max = MAX_MIN_MOVES))]
    pub min_moves: u32,
    /// Seed of the dungeon (with --count, dungeon k uses seed + k).
    pub seed: u64,
    /// Most candidate dungeons scored per dungeon (1 to 1,000,000).
    #[schemars(range(min = 1, max = MAX_CANDIDATES))]
    pub max_candidates: u64,
    /// Score all the candidates and keep the dungeon of the largest measure.
    pub longest: bool,
    /// Seconds before stopping with the best dungeon so far (0: no limit; 0 to
    /// 3,600). The command line and the page keep the time; generation counts
    /// candidates.
    #[schemars(range(min = 0, max = MAX_TIME_LIMIT))]
    pub time_limit: u32,
}

impl Default for GenerateToolOptions {
    fn default() -> Self {
        GenerateToolOptions {
            monster_wins: false,
            rogue_escapes: false,
            goal: None,
            size: 10,
            min_moves: 6,
            seed: 0,
            max_candidates: 200_000,
            longest: false,
            time_limit: 0,
        }
    }
}

impl GenerateToolOptions {
    /// The goal: exactly one of the switches, or `goal`, or both naming the same.
    pub fn goal(&self) -> Result<Goal, FieldError> {
        let switch = match (self.monster_wins, self.rogue_escapes) {
            (true, true) => {
                return Err(FieldError::new(
                    "rogue_escapes",
                    "one goal at a time: not with --monster-wins",
                ))
            }
            (true, false) => Some(Goal::MonsterWins),
            (false, true) => Some(Goal::RogueEscapes),
            (false, false) => None,
        };
        match (switch, self.goal) {
            (Some(a), Some(b)) if a != b => Err(FieldError::new(
                "goal",
                "one goal at a time: the goal and the switch differ",
            )),
            (Some(goal), _) | (None, Some(goal)) => Ok(goal),
            (None, None) => Err(FieldError::new(
                "monster_wins",
                "a goal is required: --monster-wins or --rogue-escapes (goal: monsterWins or \
                 rogueEscapes)",
            )),
        }
    }

    /// The generator's options.
    pub fn options(&self) -> Result<GenerateOptions, FieldError> {
        let options = GenerateOptions {
            size: self.size,
            goal: self.goal()?,
            min_moves: self.min_moves,
            seed: self.seed,
            max_candidates: self.max_candidates,
            longest: self.longest,
        };
        options.check()?;
        crate::games::anneal::check_time_limit(self.time_limit)?;
        Ok(options)
    }
}

impl ToolOptions for GenerateToolOptions {
    fn check(&self, _: Host) -> Result<(), FieldError> {
        self.options().map(|_| ())
    }
}

/// `generate`: a dungeon with a proved outcome.
pub struct Generate;

/// Turns of the optimal game written for a dungeon the rogue survives.
const SURVIVAL_TRANSCRIPT_TURNS: u32 = 100;

/// What `generate` returns.
#[derive(Serialize)]
pub struct GeneratedDungeon {
    /// The dungeon in the coursework format.
    pub level: String,
    /// The exact outcome, the lost sites and the features.
    pub report: DungeonReport,
    /// Candidates scored to find it.
    pub candidates: u64,
    /// The seed.
    pub seed: u64,
    /// Whether it meets every requirement (false: the best dungeon so far, when
    /// stopped by the time limit or a cancel).
    pub met: bool,
    /// The measure asked, and the dungeon's (capture moves, or the naive rogue's
    /// capture turn).
    #[serde(skip)]
    pub measures: (u32, u32),
    /// The files the command line writes.
    #[serde(skip)]
    pub files: LevelFiles,
}

impl Report for GeneratedDungeon {
    fn text(&self) -> Option<String> {
        Some(format!("{}\n", self.level))
    }
    fn notes(&self) -> Vec<String> {
        let (asked, measure) = self.measures;
        crate::games::anneal::stopped_note(self.met, measure, asked, "moves")
    }
    fn met(&self) -> bool {
        self.met
    }
    fn files(&self) -> Option<LevelFiles> {
        Some(self.files.clone())
    }
}

impl Tool for Generate {
    const NAME: &'static str = "generate";
    const SUMMARY: &'static str = "Generate rooms-and-corridors dungeons with a proved outcome: \
                                   the monster wins in at least K moves, or the rogue escapes \
                                   forever but the naive rogue does not.";
    type Input = NoLevel;
    type Options = GenerateToolOptions;
    type Output = GeneratedDungeon;

    fn run(
        _: &NoLevel,
        asked: &GenerateToolOptions,
        control: &mut Control<'_>,
    ) -> Result<GeneratedDungeon, ToolError> {
        let options = asked.options()?;
        let cancel = control.cancel;
        let mut progress = |p| control.report(&p);
        let generated = generate(&options, cancel, Some(&mut progress)).map_err(|e| match e {
            GenerateError::Options(e) => ToolError::from(e),
            e => ToolError::Failed(e.to_string()),
        })?;
        let d = &generated.dungeon;
        let mut referee = Referee::new(d, MonsterStrategy::Optimal, RogueStrategy::Optimal)
            .map_err(|e| ToolError::Failed(e.to_string()))?;
        let game = referee.play_game(SURVIVAL_TRANSCRIPT_TURNS);
        let f = &generated.report.features;
        let measure = match (generated.report.outcome, &f.naive_rogue) {
            (Outcome::MonsterWins { moves }, _) => moves,
            (Outcome::RogueSafeForever, Duel::Caught { turn }) => *turn,
            _ => 0,
        };
        let verdict = match generated.report.outcome {
            Outcome::MonsterWins { moves } => format!("monster wins in {moves}"),
            Outcome::RogueSafeForever => match f.naive_rogue {
                Duel::Caught { turn } => {
                    format!("rogue safe forever, the naive rogue caught in turn {turn}")
                }
                _ => "rogue safe forever".to_string(),
            },
        };
        let files = LevelFiles {
            name: format!(
                "rogue-{}-{}-s{}",
                options.size,
                match options.goal {
                    Goal::MonsterWins => "monster",
                    Goal::RogueEscapes => "escape",
                },
                options.seed,
            ),
            level: generated.text.clone(),
            plan: game.moves().to_string(),
            expected: game.transcript(d),
            json: serde_json::json!({
                "game": "rogue",
                "seed": options.seed,
                "options": options,
                "outcome": generated.report.outcome,
                "features": f,
                "optimalPlay": game.moves(),
                "candidates": generated.candidates,
            }),
            summary: format!(
                "{verdict}, {} sites, {} candidates",
                f.sites, generated.candidates
            ),
        };
        Ok(GeneratedDungeon {
            level: generated.text,
            report: generated.report,
            candidates: generated.candidates,
            seed: options.seed,
            met: generated.met,
            measures: (options.min_moves, measure),
            files,
        })
    }
}
