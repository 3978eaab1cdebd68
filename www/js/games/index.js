// The game registry. Each game is a module whose default export is
// { id, name, mount(shell, shared) → controller } in its own folder (see pengu/pengu.js,
// actman/actman.js, arena/arena.js);
// a game not built yet would be listed with `soon: true` so the picker can show it.

export const games = [
  {
    id: 'pengu',
    name: 'Pengu',
    blurb: 'Slide on ice, eat every fish, avoid bears and sharks.',
    load: () => import('./pengu/pengu.js'),
  },
  {
    id: 'actman',
    name: 'Act-Man',
    blurb: 'Act-Man II: outwit ogres and demons that chase by fixed rules; one magic bullet.',
    load: () => import('./actman/actman.js'),
  },
  {
    id: 'rogue',
    name: 'Rogue',
    blurb: 'The coursework\'s Rogue: a monster chases the rogue through rooms and corridors; watch the strategies, play either side, see the exact solution.',
    load: () => import('./rogue/rogue.js'),
  },
  {
    id: 'gpac',
    name: 'GPac',
    blurb: 'The course\'s GPac: play Pac-Man against ghosts or watch the agents, replay world files, evolve hard maps in the lab.',
    load: () => import('./gpac/gpac.js'),
  },
  {
    id: 'arena',
    name: 'Arena',
    blurb: 'Real-time 4-player Pac-Man: play one seat against three bots or watch the bots, replay server games, watch a server live, run a bot league.',
    load: () => import('./arena/arena.js'),
  },
];

export function gameById(id) {
  return games.find((g) => g.id === id) || null;
}

export const defaultGameId = 'pengu';
