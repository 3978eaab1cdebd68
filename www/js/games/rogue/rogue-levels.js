// Rogue dungeons (the coursework text format): the 18 sample dungeons of the
// coursework (levels/rogue/course/, bundled so that the first visit works offline) and
// the collection of levels/rogue/ (served by `gridlab serve` at /levels/) added by
// loadCollection() when it is there. A collection entry with the text of a bundled
// dungeon is left out of the picker (the course dungeons are listed once).

import { levelCatalog } from '../../collection.js';

const bundled = [
  {
    id: 'dungeonA',
    name: 'Dungeon A (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); an open room where the monster traps the rogue in a corner',
    text: '10\n. . . . . . . . A .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . @ . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n',
  },
  {
    id: 'dungeonB',
    name: 'Dungeon B (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the monster can force a win by going NE (but not N or E)',
    text: '10\n    + + + + + + + +\n    +             +\n. . . . . . .     +\n. . . . . . .     +\n. . . . @ . .     +\n. . B . . . .     +\n. . . . . . .     +\n. . . . . . . + + +\n. . . . . . .      \n. . . . . . .      \n',
  },
  {
    id: 'dungeonC',
    name: 'Dungeon C (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the monster\'s only winning first move is E',
    text: '10\n          + + + + +\n          +       +\n. . . . . . . .   +\n. . . . . . . .   +\n. . C . . @ . .   +\n. . . . . . . .   +\n. . . . . . . .   +\n          +       +\n          +       +\n          + + + + +\n',
  },
  {
    id: 'dungeonD',
    name: 'Dungeon D (19×19)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); a spiral corridor where the monster\'s best step is not always the one closest to the rogue',
    text: '19\n    + + + + + + + + + + + + + + + + +\n. . @                               +\n. . .   + + + + + + + + + + + + +   +\n. . .   +                       +   +\n. . .   +   + + + + + + + + +   +   +\n. . .   +   +               +   +   +\n. . .   +   +   + + + + +   +   +   +\n. . .   +   +   +       +   +   +   +\n. . .   +   +   +   . . +   +   +   +\n. . .   +   +   +   . .     +   +   +\n. . .   +   +   +           +   +   +\n. . .   +   +   + + + + + + +   +   +\n. . .   +   +                   +   +\n. . .   +   + + + + + + + + + + +   +\n. . .   +                           +\n. . .   + + + + + + + + + + + + + + +\n. . .                                \n. . .                                \n. D .                                \n',
  },
  {
    id: 'dungeonE',
    name: 'Dungeon E (19×19)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); four rooms and corridors where the monster can capture the rogue after 58 moves',
    text: '19\n+ + + + + + + + +   + + + + + + + + +\n+         +               +         +\n+         +               +         +\n+     . . . . .       . . . . .     +\n      . . . . .       . . . . .     +\n+ + + . . E . . + + + . . . . . +   +\n+     . . . . .       . . . . .     +\n+     . . . . .       . . . . .     +\n+         +               +         +\n+                                   +\n+         +               +         +\n+     . . . . .       . . . . .     +\n      . . . . .       . . . . .     +\n+ + + . . . . . +   + . . . . . + + +\n+     . . . . .       . . . . .     +\n+     . . . . .       . . . . @     +\n+         +               +         +\n+         +               +         +\n+   + + + + + + + + + + + + + + +   +\n',
  },
  {
    id: 'dungeonF',
    name: 'Dungeon F (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue wins by running to the farther cycle, not the nearest one',
    text: '10\n+ + +              \n+   +              \n+ + +              \n  . . . .          \n  . . . .          \n  . . . .          \n  . . . . + + + + +\n  @ . . . +       +\n  . . . . + + + + +\n  . . . F          \n',
  },
  {
    id: 'dungeonG',
    name: 'Dungeon G (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the monster can force a win by going E, but not NE or SE',
    text: '10\n          + + + + +\n          +       +\n. . . . . . . .   +\n. . . . . . . .   +\n. . G . . @ . .   +\n. . . . . . . .   +\n. . . . . . . .   +\n          +       +\n          +       +\n          + + + + +\n',
  },
  {
    id: 'dungeonH',
    name: 'Dungeon H (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue can win',
    text: '10\n    + + + + + + + +\n    +             +\n. . . . . . .     +\n. . . . . . .     +\n. . . . @ . .     +\n. H . . . . .     +\n. . . . . . .     +\n. . . . . . . + + +\n. . . . . . .      \n. . . . . . .      \n',
  },
  {
    id: 'dungeonI',
    name: 'Dungeon I (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue escapes by going N, but not S',
    text: '10\n          + + + + +\n          +       +\n. . . . . . . .   +\n. . . . . @ . .   +\n. . I . . . . .   +\n. . . . . . . .   +\n. . . . . . . .   +\n          +       +\n          +       +\n          + + + + +\n',
  },
  {
    id: 'dungeonJ',
    name: 'Dungeon J (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue survives, but must first step towards the monster',
    text: '10\n. . . . . . .      \n. . . . . . .      \n. . . . . @ .      \n. . . . . . . + + +\n. . . . . . .     +\n. . . . . . . + + +\n. . . . . . J      \n. . . . . . .      \n. . . . . . .      \n. . . . . . .      \n',
  },
  {
    id: 'dungeonK',
    name: 'Dungeon K (19×19)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue survives, but may need to go from room to room',
    text: '19\n+ + + + + + + + +   + + + + + + + + +\n+         +               +         +\n+         +               +         +\n+     K . . . .       . . . . .     +\n      . . . . .       . . . . .     +\n+ + + . . . . . + + + . . . . . +   +\n+     . . . . .       . . . . .     +\n+     . . . . .       . . . . .     +\n+         +               +         +\n+                                   +\n+         +               +         +\n+     . . . . .       . . . . .     +\n+     . . . . .       . . . . .     +\n+ + + . . . . . +   + . . . . . + + +\n+     . . . . .       . . . . .     +\n+     . . . . .       . . . . @     +\n+         +               +         +\n+         +               +         +\n+   + + + + + + + + + + + + + + +   +\n',
  },
  {
    id: 'dungeonL',
    name: 'Dungeon L (12×12)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue survives, stepping towards the monster for the first two steps',
    text: '12\n        . . . . . . . .\n    + + . . . . . . . .\n    +   . . . . . . . .\n    +             +     \n. . . . . . L     + + +\n. . . . . . .         +\n. . . . . . .         +\n. . . . . . .         +\n. . . . . . .         +\n. . . . . . . + + + + +          \n. . . . . . .          \n. . . . . @ . + + + + +\n',
  },
  {
    id: 'dungeonM',
    name: 'Dungeon M (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); disconnected rooms where the rogue survives forever',
    text: '10\n. . . . .          \n. . . . .           \n. . M . .            \n. . . . .            \n                   \n        . . . . . .\n        . . . . . .\n        . . . . @ .\n        . . . . . .\n        . . . . . .\n',
  },
  {
    id: 'dungeonN',
    name: 'Dungeon N (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the monster traps the rogue in a corner (the NE corner lasts longest)',
    text: '10\n. . . . . . . . . +\n. . . . . . . . .  \n. . N . . . . . .  \n. . . . @ . . . .  \n. . . . . . . . .  \n. . . . . . . . .  \n. . . . . . . . .  \n. . . . . . . . .  \n. . . . . . . . .  \n. . . . . . . . . +\n',
  },
  {
    id: 'dungeonO',
    name: 'Dungeon O (19×19)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue needs long-range planning to find the cycle and stay in it',
    text: '19\n    + + + + + + + + + + + + + + + + +\n. . @                               +\n. . .   + + + + + + + + + + + + +   +\n. . .   +                       +   +\n. . .   +   + + + + + + + + +   +   +\n. . .   +   +               +   +   +\n. . .   +   +   + + + + +   +   +   +\n. . .   +   +   +   +   +   +   +   +\n. . .   +   +   +   + + +   +   +   +\n. . .   +   +   +           +   +   +\n. . .   +   +   +           +   +   +\n. . .   +   +   + + + + + + +   +   +\n. . .   +   +                   +   +\n. . .   +   + + + + + + + + + + +   +\n. . .   +                           +\n. O .   + + + + + + + + + + + + + + +\n. . .                                \n. . .                                \n. . .                                \n',
  },
  {
    id: 'dungeonP',
    name: 'Dungeon P (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); the rogue survives, but may have to stay still for one move',
    text: '10\n. . . .       . . .\n. . . .       . . .\n. . . .   + + @ . .\n. . . .   + +      \n+       . . .      \n+ + + + P . . + + +\n+       . . .     +\n+         +       +\n. . . . . . . . . .\n. . . . . . . . . .\n',
  },
  {
    id: 'dungeonQ',
    name: 'Dungeon Q (10×10)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); a small cycle of two corridor and two room sites',
    text: '10\n. . . . . . .      \n. . . . . . .      \n. . Q . . . .      \n. . . . . . .      \n. . . . @ . .      \n. . . . . . .      \n. . . . . . .      \n. . . . . . .      \n. . . . . . . +    \n            + . . .\n',
  },
  {
    id: 'dungeonR',
    name: 'Dungeon R (6×6)',
    source: 'CPT204 coursework 3 sample (after Princeton COS 226); a tiny dungeon with two short cycles',
    text: '6\n           \n        @  \n        +  \n. . . . +  \nR . . . + +\n        + +\n',
  },
];

export const catalog = levelCatalog('rogue', bundled, 'dungeonI', { skipBundledCopies: true });
