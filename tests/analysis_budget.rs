//! The exact analyses (Pengu's and Act-Man's plan counts) keep to their memory budget:
//! a counting allocator measures the bytes they really hold, which must stay within
//! the budget (plus the old half of a table while it doubles), and the count stops
//! with "limit reached" and a note instead of growing past it.

mod common;

use gridlab::games::verdict::AnalysisLimits;
use gridlab::games::{actman, pengu};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The only way to count what the analyses allocate: a global allocator that passes
// every call to the system's.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time (the counters are the process's).
static MEASURING: Mutex<()> = Mutex::new(());

/// Hold while a test measures (other tests' allocations would count).
fn measuring() -> std::sync::MutexGuard<'static, ()> {
    MEASURING.lock().unwrap_or_else(|e| e.into_inner())
}

/// The peak of the bytes `f` holds beyond those live when it starts, and its result.
fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let result = f();
    (PEAK.load(Ordering::Relaxed) - base, result)
}

const MIB: usize = 1 << 20;

/// A count under a budget in bytes: the states it stored, `None` if the budget stopped it.
type Run<'a> = dyn Fn(usize) -> Option<usize> + 'a;

/// A `side` × `side` hall with Act-Man in a corner and `monsters` spread from the
/// far one.
fn actman_hall(side: usize, monsters: usize) -> actman::Dungeon {
    actman::Dungeon::parse(&common::actman_hall(side, monsters)).unwrap()
}

/// A `side` × `side` field of ice with `fish` fish and a few rocks to stop on.
fn pengu_field(side: usize, fish: usize) -> pengu::Level {
    pengu::Level::parse(&common::pengu_field(side, side, fish, side, 7)).unwrap()
}

fn limits(max_memory: usize) -> AnalysisLimits {
    AnalysisLimits {
        max_states: 20_000_000,
        max_memory,
        plan_cap: 1_000,
    }
}

/// The bytes measured stay within the budget, with room for the old half of a table
/// that doubles (an allocator copies it), and a little beside the tables.
#[track_caller]
fn assert_within(peak: usize, budget: usize) {
    assert!(
        peak <= budget + budget / 2 + MIB,
        "{} bytes held, budget {budget}",
        peak
    );
}

#[test]
fn an_act_man_count_stops_at_its_memory_budget() {
    let _measuring = measuring();
    // Before the budget, this count took 1.9 GB (with 32 monsters) and aborted.
    let hall = actman_hall(40, 32);
    for budget in [4 * MIB, 16 * MIB] {
        let (peak, a) = peak_of(|| actman::analyze(&hall, limits(budget), None));
        let actman::PlanCount::LimitReached { note } = &a.count else {
            panic!("{:?}", a.count)
        };
        assert!(
            note.starts_with(&format!("memory limit of {} MiB reached at ", budget / MIB)),
            "{note}"
        );
        assert_within(peak, budget);
        // And not far below it: a table that doubles fills at least a quarter.
        assert!(peak >= budget / 4, "{peak} bytes held, budget {budget}");
    }
}

#[test]
fn a_pengu_count_and_its_a_star_stop_at_their_memory_budget() {
    let _measuring = measuring();
    // 40 fish: too many for the dense table, the count hashes its states.
    let field = pengu_field(30, 40);
    let budget = 8 * MIB;
    let (peak, a) = peak_of(|| pengu::analyze(&field, limits(budget), None));
    let pengu::PlanCount::LimitReached { note } = &a.count else {
        panic!("{:?}", a.count)
    };
    assert!(
        note.contains("memory limit of") && note.contains("MiB reached at"),
        "{note}"
    );
    assert_within(peak, budget);
}

#[test]
fn the_memory_estimate_is_not_below_the_cost_measured_on_real_levels() {
    // Counts of 100,000 states (or fewer when they finish): the bytes they held, a
    // state at a time, against the budget the same counts need (the smallest in MiB
    // that does not stop them by memory).
    const STATES: usize = 100_000;
    let _measuring = measuring();
    let at_most = |budget| AnalysisLimits {
        max_states: STATES,
        ..limits(budget)
    };
    let by_memory = |note: &str| note.starts_with("memory limit");
    let (few, many) = (actman_hall(40, 4), actman_hall(40, 32));
    let field = pengu::Level::parse(
        &std::fs::read_to_string("levels/pengu/course/testcase-14-20x20.txt").unwrap(),
    )
    .unwrap();
    let graph = pengu::SlideGraph::new(&field);
    let actman_run = |hall| {
        move |budget| match actman::count_optimal(
            hall,
            actman::Restriction::default(),
            at_most(budget),
            None,
        ) {
            actman::PlanCount::Found { states, .. } => Some(states),
            actman::PlanCount::NoPlan { states } => Some(states),
            actman::PlanCount::LimitReached { note } => (!by_memory(&note)).then_some(STATES),
        }
    };
    let runs: [(&str, Box<Run>); 3] = [
        ("actman, 4 monsters", Box::new(actman_run(&few))),
        ("actman, 32 monsters", Box::new(actman_run(&many))),
        (
            "pengu, testcase 14",
            Box::new(|budget| {
                match pengu::PlanCounter::default().count(&graph, at_most(budget), None) {
                    pengu::PlanCount::Found { states, .. } => Some(states),
                    pengu::PlanCount::NoPlan { states } => Some(states),
                    pengu::PlanCount::LimitReached { note } => {
                        (!by_memory(&note)).then_some(STATES)
                    }
                    pengu::PlanCount::Optimal { .. } => unreachable!("the count does not prove"),
                }
            }),
        ),
    ];
    for (game, run) in runs {
        let (peak, states) = peak_of(|| run(1 << 40));
        let states = states.expect("no memory limit");
        assert!(states > 10_000, "{game}: {states} states");
        // The smallest budget in MiB that lets the count run its course.
        let (mut lo, mut hi) = (1, 2 * peak / MIB + 2);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if run(mid * MIB).is_some() {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let needed = lo * MIB;
        eprintln!(
            "{game}: {states} states, {peak} bytes held ({} a state), needs a budget of {} MiB",
            peak / states,
            needed / MIB
        );
        // The estimate never lets a count hold much more than its budget...
        assert_within(peak, needed);
        // ...nor stops it at a small part of what it really holds.
        assert!(
            needed <= 2 * peak + MIB,
            "{game}: needed {needed}, held {peak}"
        );
    }
}
