//! **Rogue** (XJTLU CPT204 coursework 3, after Princeton COS 226): a monster chases a
//! rogue through rooms and corridors.
//!
//! - [`Dungeon`]: the coursework's format and `isLegalMove`;
//! - [`Analysis`]: the exact solution by backward induction;
//! - [`Referee`]: the coursework's referee with BFS, naive and optimal strategies.
//!
//! ```
//! use gridlab::games::rogue::{Analysis, Dungeon};
//! let d = Dungeon::parse("3\nA . .\n. . .\n. . @\n").unwrap();
//! assert_eq!(Analysis::new(&d).monster_to_move(d.monster, d.rogue), 2);
//! ```

mod analysis;
mod level;
mod referee;

pub use analysis::{Analysis, FOREVER};
pub use level::{direction_name, Dungeon, Site, MAX_SIDE};
pub use referee::{Ending, MonsterStrategy, Referee, RogueStrategy};
