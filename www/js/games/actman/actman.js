// Act-Man II in the playground: owns the wasm ActmanSession (through ../game-base.js),
// turns keys, clicks and swipes into actions, animates the turn reports, draws the
// monsters' next moves. Every rule (legality, chases, deaths, score, output) comes
// from the wasm module; this file only draws and routes.

import { actmanPainter, tileSwatch, TILE_INFO } from './actman-tiles.js';
import { catalog } from './actman-levels.js';
import { ActmanUi } from './actman-ui.js';
import { TurnAnimation, FIRE_ANGLE, facingOf, deathCause } from './actman-anim.js';
import { actmanKey } from './actman-keys.js';
import { digitToward, fireToward, fireOfDigit } from '../../input.js';
import { GameBase, gameModule, sameCell as same, sizeFields, seedField, generatedName } from '../../game-base.js';
import { load, save } from '../../storage.js';

/**
 * What a board draws of an Act-Man session at rest ("Check a solution"'s boards): its
 * tiles, the monsters and Act-Man.
 * @param {ActmanGame} game
 * @param {import('../../../pkg/gridlab_play.js').ActmanSession} session
 */
function restingScene(game, session) {
  const v = session.view();
  const actors = v.monsters.map(([p, kind]) => ({ kind, ...p }));
  actors.push({ kind: v.status === 'dead' ? 'dead' : 'actman', ...v.actman, facing: 0 });
  return { rows: v.rows, cols: v.cols, tiles: game.tiles(session), marks: [], actors };
}

/** @extends {GameBase<import('../../../pkg/gridlab_play.js').ActmanSession>} */
export class ActmanGame extends GameBase {
  constructor(shell) {
    super(shell, {
      id: 'actman',
      Session: 'ActmanSession',
      noun: 'dungeon',
      moveNoun: 'action',
      catalog,
      painter: actmanPainter,
      Ui: ActmanUi,
      // The solve adapter (its forms, presets and result reading): after the first board.
      loadSolve: (q) => import(`./actman-solve.js${q}`).then((m) => m.actmanSolve),
      check: { maxStates: 1_000_000, planCap: 1000 },
      judge: { limit: { key: 'turns', label: 'Turn limit', n: 'At most N turns', option: (v) => v }, scene: restingScene },
      generate: {
        fields: [
          ...sizeFields({ rows: 8, cols: 10 }),
          { key: 'monsters', label: 'Monsters', value: 3 },
          { key: 'minTurns', label: 'At least turns', value: 10, title: 'The fastest victory takes at least this many turns' },
          seedField('actman', 'dungeon'),
          { key: 'needsBullet', label: 'Needs the bullet', type: 'checkbox', value: true, title: 'No victory without firing' },
          { key: 'needsLure', label: 'Needs a lure', type: 'checkbox', value: false, title: 'No victory without a monster dying on another or on a corpse' },
          { key: 'unique', label: 'Unique optimal plan', type: 'checkbox', value: false },
        ],
        unit: 'turns',
        name: generatedName,
        summary: (r) => `Proved: victory in ${r.features.optimal_turns} turns, ${r.features.unique ? 'a unique optimal plan' : `${r.features.optimal_plans} optimal plans`}${r.features.needs_bullet ? ', needs the bullet' : ''}${r.features.needs_lure ? ', needs a lure' : ''}`,
      },
      edit: {
        info: TILE_INFO,
        swatch: tileSwatch,
        hero: 'A',
        paintHint: 'Pick a tile, then click or drag on the board. Right button: space. Painting Act-Man moves him; paint him elsewhere before painting over his cell.',
        formatHint: 'Format: first line "ROWS COLS", then the rows: # wall, space, A Act-Man, G ogre, D demon, @ corpse. You can also drop a .txt file on the board.',
        skip(cell, sym) {
          const line = this.levelText().split('\n')[cell.row + 1] || '';
          return (line[cell.col] || ' ') === sym;
        },
      },
    });
    this.initial = { monsters: 0 };
    this.hoverShift = false;
    this.preview = null; // {key, chases} for the hovered neighbour
    this.facing = 0;
    this.deathCause = '';
    this.aiming = false;
    const prefs = load('prefs') || {};
    this.showArrows = prefs.actmanArrows !== false;
    /** @type {ActmanUi} */
    this.ui = null; // mountPanels makes it
    this.mountPanels();
    // Holding Shift over the board turns the hover mark into a fire mark at once.
    const shiftKey = (e) => {
      if (e.key !== 'Shift' || this.hoverShift === (e.type === 'keydown')) return;
      this.hoverShift = e.type === 'keydown';
      if (this.hover) this.board.invalidate();
    };
    addEventListener('keydown', shiftKey, { signal: shell.signal });
    addEventListener('keyup', shiftKey, { signal: shell.signal });
  }

