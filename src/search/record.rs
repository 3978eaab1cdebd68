//! A search's own record, for the debugger that steps through it: every state it
//! stored (its parent, the move from it, its cost, heuristic and cell) and, in order,
//! every push onto the frontier (with the priority key it was pushed with), every
//! expansion (with the duplicates and pruned states it generated) and every state taken
//! off the frontier without an expansion. Every search keeps one when
//! [`super::Limits::record_limit`] is above 0; a replay of the events rebuilds the open
//! list at any step in the order the search pops it: smallest key first, then smallest
//! id. Breadth-first search pushes every state with key 0, so its open list is first in,
//! first out; iterative deepening pushes with `u32::MAX - depth` in the high half, so
//! its open list is a stack (deepest first, siblings in move order), and its ids are
//! tree nodes, new in every iteration (an iteration starts with a push of the start
//! whose parent is itself).
//!
//! The other searches use the same events:
//! - uniform-cost search pushes with key `g` (high half; low half 0), weighted A* with
//!   `g + ⌊w·h⌋` (high) and `⌊w·h⌋` (low), so that high − low is g as in A*;
//! - IDA* records like iterative deepening (stack keys, tree-node ids, an iteration per
//!   f-limit), and the start's push of an iteration holds its f-limit in `key_lo`;
//!   a successor whose f passes the limit is taken as [`Taken::CutOff`];
//! - beam search pushes every new successor of a layer with key `(layer, f)`
//!   (`f = g + h`, the layer of the successor); the beam is the first k of them in
//!   that order, which it expands next; the ones left out stay open behind them and
//!   are taken as [`Taken::Cut`] when the beam's expansions are done (so every event
//!   takes the first open state). Its ids are the successors in the order generated
//!   (a state cut may come back later with a new id);
//! - bidirectional BFS pushes with key `(depth, 0)` from the start and `(depth,`
//!   [`BACKWARD`]`)` back from the goal states; a backward state's parent is the state
//!   one move nearer a goal and its action the move from it to that parent; the goal
//!   states are their own parents (not a new iteration, as their `key_lo` is
//!   [`BACKWARD`]). Its open list holds both frontiers: the search takes a whole layer
//!   of the side with the smaller frontier, so the next step need not be the first
//!   entry.

use serde::Serialize;

/// Flag of an expansion event (clear, with [`TAKEN`] clear too: a push).
pub const EXPANDED: u32 = 1 << 31;

/// Flag of a state taken off the frontier and not expanded (iterative deepening); the
/// event's `key_lo` holds the [`Taken`] reason.
pub const TAKEN: u32 = 1 << 30;

/// The `key_lo` of a push of bidirectional search's backward side.
pub const BACKWARD: u32 = 1 << 31;

/// The state id of an event (without its flags).
pub const fn event_id(event: u32) -> u32 {
    event & !(EXPANDED | TAKEN)
}

/// Why a state was taken off the frontier without an expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Taken {
    /// It is the goal: the search ends.
    Goal = 1,
    /// Seen before in this iteration, no deeper: skipped.
    Duplicate = 2,
    /// It cannot lead anywhere (the problem's `viable`): skipped.
    Pruned = 3,
    /// At the depth limit (IDA*: its f past the f-limit): tested, not expanded.
    CutOff = 4,
    /// Left out of the beam (beam search): not among the best of its layer.
    Cut = 5,
}

/// What happened to the last successor an expansion generated (kept in the top bits of
/// its event's `key_lo`, above the pruned count, see [`LAST_SHIFT`]): the debugger
/// marks the pseudocode line the expansion ran last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u32)]
pub enum Last {
    /// Pushed onto the frontier (or no successor at all).
    #[default]
    Pushed = 0,
    /// Seen before (and, in A*, not more cheaply): dropped.
    Duplicate = 1,
    /// Not viable, or a dead end: dropped.
    Pruned = 2,
}

/// Where an expansion's [`Last`] sits in its event's `key_lo` (the pruned count below).
pub const LAST_SHIFT: u32 = 30;

