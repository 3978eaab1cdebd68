// Arena's toolbar (start, pause, speed, to the end), status bar (round, time left, step,
// the four players' cards: name, score, power timer, landmines held, hub countdown),
// Play panel (mode, seats and bots, seed, length, the on-screen pad, this game's
// replay, the legend), end-of-game banner with the ranking, and help.

import { h, button, icon } from '../../ui.js';
import { keyTable, pageKeyRows } from '../../game-ui.js';
import { SEAT_COLORS, STEP_MS, clock, seatSwatch, rankPoints, ordinal, legendSwatch } from './arena-draw.js';

export const SPEEDS = [0.25, 0.5, 1, 2, 4];
/** The bot kinds and their one name on the page ("Hunter bot"), in every list, card and table. */
export const BOTS = ['greedy', 'hunter', 'miner'].map((k) => [k, `${k[0].toUpperCase()}${k.slice(1)} bot`]);
export const LENGTHS = [[6000, '5:00 (6000 steps)'], [2400, '2:00'], [1200, '1:00'], [400, '0:20']];
const COLOR_NAMES = ['orange', 'sky blue', 'green', 'purple'];
const speedText = (x) => (x === 0.25 ? '×¼' : x === 0.5 ? '×½' : `×${x}`);

/**
 * A seat's name for people: "You", a bot's name ("Hunter bot", from `hunter` or the
 * server's `bot:hunter`; a tournament's second `bot:hunter #2` is "Hunter bot #2"), a
 * client's team name.
 */
