// Rogue's Solve and Compare tabs, loaded after the first board (`spec.panels`, see
// `GameBase.loadPanels`). Rogue has no search to run in a worker: the Solve tab
// shows the exact solution (from the start: the analyze tool; now: exact() with the
// optimal steps to play, and move_values(): every legal move with its value, best
// first, as a tablebase lists them) and "Check a recorded game" (rogue-check.js), the
// Compare tab plays every monster strategy against every rogue strategy on the dungeon
// and tabulates the referee's verdicts.

import { h, button, fmt, fmtMs } from '../../ui.js';
import { CheckPanel } from './rogue-check.js';
import { SingleRun } from '../../single-run.js';
import { MONSTERS, ROGUES, playerLabel } from './rogue-players.js';
import { outcomeLegend, exactText, stepName } from './rogue-ui.js';

/**
 * Mount Rogue's panels: the exact solution and "Check a recorded game" on the Solve tab,
 * the pairings on the Compare tab.
 * @param {import('./rogue.js').RogueGame} game
 */
export function mountRoguePanels(game) {
  const { panels } = game.shell;
  game.exactPanel = new ExactPanel(game, panels.solve);
  game.checkPanel = new CheckPanel(game, panels.solve);
  game.pairings = new PairingsPanel(game, panels.compare);
  game.exactPanel.refresh(); // the Solve tab, when it is open already
}

/** The value of a position as a short verdict: "Monster wins in 9" / "Rogue survives forever". */
const valueText = (value) => (value == null ? 'Rogue survives forever' : `Monster wins in ${value} move${value === 1 ? '' : 's'}`);