  // ---- level and session -------------------------------------------------------

  onNewSession() {
    this.aiming = false;
    this.facing = 0;
    this.noteStart();
  }

  onLevelEdited() {
    this.noteStart();
    this.preview = null;
  }

  /** Counts of the dungeon as it starts (the session's view before any action). */
  noteStart() {
    const v = this.view;
    if (v.actions) return;
    const ogres = v.monsters.filter((m) => m[1] === 'ogre').length;
    this.initial = { monsters: v.monsters.length, ogres, demons: v.monsters.length - ogres, corpses: v.corpses.length };
  }

  // ---- actions --------------------------------------------------------------------

  playedMoves() {
    return this.view ? this.view.actions : '';
  }

  /** A plan has been played to its end without a victory: say how it stands. */
  planFinished(result) {
    if (this.view.status !== 'playing') return;
    const note = result && result.note;
    this.showPlanNote(note ? `${note[0].toUpperCase()}${note.slice(1)}.` : 'The monsters are not all dead.');
  }

  afterReplay(history) {
    this.facing = 0;
    let before = null;
    for (const r of history) {
      this.facing = FIRE_ANGLE[r.action] ?? facingOf(r.from, r.to, this.facing);
      before = r;
    }
    this.planNote = null;
    this.aiming = false;
    this.deathCause = '';
    if (before && before.status === 'dead') this.deathCause = deathCause(before);
  }

  played(prev, report) {
    this.aiming = false;
    this.deathCause = report.status === 'dead' ? deathCause(report) : '';
    const anim = new TurnAnimation(prev, report, this.animSpeed, this.facing);
    this.facing = anim.facing;
    return this.animateFor({ turn: anim }, anim.duration);
  }

  /** Play one action (a move digit or N/S/E/W); resolves when its animation ends. */
  act(symbol, opts) {
    return this.move(symbol, opts);
  }

  setAiming(on) {
    const can = this.view && /[NSEW]/.test(this.view.legal);
    if (on && !can) {
      this.shell.toast(this.view && this.view.bulletUsed ? 'The bullet is already spent' : 'The game is over', 'warn');
      on = false;
    }
    this.aiming = on;
    this.ui.update();
    this.board.invalidate();
  }

  /**
   * The monsters' next-move arrows on or off (kept in the prefs, unless a link set them).
   * @param {boolean} on
   */
  setArrows(on, { keep = true } = {}) {
    this.showArrows = on;
    this.ui.setArrows(on);
    if (keep) save('prefs', { ...(load('prefs') || {}), actmanArrows: on });
    this.board.invalidate();
    this.viewChanged();
  }

  /** A link carries the arrows when they are off (`arrows=0`; on is the default). */
  viewState() {
    return { ...super.viewState(), ...(this.showArrows ? {} : { arrows: '0' }) };
  }

  /** @param {import('../../contracts.js').View} view */
  applyView(view) {
    super.applyView(view);
    const on = view.arrows !== '0';
    if (on !== this.showArrows) this.setArrows(on, { keep: false });
  }

  tapCell(cell, e) {
    const a = this.view.actman;
    if (this.aiming || (e && e.shiftKey)) {
      const shot = fireToward(a, cell);
      if (shot) this.move(shot);
      else if (!same(cell, a)) this.shell.toast('Fire north, south, east or west: pick a cell in line with Act-Man', 'warn');
      return;
    }
    const dr = cell.row - a.row;
    const dc = cell.col - a.col;
    if (Math.max(Math.abs(dr), Math.abs(dc)) === 1) this.move(digitToward(a, cell));
    else if (dr || dc) this.shell.toast('Click a cell next to Act-Man to step there (Shift+click in line to fire)');
  }

  swipe(digit) {
    if (!this.aiming) return this.move(digit);
    const shot = fireOfDigit(digit);
    if (shot) return this.move(shot);
    this.shell.toast('The bullet flies north, south, east or west only', 'warn');
    return Promise.resolve(false);
  }

