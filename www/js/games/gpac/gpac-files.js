// GPac's world files and maps, an object the game holds (`game.files`, gpac.js): the
// world file of the game so far (ghost ids from 0 or 1), the check that the same seed
// replays the same game, and random maps repaired by the engine; the ghost-id switch
// and the random map's form, kept in the prefs.

import { formatParseError } from '../../game-base.js';

/** The world files and random maps of a GPac game. */
export class GpacFiles {
  /**
   * @param {import('./gpac.js').GpacGame} game
   * @param {Record<string, any>} prefs the page's prefs (`gpacZeroIds`, `gpacRandom`)
   */
  constructor(game, prefs) {
    this.game = game;
    /** The world file numbers the ghosts from 0 (the course framework) rather than 1. */
    this.zeroIds = prefs.gpacZeroIds === true;
    /** The random map's form: size, wall density and seed. */
    this.randomPrefs = { w: 35, h: 20, density: 0.3, seed: 1, ...(prefs.gpacRandom || {}) };
  }

  /** @param {boolean} on */
  setZeroIds(on) {
    this.zeroIds = on;
    this.game.savePrefs({ gpacZeroIds: on });
  }

  /**
   * A random map (repaired by the engine), loaded as the current map.
   * @param {{w: number, h: number, density: number, seed: number}} form
   */
  randomMap({ w, h, density, seed }) {
    const g = this.game;
    const maxCells = g.api.gpac_browser_max_cells();
    if (!(w >= 1 && h >= 1 && w * h >= 2 && w * h <= maxCells)) {
      g.shell.toast(`A random map has 2 to ${maxCells} cells (e.g. 80 × 80)`, 'warn');
      return false;
    }
    let text;
    try {
      const s = g.api.GpacSession.random(Math.round(w), Math.round(h), density, g.settings, Math.max(0, Math.round(seed) || 0));
      text = s.level_text();
      s.free();
    } catch (err) {
      g.shell.toast(`No random map: ${formatParseError(err)}`, 'warn');
      return false;
    }
    this.randomPrefs = { w, h, density, seed };
    g.savePrefs({ gpacRandom: this.randomPrefs });
    return g.loadLevel(text, { name: `Random ${w}×${h} map (walls ${density}, seed ${seed})` });
  }

  /** The world file of the game so far. */
  worldFile() {
    return this.game.session.world_file(this.zeroIds);
  }

  worldFileName() {
    const g = this.game;
    const name = (g.levelName || 'map').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return `gpac-${name || 'map'}-seed${g.seed}-turn${g.view.turns}.txt`;
  }

  /** Play the same moves from the same seed in a fresh session; compare the world files. */
  verifySeed() {
    const g = this.game;
    const out = g.ui.verifyResult;
    let fresh;
    try {
      fresh = g.newSession(g.levelText());
      fresh.replay(g.playedMoves());
      const same = fresh.world_file(this.zeroIds) === this.worldFile();
      const v = fresh.view();
      out.textContent = same
        ? `✓ Same seed, same game: a fresh session replayed ${v.turns} turn${v.turns === 1 ? '' : 's'} to score ${v.score}, with an identical world file.`
        : '✗ The fresh session\'s world file differs.';
      out.className = `small ${same ? 'goal-ok' : 'goal-no'}`;
    } catch (err) {
      out.textContent = `✗ ${err.message || err}`;
      out.className = 'small goal-no';
    } finally {
      if (fresh) fresh.free();
    }
  }
}
