// Rogue's toolbar (dungeon, the two players), status bar (turn, side to move), Play
// panel (step / play / to the end, speed, the scrub slider over the game's line, the
// move limit, the pad of the human side, the overlays with their legend, the course
// transcript), end-of-game banner and help text, on the scaffolding of ../game-ui.js.

import { h, button, copyText } from '../../ui.js';
import { TransportBar } from '../../transport-bar.js';
import { GameUi, DPAD, ARROW, NAME, KEYS, chip, setChip, keyTable, commonKeyRows } from '../../game-ui.js';
import { MONSTERS, ROGUES, playerLabel as label } from './rogue-players.js';
import { COLORS, RAMP } from './rogue-tiles.js';

const OUTPUT_SHOWN = 120000; // characters of the transcript shown at each end
const OUTPUT_EVERY_MS = 400; // the transcript's refresh while playing

const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** A digit as an arrow and a name: '9' → '↗ north-east', '5' → '· stay'. */
export const stepName = (d) => (d === '5' ? '· stay' : `${ARROW[d]} ${NAME[d]}`);

/** The legend of the exact-solution overlay: safe forever, and the caught-in-k ramp. */
export function outcomeLegend(id) {
  const max = h('span.ramp-max');
  const el = /** @type {HTMLDivElement & {setMax: (m: number) => void}} */ (h(`div.outcome-legend#${id}`, {},
    h('span.key-safe', {}, h('i', { style: `background:${COLORS.safe}` }, '∞'), ' safe forever'),
    h('span.key-ramp', {}, 'caught in ', h('b', {}, '0'),
      h('i.ramp', { style: `background:linear-gradient(90deg, ${RAMP.join(', ')})` }),
      max, ' monster moves (darker = sooner)')));
  el.setMax = (m) => (max.textContent = String(m));
  return el;
}

/** What the exact solution says about the position now, in words. */
export function exactText(ex, v) {
  if (!ex) return 'This dungeon is too large for the exact solution.';
  const value = ex.value == null ? 'the rogue survives forever' : `the monster catches the rogue in ${ex.value} monster move${ex.value === 1 ? '' : 's'}`;
  if (!v.toMove) return `Optimal play from here: ${value}.`;
  const best = ex.best.length === v.legal.length && v.legal.length > 1 ? 'any step, all are as good' : [...ex.best].map(stepName).join(', ');
  return `Optimal play: ${value}. Best for the ${v.toMove}: ${best || '—'}.`;
}

/**
 * How an ended game reads, 'victory' or 'dead', from the side the user plays: with the
 * monster yours alone, a capture is your win and the rogue's survival your loss;
 * otherwise (the rogue yours, both, or none) the rogue's side. A cheat is its side's loss.
 * @param {import('./rogue.js').RogueGame} g
 * @param {string} status
 * @param {{side?: string}} ending
 */
function outcomeKind(g, status, ending) {
  const asMonster = g.oneHuman() && g.isHuman('monster');
  if (status === 'cheated') return ending.side && ending.side !== (asMonster ? 'monster' : 'rogue') ? 'victory' : 'dead';
  return (status === 'caught') === asMonster ? 'victory' : 'dead';
}

/** @extends {GameUi<import('./rogue.js').RogueGame>} */
export class RogueUi extends GameUi {
  get planKind() {
    return 'plan';
  }

  levelSummary() {
    const t = this.game.terrain;
    const warn = this.game.warnings.length ? ' (short rows padded with walls)' : '';
    return `${t.rooms} room and ${t.corridors} corridor sites, the monster '${t.letter}'${warn}`;
  }

  // ---- toolbar ------------------------------------------------------------------------

  buildToolbar() {
    const [labels, [monster, rogue]] = this.playerPicks([
      { id: 'monster-player', label: 'Monster', list: MONSTERS, title: 'Who plays the monster: BFS (one step along a shortest path), Optimal (exact solution: fastest capture) or you' },
      { id: 'rogue-player', label: 'Rogue', list: ROGUES, title: 'Who plays the rogue: Naive (farthest adjacent site), Cycle (runs around a cycle with a corridor, ahead of the monster), Optimal (exact solution) or you' },
    ]);
    this.monsterSelect = monster;
    this.rogueSelect = rogue;
    this.setToolbar('Dungeon', 'half-move', ...labels);
  }