export function displayName(name) {
  if (name === 'human') return 'You';
  const bot = /^(?:bot:)?(greedy|hunter|miner)( #\d+)?$/.exec(name || '');
  if (bot) return `${BOTS.find(([k]) => k === bot[1])[1]}${bot[2] || ''}`;
  return name || '—';
}

/**
 * The names of entrants by kind, a kind's second and later entrants numbered as the
 * tournament numbers them ("Hunter bot", "Hunter bot #2").
 * @param {string[]} kinds
 */
export function entrantNames(kinds) {
  return kinds.map((k, i) => {
    const same = kinds.slice(0, i).filter((x) => x === k).length;
    return displayName(same ? `${k} #${same + 1}` : k);
  });
}

const setText = (el, v) => {
  const s = String(v);
  if (el.textContent !== s) el.textContent = s;
};

/** The ranking of a finished game as a list: place, seat, name, score, points. */
export function rankingList(scores, names, { you = -1, id = null } = {}) {
  const { order, points, place } = rankPoints(scores);
  return h(`ol.arena-ranking${id ? `#${id}` : ''}`, {},
    ...order.map((i) => h('li', { dataset: { seat: i, place: place[i] }, class: i === you ? 'you' : null },
      h('span.place', {}, ordinal(place[i])), seatSwatch(i, 18),
      h('span.name', {}, `${displayName(names[i])}${i === you && names[i] !== 'human' ? ' (you)' : ''}`),
      h('b.score', {}, String(scores[i])),
      h('span.points', {}, `${points[i] % 1 ? points[i].toFixed(1) : points[i]} pt${points[i] === 1 ? '' : 's'}`))));
}

export class ArenaUi {
  /**
   * @param {import('./arena.js').ArenaGame} game
   */
  constructor(game) {
    this.game = game;
    this.shell = game.shell;
    this.buildToolbar();
    this.buildStatus();
    this.buildPlayPanel();
    this.shell.setHelp(this.helpContent());
  }

  // ---- toolbar ---------------------------------------------------------------------------

  speedButtons(prefix, onpick) {
    const group = h('div.btn-group.arena-speeds', { role: 'group', 'aria-label': 'Speed' });
    const buttons = SPEEDS.map((x) => h(`button.btn.small#${prefix}-${String(x).replace('.', '_')}`, {
      type: 'button', title: x < 1 ? `Slow motion ${speedText(x)}` : x > 1 ? `Fast ${speedText(x)} (watching)` : 'Real speed: 20 steps a second',
      dataset: { speed: String(x) }, onclick: (e) => {
        onpick(x);
        e.currentTarget.blur();
      },
    }, speedText(x)));
    group.append(...buttons);
    return { group, buttons };
  }

  buildToolbar() {
    const g = this.game;
    this.startBtn = button('.btn.primary#arena-start', { icon: 'play', label: 'Start', title: 'Start a game with the setup of the Play panel (Enter)', onclick: () => g.startGame() });
    this.pauseBtn = button('.btn#arena-pause', { icon: 'pause', label: 'Pause', title: 'Pause / resume (P; Space when watching)', onclick: () => {
      g.togglePause();
      // Space on a focused button would press it again: the keys go to the board.
      if (g.phase === 'running') g.board.canvas.focus({ preventScroll: true });
    } });
    this.endBtn = button('.btn#arena-to-end', { icon: 'last', label: 'To the end', title: 'Bots only: play the rest of the game at once', onclick: () => g.toEnd() });
    const sp = this.speedButtons('speed', (x) => g.setSpeed(x));
    this.speedBtns = sp.buttons;
    this.shell.toolbar.replaceChildren(this.startBtn, this.pauseBtn,
      h('span.small.muted.arena-speed-label', {}, 'Speed'), sp.group, this.endBtn, h('div.spacer'),
      this.modeNote = h('span.small.muted#arena-mode-note'));
  }

  // ---- status bar ---------------------------------------------------------------------

  buildStatus() {
    const chipEl = (id, label) => h(`div.chip#${id}`, {}, h('span.label', {}, label), h('span.value', {}, '–'));
    this.roundChip = chipEl('arena-round', 'Round');
    this.timeChip = chipEl('arena-time', 'Time left');
    this.tickChip = chipEl('arena-tick', 'Step');
    this.statusPill = h('div.pill#status', { 'aria-live': 'polite' }, 'Ready');
    this.cards = [0, 1, 2, 3].map((i) => {
      const c = {
        root: h(`div.arena-card#card-${i}`, { dataset: { seat: i }, style: `--seat: ${SEAT_COLORS[i]}` }),
        name: h(`span.name#name-${i}`),
        score: h(`b.score#score-${i}`, {}, '0'),
        powerBar: h('i'),
        power: h(`span.power#power-${i}`, { title: 'Power mode: time left' }),
        mines: h(`span.mines#mines-${i}`, { title: 'Landmines held' }),
        wait: h(`span.wait#wait-${i}`, { title: 'Waiting in the hub' }),
      };
      c.root.append(h('div.card-head', {}, seatSwatch(i, 20), c.name),
        h('div.card-body', {}, c.score, c.mines, c.wait),
        h('div.power-row', {}, h('div.power-bar', {}, c.powerBar), c.power));
      return c;
    });
    this.shell.statusbar.replaceChildren(
      h('div.chips', {}, this.roundChip, this.timeChip, this.tickChip, this.statusPill),
      h('div.arena-scores#scoreboard', {}, ...this.cards.map((c) => c.root)));
  }

  // ---- Play panel ---------------------------------------------------------------------

  pad() {
    const g = this.game;
    const pad = h('div.dpad.arena-pad#arena-pad', { role: 'group', 'aria-label': 'Your player' });
    const spec = { U: ['↑', '↑ W'], L: ['←', '← A'], R: ['→', '→ D'], D: ['↓', '↓ S'], REV: ['⇄', 'Shift R'], DROP: ['✹', 'Space E'] };
    const names = { U: 'Up', D: 'Down', L: 'Left', R: 'Right', REV: 'Reverse', DROP: 'Drop a landmine' };
    this.padButtons = {};
    for (const d of ['REV', 'U', 'DROP', 'L', null, 'R', null, 'D', null]) {
      if (!d) {
        pad.append(h('div'));
        continue;
      }
      const b = h(`button.dpad-btn#pad-${d}`, { type: 'button', dataset: { cmd: d }, title: `${names[d]} (${spec[d][1]})`, 'aria-label': names[d],
        onpointerdown: (e) => {
          // Act on press (not release): the game runs on.
          e.preventDefault();
          g.human(d);
        },
        onclick: (e) => {
          if (e.detail === 0) g.human(d); // keyboard activation
        } },
      h('span.arrow', {}, spec[d][0]), h('span.key', {}, spec[d][1]));
      this.padButtons[d] = b;
      pad.append(b);
    }
    return pad;
  }

  buildPlayPanel() {
    const g = this.game;
    const s = g.setup;
    this.modeHuman = h('button.btn#mode-human', { type: 'button', 'aria-pressed': 'false', onclick: () => g.setSetup({ mode: 'human' }) }, 'You vs bots');
    this.modeBots = h('button.btn#mode-bots', { type: 'button', 'aria-pressed': 'false', onclick: () => g.setSetup({ mode: 'bots' }) }, 'Bots only');
    this.seatSelect = h('select#your-seat', { 'aria-label': 'Your seat', onchange: () => g.setSetup({ seat: Number(this.seatSelect.value) }) },
      ...[0, 1, 2, 3].map((i) => h('option', { value: String(i) }, `Seat ${i} (${COLOR_NAMES[i]})`)));
    this.botSelects = [0, 1, 2, 3].map((i) => h(`select#seat-${i}`, { 'aria-label': `Seat ${i}'s bot`, onchange: () => {
      const bots = [...g.setup.bots];
      bots[i] = this.botSelects[i].value;
      g.setSetup({ bots });
    } }, ...BOTS.map(([v, l]) => h('option', { value: v }, l))));
    this.youTags = [0, 1, 2, 3].map((i) => h(`span.you-tag#you-${i}`, {}, 'You (keys / touch)'));
    this.seedInput = h('input#arena-seed', { type: 'number', min: '0', step: '1', value: String(s.seed), 'aria-label': 'Seed', onchange: () => g.setSetup({ seed: this.seedInput.value }) });
    this.lengthSelect = h('select#arena-length', { 'aria-label': 'Game length', onchange: () => g.setSetup({ steps: Number(this.lengthSelect.value) }) },
      ...LENGTHS.map(([v, l]) => h('option', { value: String(v) }, l)));
    this.setupNote = h('p.small.muted#arena-setup-note');
    this.gameNote = h('p.small#arena-game-note');
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Game'),
      h('div.btn-group.arena-mode', { role: 'group', 'aria-label': 'Mode' }, this.modeHuman, this.modeBots),
      h('div.row.arena-your-seat', {}, h('label.field', {}, h('span', {}, 'Your seat'), this.seatSelect)),
      h('div.arena-seats', {}, ...[0, 1, 2, 3].map((i) => h('div.arena-seat-row', { dataset: { seat: i } },
        seatSwatch(i, 22), h('span.seat-label', {}, `Seat ${i}`), this.botSelects[i], this.youTags[i]))),
      h('div.grid2', {},
        h('label.field', {}, h('span', {}, 'Seed'), h('div.input-btn', {}, this.seedInput,
          button('.btn.small#arena-new-seed', { label: 'New', title: 'A random seed (a new maze)', onclick: () => g.setSetup({ seed: Math.floor(Math.random() * 100000) }) }))),
        h('label.field', {}, h('span', {}, 'Length'), this.lengthSelect)),
      this.setupNote,
      h('div.row', {},
        this.panelStart = button('.btn.primary#arena-start-panel', { icon: 'play', label: 'Start', title: 'Start a game with this setup (Enter)', onclick: () => g.startGame() })),
      this.gameNote,
      this.padHeading = h('h3', {}, 'Your controls'),
      this.pad(),
      this.padNote = h('p.small.muted#arena-pad-note', {}, 'Arrows or WASD turn (the turn waits for the next open crossing; the opposite way reverses at once); Shift or R reverses; Space or E drops a landmine; P pauses. On a touch screen: swipe to turn, tap to drop.'),
      h('h3', {}, 'This game'),
      h('div.row', {},
        button('.btn#arena-replay-this', { icon: 'play', label: 'Replay', title: 'Replay this game (so far) in the Replay tab', onclick: () => g.replayThisGame() }),
        button('.btn#arena-download', { icon: 'download', label: 'Download replay', title: 'The command log of this game (JSON): the Replay tab and `gridlab arena` replay it', onclick: () => g.downloadLog() })),
      h('h3', {}, 'Legend'),
      this.legend(),
    );
  }

  legend() {
    const items = [
      ['pellet', 'Pellet', '+10. A round ends when they are all eaten: a new maze, everyone back in the hub.'],
      ['power', 'Power pellet', 'Power mode for 10 s: speed 8, ghosts flee, catch one for +200 (ring: time left).'],
      ['mine', 'Landmine', 'Walk over to pick it up; drop it (Space) behind you.'],
      ['armed', 'Armed landmine', 'Active 5 steps after the drop: sends anyone to the hub for 5 s.'],
      ['dropped', 'Dropped, not armed yet', ''],
      ['ghost', 'Ghost', 'Chases the nearest player not in power mode; a catch sends you to the hub for 5 s.'],
      ['scared', 'Frightened ghost', 'A player in power mode is near.'],
      ['hub', 'Hub', 'Units waiting there are greyed, with their countdown.'],
    ];
    return h('ul.legend.arena-legend', {}, ...items.map(([kind, name, hint]) => h('li', {}, legendSwatch(kind, 26), h('span', {}, h('b', {}, name), hint ? ` ${hint}` : ''))));
  }

  // ---- updates -------------------------------------------------------------------------

  /** Setup controls from game.setup. */
  syncSetup() {
    const g = this.game;
    const s = g.setup;
    const human = s.mode === 'human';
    this.modeHuman.setAttribute('aria-pressed', String(human));
    this.modeBots.setAttribute('aria-pressed', String(!human));
    this.modeHuman.classList.toggle('active', human);
    this.modeBots.classList.toggle('active', !human);
    this.seatSelect.value = String(s.seat);
    /** @type {HTMLElement} */ (this.seatSelect.closest('.arena-your-seat')).hidden = !human;
    for (let i = 0; i < 4; i++) {
      const you = human && s.seat === i;
      this.botSelects[i].value = s.bots[i];
      this.botSelects[i].hidden = you;
      this.youTags[i].hidden = !you;
    }
    if (document.activeElement !== this.seedInput) this.seedInput.value = String(s.seed);
    if (![...this.lengthSelect.options].some((o) => Number(o.value) === s.steps)) {
      this.lengthSelect.append(h('option', { value: String(s.steps) }, `${clock(s.steps)} (${s.steps} steps)`));
    }
    this.lengthSelect.value = String(s.steps);
  }

  /** Everything that depends on the game: buttons, notes, status bar. */
  update() {
    const g = this.game;
    const phase = g.phase;
    const human = g.you >= 0;
    const startLabel = phase === 'ready' ? 'Start' : phase === 'over' ? 'Play again' : 'New game';
    for (const b of [this.startBtn, this.panelStart]) {
      b.replaceChildren(icon(phase === 'ready' ? 'play' : 'restart'), h('span', {}, startLabel));
    }
    const running = phase === 'running';
    this.pauseBtn.disabled = phase === 'ready' || phase === 'over';
    this.pauseBtn.replaceChildren(icon(running || phase !== 'paused' ? 'pause' : 'play'), h('span', {}, phase === 'paused' ? 'Resume' : 'Pause'));
    this.pauseBtn.setAttribute('aria-pressed', String(phase === 'paused'));
    for (const b of this.speedBtns) {
      const x = Number(b.dataset.speed);
      b.setAttribute('aria-pressed', String(x === g.speed));
      b.disabled = human && x > 1;
    }
    this.endBtn.disabled = human || phase === 'over';
    setText(this.modeNote, human ? `You are seat ${g.you} (${COLOR_NAMES[g.you]})` : 'Bots only');
    for (const b of Object.values(this.padButtons)) b.disabled = !human || phase === 'over';
    this.padHeading.textContent = human ? `Your controls (seat ${g.you})` : 'Your controls (bots only: nobody to steer)';
    const setupNote = g.setupDiffers() && phase !== 'ready' ? 'Changes apply to the next game (New game).' : '';
    setText(this.setupNote, setupNote);
    setText(this.gameNote, {
      ready: human ? 'Press Start (Enter) or an arrow key to go.' : 'Press Start (Enter) to watch the bots.',
      running: human ? 'Playing: P pauses.' : 'Watching: Space or P pauses; ×2 and ×4 go faster.',
      paused: 'Paused: P (or the Resume button) goes on.',
      over: 'The game is over: replay it, download its replay, or play again.',
    }[phase]);
    this.updateStatus();
    this.updateBanner();
  }

  /** The status bar from the board's current source (Play, Replay or Live). */
  updateStatus() {
    const v = this.game.activeView();
    const st = v.track && v.track.cur;
    setText(this.roundChip.querySelector('.value'), st ? st.round : '–');
    setText(this.timeChip.querySelector('.value'), st && v.steps ? clock(v.steps - v.track.tick) : '–');
    setText(this.tickChip.querySelector('.value'), st ? `${v.track.tick}${v.steps ? ` / ${v.steps}` : ''}` : '–');
    setText(this.statusPill, v.status);
    this.statusPill.dataset.status = v.statusKind || 'playing';
    this.cards.forEach((c, i) => {
      const p = st && st.players[i];
      c.root.classList.toggle('you', i === v.you);
      setText(c.name, i === v.you ? `You (${v.names && v.names[i] !== 'human' ? displayName(v.names[i]) : 'seat ' + i})` : displayName(v.names && v.names[i]));
      setText(c.score, p ? p.score : 0);
      const power = p ? p.power : 0;
      c.root.classList.toggle('powered', power > 0);
      c.powerBar.style.width = `${Math.round(Math.min(1, power / (v.powerSteps || 200)) * 100)}%`;
      setText(c.power, power > 0 ? `${((power * STEP_MS) / 1000).toFixed(1)} s` : '');
      setText(c.mines, p && p.mines ? `✹ ${p.mines}` : '');
      setText(c.wait, p && p.wait ? `hub ${Math.ceil((p.wait * STEP_MS) / 1000)} s` : '');
    });
  }

  // ---- banner ---------------------------------------------------------------------------

  updateBanner() {
    const g = this.game;
    const banner = this.shell.banner;
    const show = g.phase === 'over' && this.shell.activeTab() === 'play' && !g.bannerClosed;
    if (!show) {
      if (banner.dataset.arena) {
        banner.hidden = true;
        delete banner.dataset.arena;
        banner.removeAttribute('data-kind');
      }
      return;
    }
    if (!banner.hidden && banner.dataset.arena === String(g.gameId)) return;
    const st = g.track.cur;
    const scores = st.players.map((p) => p.score);
    const { place } = rankPoints(scores);
    const you = g.you;
    const tied = you >= 0 && scores.filter((x) => x === scores[you]).length > 1;
    const title = you < 0 ? 'Game over' : place[you] === 1 && !tied ? 'You won!' : `You placed ${ordinal(place[you])}${tied ? ' (tied)' : ''}`;
    banner.dataset.arena = String(g.gameId);
    banner.dataset.kind = you < 0 || place[you] === 1 ? 'victory' : place[you] === 4 ? 'dead' : 'goal';
    banner.replaceChildren(h('div.banner-card.arena-banner', {},
      h('div.banner-title', {}, title),
      h('div.banner-sub', {}, `Seed ${g.gameSetup.seed}, ${st.round} round${st.round === 1 ? '' : 's'}, ${clock(g.session.steps())} of play. Points 5 / 3 / 2 / 1, ties share.`),
      rankingList(scores, g.names, { you, id: 'banner-ranking' }),
      h('div.btn-group', {},
        button('.btn.primary#banner-replay', { icon: 'play', label: 'Replay', title: 'Replay this game in the Replay tab', onclick: () => g.replayThisGame() }),
        button('.btn#banner-download', { icon: 'download', label: 'Download replay', onclick: () => g.downloadLog() }),
        button('.btn#banner-again', { icon: 'restart', label: 'Play again', onclick: () => g.startGame() }),
        button('.btn.ghost#banner-close', { icon: 'close', label: 'Close', onclick: () => {
          g.bannerClosed = true;
          this.updateBanner();
        } }))));
    banner.hidden = false;
  }

  helpContent() {
    const rows = [
      [['↑', '↓', '←', '→'], 'Turn your player (W A S D too): the turn waits for the next open crossing; the opposite way reverses at once'],
      [['Shift', 'R'], 'Reverse'],
      [['Space', 'E'], 'Drop a landmine (when you hold one); Space pauses when only bots play'],
      [['P', 'Esc'], 'Pause / resume'],
      [['Enter'], 'Start (or a new game with the setup of the Play panel)'],
      [['-', '+'], 'Slower / faster (×¼ ×½ ×1; ×2 ×4 when watching)'],
      [['←', '→', 'Space', 'Home', 'End'], 'Replay tab: a second back / on, play / pause, start / end'],
      ...pageKeyRows({ steps: 'the game (Play tab), the replay (Replay tab)', zoom: false }),
    ];
    return [
      keyTable(rows),
      h('p', {}, 'Touch: swipe on the board to turn, tap it to drop a landmine; the pad in the Play panel has every command.'),
      h('p', {}, 'Arena: four players in a 16 × 16 maze eat pellets (+10) for 5 minutes; a round ends when they are all eaten. Power pellets make a player fast and ghost-eating (+200) for 10 s. Ghosts and armed landmines send units to the hub for 5 s. Players do not touch each other. Places score 5, 3, 2 and 1 points.'),
      h('p', {}, 'Replay tab: open a replay (command log) written by `gridlab arena serve --replays DIR` or downloaded here, then play, pause and scrub. Live tab: watch a running `gridlab arena serve` game relayed by `gridlab serve --arena HOST:PORT`, or Join as your name to play a seat in it with the same keys. League tab: the bots against each other over many games, or the results file of `gridlab arena tournament --json` with its games to replay.'),
      h('p.muted', {}, 'Every rule comes from the Rust engine compiled to WebAssembly: the same seed and commands give the same game here, in the server and in the CLI.'),
    ];
  }
}
