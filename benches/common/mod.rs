//! Shared by the benchmarks: a counting allocator for peak heap memory, and a timed
//! measurement of one solve.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Heap bytes in use and their peak, for the memory columns.
pub struct Counting;
static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// The counting allocator only forwards to `System`: the one unsafe code of the
// project, outside the library.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One row of the side-by-side table (not every benchmark reads every field).
#[allow(dead_code)]
pub struct Row {
    /// Who solved.
    pub solver: &'static str,
    /// Plan length, if a plan was found.
    pub moves: Option<usize>,
    /// States stored (or expanded, where a solver only tells that).
    pub states: usize,
    /// Wall time of the solve.
    pub seconds: f64,
    /// Peak heap growth during the solve, in MB.
    pub peak_mb: f64,
}

/// Time `f` (which returns the plan length and a state count) and measure its peak
/// heap growth.
pub fn measure(solver: &'static str, f: impl FnOnce() -> (Option<usize>, usize)) -> Row {
    PEAK.store(IN_USE.load(Ordering::Relaxed), Ordering::Relaxed);
    let base = IN_USE.load(Ordering::Relaxed);
    let started = Instant::now();
    let (moves, states) = f();
    Row {
        solver,
        moves,
        states,
        seconds: started.elapsed().as_secs_f64(),
        peak_mb: (PEAK.load(Ordering::Relaxed) - base) as f64 / 1e6,
    }
}
