//! Fuzz target `gpac_world`: the checks live in tests/fuzz_checks (shared with the
//! regression test `tests/suite/fuzz_regressions.rs`).
#![no_main]

#[path = "../../tests/fuzz_checks/mod.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::gpac_world(data));