export class ExactPanel {
  /**
   * @param {import('./rogue.js').RogueGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.startKey = null;
    this.build();
    game.addEventListener('change', () => this.refresh());
    game.shell.onTab((tab) => {
      if (tab === 'solve') this.refresh();
    });
  }

  build() {
    const g = this.game;
    this.startBox = h('div.exact-start#exact-start');
    this.nowBox = h('p.exact-info#exact-now');
    this.bestRow = h('div.row.best-row#exact-best');
    this.movesBox = h('div.table-wrap#exact-moves');
    this.showBox = h('input#exact-board', { type: 'checkbox', onchange: () => g.setExact(this.showBox.checked) });
    this.legend = outcomeLegend('exact-legend');
    this.panel.replaceChildren(
      h('h3', {}, 'Exact solution'),
      h('p.muted', {}, 'Rogue is a finite game between two players over the states (monster site, rogue site, side to move). Backward induction from the capture states gives every state its value under optimal play: the monster forces a capture in k of its moves, or the rogue survives forever.'),
      this.startBox,
      h('h3', {}, 'The position now'),
      this.nowBox,
      this.bestRow,
      this.movesBox,
      h('div.row', {},
        button('.btn#optimal-both', { label: 'Optimal against optimal', title: 'Both sides play the exact solution', onclick: () => g.setPlayers('optimal', 'optimal') })),
      h('label.switch', { title: 'Colour every site by its outcome if the rogue stood there (O)' }, this.showBox, h('span', {}, 'Show on the board')),
      this.legend,
    );
  }

  refresh() {
    const g = this.game;
    if (g.shell.activeTab() !== 'solve' || !g.view || !g.terrain) return;
    const v = g.view;
    this.showBox.checked = g.showExact;
    if (!g.exactOk()) {
      const sites = g.terrain.rooms + g.terrain.corridors;
      this.startBox.replaceChildren(h('p.note.warn', {}, `This dungeon has ${fmt(sites)} open sites: the exact solution is computed for up to ${fmt(this.game.exactLimit)} (its table grows with the square of the sites).`));
      this.nowBox.textContent = '';
      this.bestRow.replaceChildren();
      this.movesBox.replaceChildren();
      this.legend.hidden = true;
      return;
    }
    this.legend.hidden = false;
    if (this.startKey !== g.terrainKey) {
      const key = (this.startKey = g.terrainKey);
      const text = g.levelText();
      // The analysis is a tool: the full module's (loaded on first use).
      this.startBox.replaceChildren(h('p.note', {}, 'Solving from the start…'));
      g.shell.full().then((full) => {
        if (this.startKey !== key) return;
        const a = full.run_tool('rogue', 'analyze', text, undefined, null);
        this.startBox.replaceChildren(
          h('p', {}, 'From the start (the monster to move): ',
            h(`span.outcome.${a.value == null ? 'ok' : 'bad'}#exact-value`, {}, valueText(a.value))),
          h('dl.stats', {},
            h('dt', {}, 'Open sites'), h('dd', {}, fmt(a.sites)),
            h('dt', {}, 'States'), h('dd', {}, fmt(a.states)),
            h('dt', {}, 'Monster wins'), h('dd', { title: 'Pairs (monster site, rogue site) from which the monster, to move, forces a capture' }, `${fmt(a.monsterWinPairs)} of ${fmt(a.pairs)} pairs`),
            h('dt', {}, 'Solved in'), h('dd', {}, fmtMs(a.elapsedMs))),
        );
      }).catch((err) => {
        if (this.startKey === key) this.startBox.replaceChildren(h('p.note.warn', {}, `No analysis: ${(err && err.message) || err}`));
      });
    }
    const ex = g.drawing.exactNow();
    this.nowBox.textContent = v.toMove
      ? `Turn ${v.turn}, the ${v.toMove} to move (${playerLabel(v.toMove === 'monster' ? MONSTERS : ROGUES, g.players[v.toMove === 'monster' ? 0 : 1])}). ${exactText(ex, v)}`
      : `The game is over: ${v.verdict}.`;
    const choice = v.toMove && ex && ex.best.length < v.legal.length ? [...ex.best] : [];
    this.bestRow.replaceChildren(...choice.map((d) =>
      button('.btn.small.best-move', { label: stepName(d), title: `Play this optimal step for the ${v.toMove}`, dataset: { dir: d }, onclick: () => g.move(d, { toMove: true }) })));
    this.showMoves(v);
    const o = g.drawing.outcome();
    this.legend.setMax(o ? o.max : 0);
  }

  /** Every legal move of the side to move with its value, best first, as a tablebase lists them. */
  showMoves(v) {
    const g = this.game;
    const moves = v.toMove ? g.session.move_values() : [];
    if (!moves.length) {
      this.movesBox.replaceChildren();
      return;
    }
    const after = (value) => (value == null ? 'the rogue is safe forever' : value === 0 ? 'caught at once' : `caught in ${value} monster move${value === 1 ? '' : 's'}`);
    this.movesBox.replaceChildren(h('table.compare.exact-moves', {},
      h('caption.small.muted', {}, `Every move of the ${v.toMove}, best first: the outcome after it under optimal play`),
      h('thead', {}, h('tr', {}, h('th', {}, 'Move'), h('th', {}, 'Then'), h('th', {}, ''))),
      h('tbody', {}, ...moves.map((m) => h(`tr${m.best ? '.best' : ''}`, { dataset: { dir: m.digit } },
        h('td', {}, `${stepName(m.digit)}${m.best ? ' ★' : ''}`),
        h(`td.outcome.${m.value == null ? 'ok' : 'bad'}`, {}, after(m.value)),
        h('td', {}, button('.btn.small', { label: 'Play', title: `Play this move for the ${v.toMove}`, onclick: () => g.move(m.digit, { toMove: true }) })))))));
  }
}

