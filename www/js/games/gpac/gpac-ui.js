// GPac's toolbar (map, Pac-Man and ghost players), status bar (score, time, pills,
// fruit, turn), Play panel (step / play / to the end, speed, the scrub slider over the
// game's line, the pad with "hold" and the real-time switch, the seed and its check,
// the game settings, random maps, the world file), end-of-game banner and help, on the
// scaffolding of ../game-ui.js.

import { TransportBar } from '../../transport-bar.js';
import { h, button, copyText, download } from '../../ui.js';
import { GameUi, chip, setChip, keyTable, pageKeyRows } from '../../game-ui.js';
import { PACMEN, GHOSTS, LETTER_NAME, LETTER_ARROW, playerLabel } from './gpac-session.js';

export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 120, 240, 480];

const END_TEXT = {
  caught: { title: 'Caught by a ghost', sub: 'A ghost reached Pac-Man\'s cell.', kind: 'dead' },
  swapped: { title: 'Caught by a ghost', sub: 'Pac-Man and a ghost swapped cells.', kind: 'dead' },
  allPills: { title: 'All pills eaten!', sub: 'Pac-Man cleared the map: the time left adds to the score.', kind: 'victory' },
  timeUp: { title: 'Time is up', sub: 'Pac-Man survived, with pills left.', kind: 'goal' },
};
export const endTitle = (end) => (END_TEXT[end] ? END_TEXT[end].title : end);

/** A labelled field: `field('Pill density', input)`. */
const field = (label, el, title) => h('label.field', { title }, h('span', {}, label), el);

/** @extends {GameUi<import('./gpac.js').GpacGame>} */
export class GpacUi extends GameUi {
  get planKind() {
    return 'plan';
  }

  levelSummary(v) {
    const g = this.game;
    const s = g.settings;
    return `${v.pillsTotal} pills (${s.pillSpawn}, density ${s.pillDensity}), ${v.totalTime} turns of time, ${v.ghosts.length} ghost${v.ghosts.length === 1 ? '' : 's'}; Pac-Man starts top-left, the ghosts bottom-right`;
  }

  // ---- toolbar ------------------------------------------------------------------------

  buildToolbar() {
    const [labels, [pac, ghosts]] = this.playerPicks([
      { id: 'pacman-player', label: 'Pac-Man', list: PACMEN, title: 'Who plays Pac-Man: you (keyboard), or the course framework\'s agents: Pill (a path to the nearest pill, followed to its end), Fruit (the fruit when a plan runs out), Avoid (pills and fruit, paths that keep away from ghosts)' },
      { id: 'ghost-player', label: 'Ghosts', list: GHOSTS, title: 'The ghosts, as the course framework plays them: Wander (random legal moves) or Chase (a path to where Pac-Man was, planned anew when used up or stale, then 25% random)' },
    ]);
    this.pacSelect = pac;
    this.ghostSelect = ghosts;
    this.setToolbar('Map', 'turn', ...labels);
  }

  // ---- status bar -----------------------------------------------------------------------

  buildStatus() {
    this.scoreChip = chip('score', 'Score');
    this.timeChip = chip('time', 'Time left');
    this.pillsChip = chip('pills', 'Pills left');
    this.fruitChip = chip('fruit', 'Fruit');
    this.turnChip = chip('turn', 'Turn');
    this.setStatusBar([this.scoreChip, this.timeChip, this.pillsChip, this.fruitChip, this.turnChip],
      { label: 'Moves', title: 'Pac-Man\'s moves: u up, d down, l left, r right, h hold', copyTitle: 'Copy Pac-Man\'s moves', copyWhat: 'Moves' });
  }

  showCoords(cell) {
    const el = this.shell.statusbar.querySelector('#coords');
    if (!el) return;
    const v = this.game.view;
    el.textContent = cell && v ? `x ${cell.col}, y ${v.rows - 1 - cell.row} (origin bottom-left) · map line ${cell.row + 2}, column ${cell.col + 1}` : '';
  }

  // ---- Play panel ---------------------------------------------------------------------------

  /** Up, left, hold, right, down. */
  movePad() {
    const g = this.game;
    const pad = h('div.dpad.gpac-pad#dpad', { role: 'group', 'aria-label': 'Pac-Man\'s move' });
    this.dpadButtons = {};
    const keys = { u: '↑ W', d: '↓ S', l: '← A', r: '→ D', h: 'Space H' };
    for (const d of [null, 'u', null, 'l', 'h', 'r', null, 'd', null]) {
      if (!d) {
        pad.append(h('div'));
        continue;
      }
      const b = h(`button.dpad-btn${d === 'h' ? '.stay-btn' : ''}`, { type: 'button', dataset: { dir: d }, title: `${d === 'h' ? 'Hold (stay)' : `Move ${LETTER_NAME[d]}`} (${keys[d]})`, 'aria-label': d === 'h' ? 'Hold' : `Move ${LETTER_NAME[d]}`, onclick: () => g.keyMove(d) },
        h('span.arrow', {}, LETTER_ARROW[d]), h('span.key', {}, keys[d]));
      this.dpadButtons[d] = b;
      pad.append(b);
    }
    return pad;
  }