  setHover(cell, e) {
    const shift = e ? !!e.shiftKey : this.hoverShift;
    if (same(cell, this.hover) && shift === this.hoverShift) return;
    this.hover = cell;
    this.hoverShift = shift;
    this.ui.showCoords(cell);
    this.board.invalidate();
  }

  /** Where the monsters would step if Act-Man moved to the hovered neighbour. */
  previewChases(cell) {
    const key = `${this.view.actions}|${cell.row},${cell.col}|${this.tilesKey}`;
    if (!this.preview || this.preview.key !== key) {
      this.preview = { key, chases: this.session.chases_towards(cell.row, cell.col) };
    }
    return this.preview.chases;
  }

  // ---- drawing --------------------------------------------------------------------

  /** A session at the dungeon's start, for the Edit tab while a game is under way. */
  startSession() {
    if (!this.view.actions) return null;
    const text = this.levelText();
    if (!this.startCopy || this.startCopy.text !== text) {
      if (this.startCopy) this.startCopy.session.free();
      const { session } = this.parse(text);
      this.startCopy = session ? { text, session, view: session.view() } : null;
    }
    return this.startCopy;
  }

  scene() {
    if (!this.session) return null;
    const tab = this.shell.activeTab();
    const start = tab === 'edit' ? this.startSession() : null;
    const v = start ? start.view : this.view;
    const scene = {
      rows: v.rows,
      cols: v.cols,
      tiles: this.tiles(start ? start.session : this.session),
      tilesKey: start ? `start${this.tilesKey}` : this.tilesKey,
      patches: [],
      marks: [],
      actors: [],
      top: [],
      heat: tab === 'edit' ? null : this.overlay,
    };
    if (this.anim && !start) {
      Object.assign(scene, this.anim.turn.frame(this.anim.t, v.cols));
      return scene;
    }
    for (const [p, kind] of v.monsters) scene.actors.push({ kind, ...p });
    scene.actors.push({ kind: v.status === 'dead' ? 'dead' : 'actman', ...v.actman, facing: start ? 0 : this.facing });
    const playing = v.status === 'playing' && tab !== 'edit';
    let chases = v.nextChases;
    if (this.hover && tab === 'edit') scene.marks.push({ kind: 'target', ...this.hover });
    else if (this.hover && playing) {
      const a = v.actman;
      const dr = this.hover.row - a.row;
      const dc = this.hover.col - a.col;
      if (this.aiming || this.hoverShift) {
        if (fireToward(a, this.hover)) scene.marks.push({ kind: 'fire', ...this.hover });
      } else if (Math.max(Math.abs(dr), Math.abs(dc)) === 1) {
        const digit = digitToward(a, this.hover);
        if (v.legal.includes(digit)) {
          chases = this.previewChases(this.hover);
          const caught = chases.some((c) => same(c.to, this.hover));
          scene.marks.push({ kind: caught ? 'bad' : 'target', ...this.hover });
        } else {
          scene.marks.push({ kind: 'bad', ...this.hover });
        }
      }
    }
    if (this.showArrows && playing) {
      const preview = chases !== v.nextChases;
      for (const c of chases) scene.top.push({ kind: 'arrow', monster: c.kind, ...c.from, to: c.to, preview });
    }
    if (this.aiming && playing) scene.top.push({ kind: 'aim', ...v.actman });
    return scene;
  }

  onViewChanged() {
    this.preview = null;
  }

  keyCommand(e) {
    return actmanKey(e, { aiming: this.aiming });
  }

  gameKey(k) {
    switch (k.type) {
      case 'aim':
        this.setAiming(!this.aiming);
        return true;
      case 'cancel':
        if (!this.aiming) return false;
        this.setAiming(false);
        return true;
      case 'arrows':
        this.setArrows(!this.showArrows);
        this.shell.toast(this.showArrows ? 'Monster arrows on' : 'Monster arrows off');
        return true;
      case 'diagonal':
        this.aiming = false;
        this.ui.update();
        this.board.invalidate();
        this.shell.toast('The bullet flies north, south, east or west only', 'warn');
        return true;
      default:
        return false;
    }
  }

  debug() {
    return {
      ...super.debug(),
      arrows: () => this.showArrows,
      aiming: () => this.aiming,
      scene: () => {
        const s = this.scene();
        return { actors: s.actors, marks: s.marks, top: s.top };
      },
    };
  }

  unmount() {
    super.unmount();
    if (this.startCopy) this.startCopy.session.free();
    this.startCopy = null;
  }
}

export default gameModule('actman', 'Act-Man', ActmanGame);
