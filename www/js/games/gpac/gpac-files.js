// GPac's world files and maps, as methods of the game (mixed into GpacGame): the world
// file of the game so far (ghost ids from 0 or 1), its replay, the check that the same
// seed replays the same game, and random maps repaired by the engine.

import { formatParseError } from '../../game-base.js';

export const fileMethods = {
  setZeroIds(on) {
    this.zeroIds = on;
    this.savePrefs({ gpacZeroIds: on });
  },

  /** A random map (repaired by the engine), loaded as the current map. */
  randomMap({ w, h, density, seed }) {
    const maxCells = this.api.gpac_browser_max_cells();
    if (!(w >= 1 && h >= 1 && w * h >= 2 && w * h <= maxCells)) {
      this.shell.toast(`A random map has 2 to ${maxCells} cells (e.g. 80 × 80)`, 'warn');
      return false;
    }
    let text;
    try {
      const s = this.api.GpacSession.random(Math.round(w), Math.round(h), density, this.settings, Math.max(0, Math.round(seed) || 0));
      text = s.level_text();
      s.free();
    } catch (err) {
      this.shell.toast(`No random map: ${formatParseError(err)}`, 'warn');
      return false;
    }
    this.randomPrefs = { w, h, density, seed };
    this.savePrefs({ gpacRandom: this.randomPrefs });
    return this.loadLevel(text, { name: `Random ${w}×${h} map (walls ${density}, seed ${seed})` });
  },

  worldFile() {
    return this.session.world_file(this.zeroIds);
  },

  worldFileName() {
    const name = (this.levelName || 'map').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return `gpac-${name || 'map'}-seed${this.seed}-turn${this.view.turns}.txt`;
  },

  replayThisGame() {
    if (this.replay.open(this.worldFile(), `${this.levelName}, seed ${this.seed}`)) this.shell.selectTab('solve');
  },

  /** Play the same moves from the same seed in a fresh session; compare the world files. */
  verifySeed() {
    const out = this.ui.verifyResult;
    let fresh;
    try {
      fresh = this.newSession(this.levelText());
      fresh.replay(this.playedMoves());
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
  },
};