export class PairingsPanel {
  /**
   * @param {import('./rogue.js').RogueGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.runs = new SingleRun();
    this.running = false;
    this.results = null;
    this.build();
    game.addEventListener('level', () => this.markStale());
  }

  build() {
    this.runBtn = button('.btn.primary#pairings-run', { icon: 'bolt', label: 'Run all pairings', onclick: () => this.run() });
    this.summary = h('p.summary#pairings-summary');
    this.tableWrap = h('div.table-wrap#pairings');
    this.panel.replaceChildren(
      h('h3', {}, 'Strategies against each other'),
      h('p.muted', {}, 'Every monster strategy against every rogue strategy on this dungeon, up to the move limit, as the coursework referee judges them. Click a result to watch that game (Play tab: scrub it or press Play).'),
      h('div.row', {}, this.runBtn),
      this.summary,
      this.tableWrap,
      h('p.muted.small', {}, 'BFS: one step along a shortest path. Naive: the adjacent site farthest from the monster. Cycle: reach a cycle with a corridor ahead of the monster and run around it. Optimal: the exact solution (fastest capture; the rogue never enters a losing state, else delays longest).'),
    );
    this.markStale();
  }

  markStale() {
    this.runs.stop();
    this.running = false;
    this.results = null;
    this.runBtn.disabled = false;
    this.summary.textContent = '';
    this.summary.className = 'summary';
    this.tableWrap.replaceChildren(h('p.muted.small', {}, 'Not run on this dungeon yet.'));
  }

  async run() {
    if (this.running) return;
    const g = this.game;
    const signal = this.runs.start();
    const limit = g.maxMoves;
    let session;
    try {
      session = new g.api.RogueSession(g.levelText(), true);
    } catch (err) {
      this.summary.textContent = err.message || String(err);
      return;
    }
    this.running = true;
    this.runBtn.disabled = true;
    this.summary.textContent = 'Running…';
    session.set_max_moves(limit);
    const rows = [];
    try {
      for (const [m] of MONSTERS.filter(([id]) => id !== 'human')) {
        for (const [r] of ROGUES.filter(([id]) => id !== 'human')) {
          if ((m === 'optimal' || r === 'optimal') && !g.exactOk()) {
            rows.push({ m, r, skipped: true });
            continue;
          }
          session.set_players(m, r);
          session.restart();
          session.run(2 * limit + 2);
          const v = session.view();
          rows.push({ m, r, status: v.status, ending: v.ending, verdict: v.verdict, moves: v.moves });
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (signal.aborted) return;
        }
      }
    } finally {
      session.free();
    }
    this.running = false;
    this.runBtn.disabled = false;
    this.results = rows;
    this.render(rows, limit);
  }

  render(rows, limit) {
    const g = this.game;
    const rogues = ROGUES.filter(([id]) => id !== 'human');
    const cell = (m, r) => {
      const x = rows.find((row) => row.m === m && row.r === r);
      if (!x || x.skipped) return h('td.muted', { title: 'Too large for the exact solution' }, '—');
      const caught = x.status === 'caught';
      const [what, when] = caught ? ['Caught', `turn ${x.ending.turn}`] : x.status === 'survived' ? ['Survived', `${x.ending.turns} moves`] : [x.verdict, ''];
      return h(`td.pairing.${caught ? 'caught' : 'survived'}`, { dataset: { monster: m, rogue: r } },
        h('button.btn.small.ghost.pairing-btn', { type: 'button', title: `${x.verdict}. Watch ${playerLabel(MONSTERS, m)} against ${playerLabel(ROGUES, r)}`, onclick: () => {
          g.setPlayers(m, r);
          g.loadLine(x.moves);
          g.shell.selectTab('play');
        } }, h('b', {}, what), h('span', {}, when)));
    };
    this.tableWrap.replaceChildren(h('table.compare.pairings#pairings-table', {},
      h('thead', {}, h('tr', {}, h('th', { title: 'Monster (rows) against rogue (columns)' }, 'Monster ╲ Rogue'), ...rogues.map(([, l]) => h('th', {}, l)))),
      h('tbody', {}, ...MONSTERS.filter(([id]) => id !== 'human').map(([m, l]) =>
        h('tr', {}, h('th', {}, l), ...rogues.map(([r]) => cell(m, r)))))));
    const done = rows.filter((x) => !x.skipped);
    const survived = done.filter((x) => x.status === 'survived').length;
    this.summary.textContent = survived === done.length ? `The rogue survives ${limit} moves in all ${done.length} games.`
      : survived ? `The rogue survives ${limit} moves in ${survived} of ${done.length} games; the monster catches it in the others.`
        : `The monster catches the rogue in all ${done.length} games.`;
    this.summary.className = `summary ${survived ? 'ok' : 'bad'}`;
  }

  dispose() {
    this.runs.stop();
  }
}