  buildPlayPanel() {
    const g = this.game;
    this.bar = new TransportBar(g.transport, {
      parts: ['first', 'step', 'play', 'end'],
      labels: ['step', 'play', 'end'],
      ids: { first: 'scrub-first', step: 'step', play: 'play', end: 'run-end', speed: 'speed', 'speed-label': 'speed-label', scrub: 'scrub', pos: 'scrub-pos' },
      titles: { step: 'One turn by the agents (Enter)', play: 'Play / pause (P)', end: 'To the end: the agents play it out (End)', scrub: 'Turn of the game' },
    });
    this.playNote = h('p.small.muted#play-note');
    this.realtime = h('input#realtime', { type: 'checkbox', checked: g.realtime, onchange: () => g.setRealtime(this.realtime.checked) });
    // Seed.
    this.seedInput = h('input#seed', { type: 'number', min: '0', step: '1', value: String(g.seed), 'aria-label': 'Seed', onchange: () => g.setSeed(this.seedInput.value) });
    this.verifyResult = h('p.small#verify-result');
    // Settings.
    const s = g.settings;
    const num = (id, value, attrs) => h(`input#${id}`, { type: 'number', value: String(value), ...attrs, onchange: () => g.setSettings(this.readSettings()) });
    this.pillDensity = num('pill-density', s.pillDensity, { min: '0.001', max: '1', step: '0.01' });
    this.pillSpawn = h('select#pill-spawn', { onchange: () => g.setSettings(this.readSettings()) },
      ...['linear', 'stochastic', 'manhattan'].map((v) => h('option', { value: v }, v)));
    this.pillSpawn.value = s.pillSpawn;
    this.fruitProb = num('fruit-prob', s.fruitProb, { min: '0', max: '1', step: '0.05' });
    this.fruitScore = num('fruit-score', s.fruitScore, { min: '0', step: '1' });
    this.ghostCount = num('ghost-count', s.ghosts, { min: '1', max: '9', step: '1' });
    this.timeMult = num('time-mult', s.timeMultiplier, { min: '0.1', max: '100', step: '0.5' });
    // Random maps.
    const r = g.files.randomPrefs;
    this.randW = h('input#rand-w', { type: 'number', min: '2', max: '80', value: String(r.w), 'aria-label': 'Width' });
    this.randH = h('input#rand-h', { type: 'number', min: '2', max: '80', value: String(r.h), 'aria-label': 'Height' });
    this.randDensity = h('input#rand-density', { type: 'number', min: '0', max: '0.9', step: '0.05', value: String(r.density), 'aria-label': 'Wall density' });
    this.randSeed = h('input#rand-seed', { type: 'number', min: '0', step: '1', value: String(r.seed), 'aria-label': 'Map seed' });
    this.zeroIds = h('input#zero-ids', { type: 'checkbox', checked: g.files.zeroIds, onchange: () => g.files.setZeroIds(this.zeroIds.checked) });

    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Game'),
      this.playNote,
      this.bar.root,
      this.padHeading = h('h3', {}, 'Your move'),
      h('div.gpac-move-row', {},
        this.movePad(),
        h('div.gpac-move-side', {},
          h('label.switch', { title: 'Turns go by at the speed above; Pac-Man keeps going the last way you pressed (until a wall)' }, this.realtime, h('span', {}, 'Real time')),
          this.padNote = h('p.small.muted#pad-note'))),
      h('h3', {}, 'Seed'),
      h('div.row.seed-row', {},
        h('label.field.seed-field', {}, h('span', {}, 'Game seed'), this.seedInput),
        button('.btn#new-seed', { label: 'New seed', title: 'A random seed (a new game on the same map)', onclick: () => g.setSeed(Math.floor(Math.random() * 1e6)) }),
        button('.btn#verify-seed', { icon: 'check', label: 'Replay check', title: 'Play the same moves again from the same seed in a fresh session and compare the world files', onclick: () => g.files.verifySeed() })),
      this.verifyResult,
      h('h3', {}, 'Settings'),
      h('div.grid3.gpac-settings', {},
        field('Pill density', this.pillDensity, 'Share of the open cells that get a pill'),
        field('Pill placement', this.pillSpawn, 'linear: every round(1/p)-th open cell (x-major); stochastic: each cell with probability p; manhattan: as linear, ordered by x + y'),
        field('Fruit chance', this.fruitProb, 'Chance a turn that a fruit appears (when there is none)'),
        field('Fruit score', this.fruitScore),
        field('Ghosts', this.ghostCount, '1 to 9'),
        field('Time × W·H', this.timeMult, 'The time is width × height × this')),
      button('.btn.small.ghost#reset-settings', { label: 'Course defaults', onclick: () => g.setSettings(null) }),
      h('h3', {}, 'Map'),
      this.levelInfo = h('p.muted#level-info'),
      h('div.grid4.gpac-random', {},
        field('Width', this.randW), field('Height', this.randH), field('Walls', this.randDensity, 'Wall density (a random map is repaired: spawns open, every cell reachable)'), field('Map seed', this.randSeed)),
      h('div.row', {},
        button('.btn#random-map', { label: 'Random map', title: 'A random map of this size and wall density, repaired as in the course', onclick: () => g.files.randomMap(this.readRandom()) }),
        button('.btn.ghost#random-next', { label: 'Next', title: 'The next map seed', onclick: () => {
          this.randSeed.value = String((Number(this.randSeed.value) || 0) + 1);
          g.files.randomMap(this.readRandom());
        } })),
      h('h3', {}, 'World file'),
      h('p.small.muted', {}, 'The game so far in the course\'s world-file format (the checker\'s keys m, ghost ids, w, p, f, t).'),
      h('div.row', {},
        button('.btn#download-world', { icon: 'download', label: 'Download', title: 'Download the world file of this game', onclick: () => download(g.files.worldFileName(), g.files.worldFile()) }),
        button('.btn#copy-world', { icon: 'copy', label: 'Copy', onclick: () => copyText(g.files.worldFile(), 'World file') }),
        button('.btn#replay-world', { icon: 'play', label: 'Replay it', title: 'Open this game\'s world file in the Replay tab', onclick: () => g.replayThisGame() })),
      h('label.switch', { title: 'The course framework numbers the ghosts from 0' }, this.zeroIds, h('span', {}, 'Ghost ids from 0')),
      h('h3', {}, 'Legend'),
      this.legend(['m', '1', '.', 'f', '#', '~']),
    );
  }

  readSettings() {
    return {
      pillDensity: this.pillDensity.value,
      pillSpawn: this.pillSpawn.value,
      fruitProb: this.fruitProb.value,
      fruitScore: this.fruitScore.value,
      ghosts: this.ghostCount.value,
      timeMultiplier: this.timeMult.value,
    };
  }

  readRandom() {
    return { w: Number(this.randW.value), h: Number(this.randH.value), density: Number(this.randDensity.value), seed: Number(this.randSeed.value) };
  }

  syncSettings() {
    const s = this.game.settings;
    this.pillDensity.value = String(s.pillDensity);
    this.pillSpawn.value = s.pillSpawn;
    this.fruitProb.value = String(s.fruitProb);
    this.fruitScore.value = String(s.fruitScore);
    this.ghostCount.value = String(s.ghosts);
    this.timeMult.value = String(s.timeMultiplier);
  }

  // ---- updates --------------------------------------------------------------------------------

  updateCommon(v) {
    const g = this.game;
    const moves = v.moves;
    this.showMoves(moves);
    for (const [d, b] of Object.entries(this.dpadButtons)) b.disabled = !v.human || !!v.end || !v.legal.includes(d);
    const line = g.fullLine();
    this.undoBtn.disabled = !moves;
    this.redoBtn.disabled = line.length === moves.length;
    this.restartBtn.disabled = !moves;
  }

  /**
   * The status bar of the game the board shows: the Play game, or on the Replay tab the
   * replayed snapshot ({score, time, totalTime, pillsLeft, pillsTotal, fruitEaten,
   * turns, end, label}).
   */
  updateStatus(st) {
    setChip(this.scoreChip, st.score);
    setChip(this.timeChip, `${st.time} / ${st.totalTime}`);
    setChip(this.pillsChip, `${st.pillsLeft} / ${st.pillsTotal}`);
    setChip(this.fruitChip, st.fruitEaten ?? '—');
    setChip(this.turnChip, st.turns);
    this.statusPill.textContent = st.end ? endTitle(st.end) : st.label;
    this.statusPill.dataset.status = st.end ? (END_TEXT[st.end].kind === 'dead' ? 'dead' : 'victory') : 'playing';
  }

  update() {
    const g = this.game;
    const v = g.view;
    if (!v) return;
    this.updateStatus(g.drawing.shownState());
    this.updateCommon(v);
    if (document.activeElement !== this.pacSelect) this.pacSelect.value = g.players[0];
    if (document.activeElement !== this.ghostSelect) this.ghostSelect.value = g.players[1];
    g.transport.refresh();
    const over = !!v.end;
    const agents = !v.human;
    this.realtime.checked = g.realtime;
    if (document.activeElement !== this.seedInput) this.seedInput.value = String(g.seed);
    this.zeroIds.checked = g.files.zeroIds;
    const pac = playerLabel(PACMEN, g.players[0]);
    const ghosts = playerLabel(GHOSTS, g.players[1]);
    this.playNote.textContent = agents
      ? `Watching ${pac} against ${ghosts} ghosts (seed ${g.seed}): Step, Play or To the end. Choose "You" in the toolbar to play.`
      : `You play Pac-Man against ${ghosts} ghosts (seed ${g.seed}): ${g.realtime ? 'turns go by in real time, Play / P to start or pause' : 'one turn a key press'}.`;
    this.padHeading.textContent = agents ? 'Pac-Man (played by an agent)' : 'Your move';
    this.padNote.textContent = over ? 'The game is over: Restart (R), Undo or scrub back.'
      : agents ? 'The pad and the keys work when you play Pac-Man.'
        : `Legal now: ${[...v.legal].map((d) => LETTER_NAME[d]).join(', ')}.`;
    this.updateBanner();
  }

  /** The end-of-game banner belongs to the Play tab (the Replay and Lab tabs draw other things). */
  updateBanner() {
    const tab = this.shell.activeTab();
    if (tab !== 'play' && tab !== 'edit') {
      this.shell.banner.hidden = true;
      this.shell.banner.removeAttribute('data-kind');
      return;
    }
    super.updateBanner();
  }

  bannerContent(kind, v) {
    const g = this.game;
    const t = END_TEXT[kind] || { title: 'Plan played', sub: '', kind: 'goal' };
    const eaten = v.pillsTotal - v.pillsLeft;
    return {
      title: t.title,
      sub: `${t.sub} ${playerLabel(PACMEN, g.players[0])} against ${playerLabel(GHOSTS, g.players[1])} ghosts, seed ${g.seed}.`,
      dataKind: t.kind,
      dataStatus: kind,
      stats: [['Score', v.score], ['Turns', v.turns], ['Pills', `${eaten}/${v.pillsTotal}`], ['Fruit', v.fruitEaten]],
      extra: [h('code.banner-moves#banner-moves', { title: 'Pac-Man\'s moves' }, v.moves || '—')],
      buttons: [
        button('.btn#banner-world', { icon: 'download', label: 'World file', onclick: () => download(g.files.worldFileName(), g.files.worldFile()) }),
        button('.btn#banner-replay', { icon: 'play', label: 'Replay', onclick: () => g.replayThisGame() }),
      ],
      undo: true,
    };
  }

  illegalText(sym) {
    return sym === 'h' ? 'hold' : `move ${LETTER_NAME[sym] || sym}`;
  }

  helpContent() {
    const rows = [
      [['↑', '↓', '←', '→'], 'Move Pac-Man (when you play it): one turn a key press, or the way to go in real time'],
      [['W', 'A', 'S', 'D'], 'The same four directions (numpad 8 4 2 6 too)'],
      [['Space', 'H', '5'], 'Hold (stay a turn); with agents, Space steps one turn'],
      [['Enter'], 'One turn by the agents'],
      [['P'], 'Play / pause (the agents, or the real-time game)'],
      [['Home', 'End'], 'To the start / the end of the game\'s line'],
      [['Ctrl+Z', 'Backspace'], 'Undo a turn (in the Edit tab: undo an edit)'],
      [['Ctrl+Y', 'Ctrl+Shift+Z'], 'Redo'],
      [['R'], 'Restart (the same seed: the same game)'],
      [['←', '→', 'Space'], 'Replay tab: previous / next snapshot, play / pause'],
      ...pageKeyRows({ steps: 'the game (Play tab), the world file\'s snapshots (Replay tab)' }),
    ];
    return [
      keyTable(rows),
      h('p', {}, 'GPac (the Auburn course\'s Pac-Man): Pac-Man starts top-left, the ghosts bottom-right; each turn everyone moves, then Pac-Man is caught if it shares a cell with a ghost or swapped cells with one, eats the pill or fruit under it, and wins when no pill is left. Score: the share of pills eaten (×100), plus the fruit, plus the share of time left when all pills are eaten.'),
      h('p', {}, 'Replay tab: open a world file (from the CLI\'s `gridlab gpac play --log`, the course framework or this page) and scrub through its snapshots. Lab tab: evolve hard maps with the course\'s (μ+λ) EA in Web Workers.'),
      h('p.muted', {}, 'Coordinates are the course\'s: origin bottom-left, y up. Every rule comes from the Rust engine compiled to WebAssembly; the same seed gives the same game here and in the CLI.'),
    ];
  }
}
