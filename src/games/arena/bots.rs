//! Built-in players. Each sees what a remote client sees (the whole state) and answers
//! with a command, through the same [`Bot`] interface the server uses for a seat.

use super::engine::{Arena, Command, Item, Unit};
use super::maze::{Heading, CELL, SIDE};
use crate::grid::distance::{DistanceMap, Visit};
use serde::{Deserialize, Serialize};

/// A player program: given the state and its seat, this step's command.
pub trait Bot {
    /// The command for this step (`None`: keep going).
    fn command(&mut self, arena: &Arena, me: usize) -> Option<Command>;
}

/// The built-in bots, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    /// Heads for the nearest pellet, ignoring ghosts.
    Greedy,
    /// Avoids ghosts, takes power pellets when threatened and hunts ghosts in power
    /// mode.
    Hunter,
    /// As `hunter`, and drops a landmine when a ghost follows close behind.
    Miner,
}

crate::names!(BotKind, "bot", {
    BotKind::Greedy => "greedy",
    BotKind::Hunter => "hunter",
    BotKind::Miner => "miner",
});

impl BotKind {
    /// A fresh bot of this kind.
    pub fn bot(self) -> Box<dyn Bot + Send> {
        Box::new(Planner {
            kind: self,
            search: DistanceMap::new(SIDE * SIDE),
            first: vec![None; SIDE * SIDE],
        })
    }
}

/// The heading of the step between two neighbouring cells.
fn heading_between(from: usize, to: usize) -> Heading {
    if to + SIDE == from {
        Heading::Up
    } else if to == from + 1 {
        Heading::Right
    } else if to == from + SIDE {
        Heading::Down
    } else {
        Heading::Left
    }
}

/// The cell whose centre the unit reaches next (its own when at or before the centre).
fn next_centre(u: &Unit) -> (usize, usize) {
    let (cx, cy) = ((u.x / CELL) as usize, (u.y / CELL) as usize);
    let (ox, oy) = (u.x % CELL - CELL / 2, u.y % CELL - CELL / 2);
    let past = match u.heading {
        Some(Heading::Right) => ox > 0,
        Some(Heading::Left) => ox < 0,
        Some(Heading::Down) => oy > 0,
        Some(Heading::Up) => oy < 0,
        None => false,
    };
    match (past, u.heading) {
        (true, Some(h)) => {
            let (dx, dy) = h.delta();
            ((cx as i32 + dx) as usize, (cy as i32 + dy) as usize)
        }
        _ => (cx, cy),
    }
}

/// The bots' shared planner: a BFS over cells from the next centre, avoiding cells
/// next to dangerous ghosts, to the best target.
struct Planner {
    kind: BotKind,
    /// The search's buffers, kept between steps.
    search: DistanceMap<u8>,
    /// The first step from the start towards each cell the search reached.
    first: Vec<Option<Heading>>,
}

impl Bot for Planner {
    fn command(&mut self, arena: &Arena, me: usize) -> Option<Command> {
        let player = arena.players[me];
        if player.unit.wait > 0 {
            return None;
        }
        let (sx, sy) = next_centre(&player.unit);
        let start = sy * SIDE + sx;
        let cell_of = |u: &Unit| (u.y / CELL) as usize * SIDE + (u.x / CELL) as usize;
        let active_ghosts: Vec<usize> = arena
            .ghosts
            .iter()
            .filter(|g| g.wait == 0)
            .map(cell_of)
            .collect();
        let powered = player.power > 8;
        let careful = self.kind != BotKind::Greedy;
        let danger = |c: usize| {
            careful && !powered && active_ghosts.iter().any(|&g| arena.distance(g, c) <= 1)
        };
        let nearest_ghost = active_ghosts
            .iter()
            .map(|&g| arena.distance(g, start))
            .min()
            .unwrap_or(u8::MAX);
        if self.kind == BotKind::Miner && player.mines > 0 && !powered && nearest_ghost <= 1 {
            return Some(Command::Drop);
        }
        let goal = |c: usize| -> bool {
            if careful && powered {
                return active_ghosts.contains(&c);
            }
            match arena.items[c] {
                Item::Pellet => true,
                Item::Power => careful,
                Item::Mine => self.kind == BotKind::Miner,
                Item::None => false,
            }
        };
        // BFS from the next centre, first steps remembered.
        let first = &mut self.first;
        first[start] = None;
        let neighbours = |c: usize| {
            let (x, y) = (c % SIDE, c / SIDE);
            Heading::ALL
                .into_iter()
                .filter(move |&h| arena.maze.is_open(x, y, h))
                .map(move |h| {
                    let (dx, dy) = h.delta();
                    (y as i32 + dy) as usize * SIDE + (x as i32 + dx) as usize
                })
        };
        let target = self
            .search
            .fill_with_parent([start], neighbours, |n, c, _| {
                if danger(n) {
                    return Visit::Skip;
                }
                first[n] = first[c].or(Some(heading_between(c, n)));
                if goal(n) {
                    Visit::Stop
                } else {
                    Visit::Enter
                }
            });
        match target.and_then(|t| self.first[t]) {
            Some(h) => Some(Command::Go(h)),
            None if careful && nearest_ghost <= 2 => {
                // Cornered: run to the open side farthest from the ghosts.
                let (x, y) = (sx, sy);
                Heading::ALL
                    .into_iter()
                    .filter(|&h| arena.maze.is_open(x, y, h))
                    .max_by_key(|&h| {
                        let (dx, dy) = h.delta();
                        let n = (y as i32 + dy) as usize * SIDE + (x as i32 + dx) as usize;
                        active_ghosts
                            .iter()
                            .map(|&g| arena.distance(g, n))
                            .min()
                            .unwrap_or(0)
                    })
                    .map(Command::Go)
            }
            None => None,
        }
    }
}