  // ---- status bar -----------------------------------------------------------------------

  buildStatus() {
    this.turn = chip('turn', 'Turn');
    this.toMove = chip('to-move', 'To move');
    this.halves = chip('half-moves', 'Half-moves');
    this.setStatusBar([this.turn, this.toMove, this.halves],
      { label: 'Moves', title: 'The half-moves as numpad digits, the monster first (7 8 9 / 4 5 6 / 1 2 3; 5 = stay)', copyTitle: 'Copy the move string', copyWhat: 'Move string' });
  }

  // ---- Play panel ---------------------------------------------------------------------------

  /** The eight directions around a "stay" button (5), for the human side. */
  movePad() {
    const g = this.game;
    const pad = h('div.dpad.rogue-pad#dpad', { role: 'group', 'aria-label': 'Your move' });
    this.dpadButtons = {};
    for (const d of DPAD) {
      const dir = d || '5';
      const b = d
        ? h('button.dpad-btn', { type: 'button', dataset: { dir }, title: `Step ${NAME[d]} (${d} or ${KEYS[d]})`, 'aria-label': `Step ${NAME[d]}`, onclick: () => g.move(d) },
          h('span.arrow', {}, ARROW[d]), h('span.key', {}, `${d} · ${KEYS[d]}`))
        : h('button.dpad-btn.stay-btn', { type: 'button', dataset: { dir }, title: 'Stay put (5, S or Space on your turn)', 'aria-label': 'Stay put', onclick: () => g.move('5') },
          this.padWho = h('span.arrow', {}, '@'), h('span.key', {}, '5 · S stay'));
      this.dpadButtons[dir] = b;
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
      titles: {
        step: 'One half-move by the strategy to move (Space or Enter)',
        play: 'Play / pause the strategies (P)',
        end: 'To the end: the strategies play it out (End)',
        scrub: 'Half-move of the game',
      },
    });
    this.limit = h('input#max-moves', { type: 'number', min: '1', max: '100000', step: '1', value: String(g.maxMoves), 'aria-label': 'Move limit (turns)',
      onchange: () => g.setMaxMoves(this.limit.value) });
    this.padNote = h('p.small.muted#pad-note');
    /** @type {(id: string, text: string, title: string, checked: boolean, onchange: (on: boolean) => void) => [HTMLInputElement, HTMLLabelElement]} */
    const toggle = (id, text, title, checked, onchange) => {
      const box = h(`input#${id}`, { type: 'checkbox', checked, onchange: () => onchange(box.checked) });
      return [box, h('label.switch', { title }, box, h('span', {}, text))];
    };
    let label1;
    let label2;
    let label3;
    /** @type {HTMLInputElement} */
    this.exactToggle = null;
    /** @type {HTMLInputElement} */
    this.cyclesToggle = null;
    /** @type {HTMLInputElement} */
    this.trailToggle = null;
    [this.exactToggle, label1] = toggle('exact-toggle', 'Exact solution', 'Colour every site by what happens if the rogue stood there, with the monster where it is (O)', g.showExact, (on) => g.setExact(on));
    [this.cyclesToggle, label2] = toggle('cycles-toggle', 'Cycles', 'The cycles the Cycle rogue runs around (L)', g.showCycles, (on) => g.setCycles(on));
    [this.trailToggle, label3] = toggle('trail-toggle', 'Trail', 'The last positions of both', g.showTrail, (on) => g.setTrail(on));
    this.exactInfo = h('p.exact-info#exact-info');
    this.legendBox = outcomeLegend('outcome-legend');
    this.exactBox = h('div.exact-box', {}, this.exactInfo, this.legendBox);
    this.verdict = h('p.verdict#verdict');
    this.shell.panels.play.replaceChildren(
      h('h3', {}, 'Game'),
      this.bar.root,
      h('label.row.limit-row', {}, h('span.small.muted', {}, 'Move limit (turns)'), this.limit),
      this.padHeading = h('h3', {}, 'Your move'),
      this.padNote,
      this.movePad(),
      h('h3', {}, 'Overlays'),
      h('div.row.overlay-row', {}, label1, label2, label3),
      this.exactBox,
      h('h3', {}, 'Dungeon'),
      this.levelInfo = h('p.muted#level-info'),
      this.legend(['@', 'A', '.', '+', ' ']),
      ...this.outputSection(),
      this.verdict,
    );
  }

  // ---- updates --------------------------------------------------------------------------------

  /** Moves, transcript (throttled while playing), pad, history buttons. */
  updateCommon(v) {
    const g = this.game;
    const moves = v.moves;
    this.showMoves(moves);
    this.updateOutput();
    const side = g.actingSide();
    const known = side === v.toMove;
    for (const [d, b] of Object.entries(this.dpadButtons)) b.disabled = !side || (known && !v.legal.includes(d));
    const line = g.fullLine();
    this.undoBtn.disabled = !moves;
    this.redoBtn.disabled = line.length === moves.length;
    this.restartBtn.disabled = !moves;
  }

  updateOutput() {
    const g = this.game;
    const v = g.view;
    const key = `${g.terrainKey}|${v.moves}|${v.maxMoves}`;
    if (key === this.outputKey) return;
    const now = performance.now();
    if (g.playing && now - (this.outputAt || 0) < OUTPUT_EVERY_MS) {
      if (!this.outputTimer) {
        this.outputTimer = setTimeout(() => {
          this.outputTimer = 0;
          if (this.game.view) this.updateOutput();
        }, OUTPUT_EVERY_MS);
      }
      return;
    }
    this.outputKey = key;
    this.outputAt = now;
    const text = v.output;
    this.output.textContent = text.length <= 2 * OUTPUT_SHOWN ? text
      : `${text.slice(0, OUTPUT_SHOWN)}\n… ${(text.length - 2 * OUTPUT_SHOWN).toLocaleString('en-US')} characters left out here: Copy or Save gives the whole transcript …\n\n${text.slice(-OUTPUT_SHOWN)}`;
  }

  update() {
    const g = this.game;
    const v = g.view;
    if (!v) return;
    const over = !v.toMove;
    setChip(this.turn, `${Math.min(v.turn, v.maxMoves)} / ${v.maxMoves}`);
    const who = (side) => `${cap(side)} · ${label(side === 'monster' ? MONSTERS : ROGUES, g.players[side === 'monster' ? 0 : 1])}`;
    setChip(this.toMove, over ? '—' : who(v.toMove));
    this.toMove.dataset.side = v.toMove || '';
    this.toMove.dataset.human = String(v.humanToMove);
    setChip(this.halves, v.moves.length);
    this.statusPill.textContent = { playing: 'Playing', caught: 'Caught', survived: 'Survived', cheated: 'Cheated' }[v.status] || v.status;
    this.statusPill.dataset.status = v.status === 'playing' ? v.status : outcomeKind(g, v.status, v.ending || {});
    this.updateCommon(v);
    if (document.activeElement !== this.monsterSelect) this.monsterSelect.value = g.players[0];
    if (document.activeElement !== this.rogueSelect) this.rogueSelect.value = g.players[1];
    for (const [opt, ok] of /** @type {[HTMLSelectElement, boolean][]} */ ([[this.monsterSelect, g.exactOk()], [this.rogueSelect, g.exactOk()]])) {
      const o = /** @type {HTMLOptionElement} */ (opt.querySelector('option[value="optimal"]'));
      o.disabled = !ok;
      o.title = ok ? '' : 'Too large for the exact solution';
    }
    g.transport.refresh();
    if (document.activeElement !== this.limit) this.limit.value = String(g.maxMoves);
    // The pad moves the human's piece (or, with no human, the side to move).
    const side = g.actingSide();
    this.padWho.textContent = side === 'monster' ? v.letter : '@';
    this.padWho.dataset.side = side || '';
    this.padHeading.textContent = g.oneHuman() || g.isHuman('monster') ? 'Your move' : 'Move by hand';
    this.padNote.textContent = over ? 'The game is over.'
      : g.oneHuman() ? `You play the ${g.isHuman('monster') ? 'monster' : 'rogue'}: a direction key, a click on a neighbouring site or the pad; the ${g.isHuman('monster') ? 'rogue' : 'monster'}'s strategy answers.${v.humanToMove ? '' : ` (Its turn now: your move lets it play first.)`}`
        : g.isHuman('monster') ? `You play both sides: the ${v.toMove} is to move.`
          : `The strategies play (Step, Play). Keys, clicks and the pad move the ${v.toMove} by hand.`;
    // Overlays.
    this.exactToggle.checked = g.showExact;
    this.cyclesToggle.checked = g.showCycles;
    this.trailToggle.checked = g.showTrail;
    this.exactBox.hidden = !g.showExact;
    if (g.showExact) {
      const o = g.drawing.outcome();
      this.exactInfo.textContent = exactText(g.drawing.exactNow(), v);
      this.legendBox.setMax(o ? o.max : 0);
    }
    this.verdict.textContent = v.verdict ? `Referee: ${v.verdict}` : '';
    this.updateBanner();
  }

  bannerContent(kind, v) {
    const g = this.game;
    const m = label(MONSTERS, g.players[0]);
    const r = label(ROGUES, g.players[1]);
    const e = v.ending || {};
    const you = (name) => (name === 'You' ? 'you' : name);
    const site = (p) => `row ${p.row + 1}, column ${p.col + 1}`;
    const content = {
      caught: {
        title: 'Caught by monster',
        sub: `The monster (${you(m)}) caught the rogue (${you(r)}) on turn ${e.turn}.`,
        dataKind: outcomeKind(g, 'caught', e),
      },
      survived: {
        title: `Rogue survived ${e.turns} moves`,
        sub: `The rogue (${you(r)}) escaped the monster (${you(m)}) up to the move limit.`,
        dataKind: outcomeKind(g, 'survived', e),
      },
      cheated: {
        title: `${cap(e.side || 'someone')} caught cheating`,
        sub: e.from ? `Turn ${e.turn}: ${site(e.from)} → ${site(e.to)} is not a legal step.` : '',
        dataKind: outcomeKind(g, 'cheated', e),
      },
    }[kind] || { title: v.verdict, sub: '', dataKind: 'goal' };
    return {
      ...content,
      dataStatus: kind,
      stats: [['Turn', Math.min(v.turn, v.maxMoves)], ['Half-moves', v.moves.length]],
      extra: [
        h('code.banner-moves#banner-moves', { title: 'Half-moves as digits, the monster first' }, v.moves || '—'),
        h('div.banner-verdict#banner-verdict', {}, v.verdict),
      ],
      buttons: [
        button('.btn.primary#banner-copy', { icon: 'copy', label: 'Copy moves', onclick: () => copyText(v.moves, 'Move string') }),
        button('.btn#banner-copy-output', { icon: 'copy', label: 'Copy output', onclick: () => copyText(v.output, 'Output') }),
      ],
      undo: true,
    };
  }

  /** Site j of a row is at text column 2j + 1 (the coursework's rows space the sites). */
  textColumn(col) {
    return 2 * col + 1;
  }

  padButton(sym) {
    return this.dpadButtons[sym];
  }

  illegalText(sym) {
    const side = this.game.actingSide() || 'piece';
    return sym === '5' ? `let the ${side} stay` : `step the ${side} ${NAME[sym] || sym}`;
  }

  helpContent() {
    const rows = commonKeyRows({
      verb: 'Step your piece',
      move: 'a half-move, or back to your turn',
      level: 'game (the line is kept: redo or scrub forward)',
      extra: [
        [['5', 'S', 'Num .'], 'Stay put'],
        [['Space'], 'Stay put on your turn; otherwise one half-move by the strategy to move'],
        [['Enter'], 'One half-move by the strategy to move'],
        [['P'], 'Play / pause the strategies'],
        [['Home', 'End'], 'To the start / the end of the game\'s line'],
        [['O'], 'Show or hide the exact solution'],
        [['L'], 'Show or hide the Cycle rogue\'s cycles'],
      ],
      page: { steps: 'the game\'s line, half-move by half-move (Play tab)' },
    }).filter((r) => !/^Play \/ pause the plan/.test(r[1]));
    return [
      keyTable(rows),
      h('p', {}, 'Choose who plays each side in the toolbar. With one side yours, move it with the keys, the pad or a click on a neighbouring site (on the piece itself to stay); the other side\'s strategy answers. The monster moves first; diagonal steps are allowed only between two room sites.'),
      h('p', {}, 'Exact solution: every open site is coloured by what would happen if the rogue stood there, with the monster where it is and the side to move now: blue with ∞, safe forever; orange with k, caught after k monster moves (darker = sooner). The arrows are the optimal steps of the side to move.'),
      h('p.muted', {}, 'The dungeon text, the move digits and the transcript use the coursework formats; every rule comes from the Rust engine compiled to WebAssembly.'),
    ];
  }
}
