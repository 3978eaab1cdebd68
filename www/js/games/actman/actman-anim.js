// One Act-Man turn as an animation, built from the view before the turn and the wasm
// turn report (nothing here decides a rule): Act-Man's step or the bullet's flight,
// the monsters' moves, kills flashing into corpses, Act-Man's death.

const FLASH_MS = 320;
const STEP_MS = 170;
const CHASE_MS = 210;
const DEATH_MS = 300;

const key = (p) => `${p.row},${p.col}`;
const lerp = (a, b, u) => ({ row: a.row + (b.row - a.row) * u, col: a.col + (b.col - a.col) * u });
const ease = (u) => (u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u));
const clamp01 = (u) => Math.max(0, Math.min(1, u));

export const FIRE_ANGLE = { N: -Math.PI / 2, S: Math.PI / 2, E: 0, W: Math.PI };

/** Angle Act-Man faces after moving from `a` to `b` (radians, 0 = east). */
export function facingOf(a, b, fallback = 0) {
  const dr = b.row - a.row;
  const dc = b.col - a.col;
  return dr || dc ? Math.atan2(dr, dc) : fallback;
}

export class TurnAnimation {
  /**
   * @param prev the session view before the turn
   * @param report the turn report of `play()`
   * @param speed playback speed (1 = normal)
   * @param facing Act-Man's facing before the turn
   */
  constructor(prev, report, speed = 1, facing = 0) {
    this.report = report;
    const fire = /^[NSEW]$/.test(report.action);
    this.fire = fire;
    this.facing = fire ? FIRE_ANGLE[report.action] : facingOf(report.from, report.to, facing);
    const bullet = report.bullet;
    // Stage 1: the step, or the bullet's flight (about 55 ms a cell).
    this.tA = (fire ? Math.min(480, Math.max(140, 55 * bullet.length)) : STEP_MS) / speed;
    const prevMonsters = new Map(prev.monsters.map(([p, kind]) => [key(p), kind]));
    const bulletIndex = new Map(bullet.map((p, i) => [key(p), i]));
    // Kills: the first kill on a bullet cell where a monster stood is the bullet's;
    // the others happened when monsters met (stage 4).
    const shot = new Set();
    this.bulletKills = [];
    this.collisionKills = [];
    for (const p of report.killed) {
      const k = key(p);
      if (fire && bulletIndex.has(k) && prevMonsters.has(k) && !shot.has(k)) {
        shot.add(k);
        this.bulletKills.push({ ...p, t: (this.tA * (bulletIndex.get(k) + 1)) / bullet.length });
      } else {
        this.collisionKills.push(p);
      }
    }
    const chases = report.chases;
    this.tM = chases.length ? CHASE_MS / speed : 0;
    this.tK = this.tA + this.tM; // when the collisions and Act-Man's death show
    this.died = report.status === 'dead';
    const endFlash = this.collisionKills.length || this.died ? DEATH_MS / speed : 0;
    const lastShot = this.bulletKills.reduce((m, b) => Math.max(m, b.t + FLASH_MS / speed), 0);
    this.duration = Math.max(this.tK + endFlash, lastShot);
    this.flashMs = FLASH_MS / speed;
    this.collided = new Set(this.collisionKills.map(key));
    // Movers follow the report; the others (bullet victims, monsters that did not get
    // to move because Act-Man died first) stay where they were.
    const moved = new Set(chases.map((c) => key(c[1])));
    this.movers = chases.map(([kind, from, to]) => ({ kind, from, to }));
    this.stayers = prev.monsters.filter(([p]) => !moved.has(key(p))).map(([p, kind]) => ({
      kind, from: p, shotAt: (this.bulletKills.find((b) => key(b) === key(p)) || {}).t,
    }));
    // Corpses that this turn creates appear at their kill.
    const oldCorpses = new Set(prev.corpses.map(key));
    const fresh = new Map();
    for (const b of this.bulletKills) if (!oldCorpses.has(key(b)) && !fresh.has(key(b))) fresh.set(key(b), { ...b });
    for (const c of this.collisionKills) if (!oldCorpses.has(key(c)) && !fresh.has(key(c))) fresh.set(key(c), { ...c, t: this.tK });
    this.freshCorpses = [...fresh.values()];
  }

  /** The scene parts at `t` ms after the start. */
  frame(t, cols) {
    const r = this.report;
    const patches = [];
    const top = [];
    const actors = [];
    for (const c of this.freshCorpses) if (t < c.t) patches.push({ index: c.row * cols + c.col, sym: ' ' });
    // Monsters.
    const uM = this.tM ? clamp01((t - this.tA) / this.tM) : 1;
    for (const m of this.movers) {
      if (t >= this.tK && this.collided.has(key(m.to)) && this.tM) continue;
      const pos = t < this.tA ? m.from : lerp(m.from, m.to, ease(uM));
      actors.push({ kind: m.kind, ...pos });
    }
    for (const m of this.stayers) {
      if (m.shotAt != null && t >= m.shotAt) continue;
      actors.push({ kind: m.kind, ...m.from });
    }
    // Act-Man.
    const uA = clamp01(t / this.tA);
    const pos = this.fire ? r.from : lerp(r.from, r.to, ease(uA));
    const dead = this.died && t >= this.tK;
    const mouth = !this.fire && t < this.tA ? 0.35 + 0.65 * Math.abs(Math.cos(uA * Math.PI * 2)) : 1;
    actors.push({ kind: dead ? 'dead' : 'actman', ...pos, facing: this.facing, mouth });
    // The bullet in flight.
    if (this.fire && t < this.tA && r.bullet.length) {
      const f = uA * r.bullet.length;
      const path = [r.from, ...r.bullet];
      const i = Math.min(path.length - 2, Math.floor(f));
      top.push({ kind: 'bullet', ...lerp(path[i], path[i + 1], f - i), from: r.from });
    }
    // Flashes: bullet kills, collisions, Act-Man's death.
    for (const b of this.bulletKills) {
      if (t >= b.t && t < b.t + this.flashMs) top.push({ kind: 'flash', row: b.row, col: b.col, t: (t - b.t) / this.flashMs });
    }
    if (t >= this.tK && t < this.tK + this.flashMs) {
      const u = (t - this.tK) / this.flashMs;
      for (const c of this.collisionKills) top.push({ kind: 'flash', row: c.row, col: c.col, t: u });
      if (this.died) top.push({ kind: 'flash', row: r.to.row, col: r.to.col, t: u });
    }
    return { patches, actors, top };
  }
}

const A_KIND = { ogre: 'an ogre', demon: 'a demon' };

/** Why Act-Man died, as the engine's turn report tells it. */
export function deathCause(report) {
  const death = report.death;
  if (death) {
    const who = death.kinds.map((k) => A_KIND[k]).join(' and ');
    if (death.cause === 'caught') return `Caught by ${who}`;
    if (death.cause === 'walked_into') return `Act-Man walked into ${who}`;
    return 'Act-Man stepped on a corpse';
  }
  return 'Act-Man died';
}
