//! The integration tests, in one binary (one link instead of fifty, and one pool of
//! threads for all): a module per subject. `tests/analysis_budget.rs` stays apart,
//! since its counting allocator is the whole process's.

#[path = "../common/mod.rs"]
mod common;
#[path = "../fuzz_checks/mod.rs"]
mod fuzz_checks;

mod actman_generate;
mod actman_instructor;
mod actman_levels;
mod actman_rules;
mod actman_solvers;
mod animation;
mod arena;
mod arena_cpp_client;
mod arena_hold;
mod arena_seat;
mod arena_server;
mod arena_spectate;
mod arena_tournament;
mod cli;
mod cli_actman;
mod cli_gpac;
mod cli_search;
mod fuzz_regressions;
mod gpac_evolve;
mod gpac_formats;
mod gpac_framework;
mod gpac_match;
mod gpac_rules;
mod gpac_tools;
mod grade_cli;
mod grade_outputs;
mod grid_distance;
mod heuristic_lab;
mod hostile_input;
mod pengu_bounds;
mod pengu_corpus;
mod pengu_generate;
mod pengu_properties;
mod pengu_rules;
mod pengu_trace;
mod pengu_zones;
mod rogue;
mod rogue_generate;
mod rogue_grade;
mod rogue_levels;
mod rogue_limits;
mod rogue_referee_fidelity;
mod rogue_strategies;
mod rogue_transcript;
mod search;
mod search_algorithms;
mod search_record;
mod serve;
mod serve_hold;
mod session_contract;
mod state_graph;
mod state_space;
mod tournament_hostile;
mod verdict_counts;
