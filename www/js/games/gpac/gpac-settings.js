// GPac's players and settings, as methods of the game (mixed into GpacGame): who plays
// Pac-Man and the ghosts, the seed, the course settings, the speed and real time; each
// kept in the prefs, and each a restart of the match (the same seed, the same game).

import { DEFAULT_SETTINGS, cleanSettings } from './gpac-session.js';
import { SPEEDS } from './gpac-ui.js';
import { formatParseError } from '../../game-base.js';
import { load, save } from '../../storage.js';

export const settingsMethods = {
  savePrefs(patch) {
    save('prefs', { ...(load('prefs') || {}), ...patch });
  },

  /** After the session restarted by itself (players, seed, settings). */
  restarted({ level = false } = {}) {
    this.redoMoves = [];
    this.heading = 'r';
    this.looks = [];
    this.tilesKey++;
    if (level) this.levelChanged();
    else this.changed();
  },

  setPlayers(pacman, ghosts) {
    this.stopAll();
    this.players = [pacman, ghosts];
    this.session.set_players(pacman, ghosts);
    this.savePrefs({ gpacPacman: pacman, gpacGhosts: ghosts });
    this.restarted();
  },

  setSeed(seed) {
    const n = Math.max(0, Math.floor(Number(seed)));
    if (!Number.isSafeInteger(n)) {
      this.shell.toast('The seed is a whole number from 0 to 2^53 − 1', 'warn');
      this.ui.update();
      return;
    }
    this.stopAll();
    this.seed = n;
    this.session.set_seed(n);
    this.savePrefs({ gpacSeed: n });
    this.restarted();
  },

  setSettings(settings) {
    this.stopAll();
    const clean = cleanSettings(settings || DEFAULT_SETTINGS);
    try {
      this.session.set_settings(clean);
    } catch (err) {
      this.shell.toast(formatParseError(err), 'warn');
      this.ui.syncSettings();
      return;
    }
    this.settings = clean;
    this.savePrefs({ gpacSettings: clean });
    this.ui.syncSettings();
    this.restarted({ level: true });
  },

  /** The Transport calls this when its speed changes. */
  setSpeed(index) {
    this.speedIndex = Math.max(0, Math.min(SPEEDS.length - 1, index));
    if (this.transport && this.transport.speedIndex !== this.speedIndex) this.transport.setSpeed(this.speedIndex);
    this.savePrefs({ gpacSpeed: this.speedIndex });
    this.ui.update();
    this.viewChanged();
  },

  setRealtime(on) {
    this.stopAll();
    this.realtime = on;
    this.savePrefs({ gpacRealtime: on });
    this.ui.update();
    this.viewChanged();
  },
};