/// The record of one search run.
#[derive(Clone, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Per state id (the order the search stored them): the parent's id (the start's is
    /// its own, 0); for a state A* reached again more cheaply, the last one.
    pub parent: Vec<u32>,
    /// The move from the parent, as the game writes it (`?` for the start).
    pub action: Vec<u32>,
    /// The heuristic of the state (0 for breadth-first, uniform-cost and bidirectional
    /// search; `DEAD_END` for a state stored but never pushed, whose other fields are
    /// placeholders, and for a dead end IDA* pushed).
    pub h: Vec<u32>,
    /// The board cell the state is drawn at.
    pub cell: Vec<u32>,
    /// Events in order: a state id, with [`EXPANDED`] set for an expansion (else a
    /// push onto the frontier).
    pub events: Vec<u32>,
    /// Per event: the state's cost from the start then.
    pub g: Vec<u32>,
    /// Per event: the high and low halves of the push's priority key; for an
    /// expansion, the duplicates (high) and pruned states (low, with the [`Last`]
    /// successor's fate in its top bits from [`LAST_SHIFT`]) it generated; for a
    /// [`TAKEN`] event, 0 and the [`Taken`] reason.
    pub key_hi: Vec<u32>,
    /// See [`Record::key_hi`].
    pub key_lo: Vec<u32>,
    /// Whether events were dropped at the limit: the record holds the first ones.
    pub truncated: bool,
    /// The event of the last expansion, while its successors are generated.
    #[serde(skip)]
    last_expansion: Option<usize>,
}

/// What a push says about a state.
pub(crate) struct Pushed {
    pub id: usize,
    pub parent: usize,
    pub action: char,
    pub g: u32,
    pub h: u32,
    pub cell: u32,
    pub key: u64,
}

impl Record {
    /// Events recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    fn room(&mut self, limit: usize) -> bool {
        if self.events.len() < limit {
            return true;
        }
        self.truncated = true;
        false
    }

    /// A state pushed onto the frontier (new, or reached again more cheaply).
    pub(crate) fn push(&mut self, limit: usize, p: Pushed) {
        if !self.room(limit) {
            return;
        }
        // States stored but never pushed (dead ends) keep their ids: placeholders.
        while self.parent.len() < p.id {
            self.parent.push(0);
            self.action.push(u32::from('?'));
            self.h.push(super::DEAD_END);
            self.cell.push(0);
        }
        if p.id == self.parent.len() {
            self.parent.push(p.parent as u32);
            self.action.push(u32::from(p.action));
            self.h.push(p.h);
            self.cell.push(p.cell);
        } else {
            // Reached again more cheaply (A*): the new way in.
            self.parent[p.id] = p.parent as u32;
            self.action[p.id] = u32::from(p.action);
        }
        self.events.push(p.id as u32);
        self.g.push(p.g);
        self.key_hi.push((p.key >> 32) as u32);
        self.key_lo.push(p.key as u32);
    }

    /// A state expanded (popped from the frontier, its successors generated).
    pub(crate) fn expand(&mut self, limit: usize, id: usize, g: u32) {
        self.last_expansion = None;
        if !self.room(limit) {
            return;
        }
        self.last_expansion = Some(self.events.len());
        self.events.push(id as u32 | EXPANDED);
        self.g.push(g);
        self.key_hi.push(0);
        self.key_lo.push(0);
    }

    /// The duplicates and pruned states the last expansion generated and what its last
    /// successor met (kept on its event, if that was recorded).
    pub(crate) fn tally(&mut self, duplicates: u32, pruned: u32, last: Last) {
        if let Some(i) = self.last_expansion {
            self.key_hi[i] = duplicates;
            self.key_lo[i] = pruned.min((1 << LAST_SHIFT) - 1) | (last as u32) << LAST_SHIFT;
        }
    }

    /// A state taken off the frontier and not expanded, and why.
    pub(crate) fn take(&mut self, limit: usize, id: usize, g: u32, why: Taken) {
        if !self.room(limit) {
            return;
        }
        self.events.push(id as u32 | TAKEN);
        self.g.push(g);
        self.key_hi.push(0);
        self.key_lo.push(why as u32);
    }
}
