// The Arena league (the Compare tab, labelled "League"): four bot entrants play a set
// of games in which each of them starts once from every seat (as the tournament
// pairs them), seeds base + game; places score 5 / 3 / 2 / 1 (ties share). The games
// run in the page a few at a time (a 6000-step game takes a few milliseconds); any
// game replays in the Replay tab (it is played again from its seed: the same game).
// Below, a tournament's result file (arena-results.js): its standings and games.

import { h, button } from '../../ui.js';
import { SingleRun } from '../../single-run.js';
import { rankPoints, clock } from './arena-draw.js';
import { BOTS, LENGTHS, entrantNames } from './arena-ui.js';
import { ResultsView } from './arena-results.js';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

export class LeaguePanel {
  /**
   * @param {import('./arena.js').ArenaGame} game
   * @param {HTMLElement} panel
   */
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.api = game.api;
    this.running = false;
    this.runs = new SingleRun();
    this.results = null;
    this.file = new ResultsView(game, [panel]);
    this.build();
  }

  build() {
    this.entrants = ['greedy', 'hunter', 'miner', 'hunter'].map((k, i) => {
      const el = h(`select#league-entrant-${i}`, { 'aria-label': `Entrant ${i + 1}` }, ...BOTS.map(([v, l]) => h('option', { value: v }, l)));
      el.value = k;
      return el;
    });
    this.sets = h('input#league-sets', { type: 'number', min: '1', max: '25', step: '1', value: '2', 'aria-label': 'Rotations' });
    this.seed = h('input#league-seed', { type: 'number', min: '0', step: '1', value: '1', 'aria-label': 'First seed' });
    this.length = h('select#league-length', { 'aria-label': 'Game length' }, ...LENGTHS.map(([v, l]) => h('option', { value: String(v) }, l)));
    this.runBtn = button('.btn.primary#league-run', { icon: 'play', label: 'Run', onclick: () => (this.running ? this.stop() : this.run()) });
    this.progress = h('p.small.muted#league-progress');
    this.table = h('div#league-table');
    this.gamesBox = h('div#league-games');
    this.panel.replaceChildren(
      h('h3', {}, 'Bot league'),
      h('p.small.muted', {}, 'Four entrants play rotations of four games: each starts once from every seat. Places score 5, 3, 2 and 1 points (ties share); the ranking is by points, then total score.'),
      h('div.grid2', {}, ...this.entrants.map((el, i) => h('label.field', {}, h('span', {}, `Entrant ${i + 1}`), el))),
      h('div.arena-grid3.league-opts', {},
        h('label.field', { title: 'Each rotation is four games' }, h('span', {}, 'Rotations'), this.sets),
        h('label.field', { title: 'Game g uses seed first + g' }, h('span', {}, 'First seed'), this.seed),
        h('label.field', {}, h('span', {}, 'Length'), this.length)),
      h('div.row', {}, this.runBtn),
      this.progress,
      this.table,
      this.gamesBox,
      ...this.file.nodes,
    );
  }

  /** The seats of game g: entrant (g + seat) mod 4 sits in each seat. */
  seatsOf(g) {
    return [0, 1, 2, 3].map((s) => (g + s) % 4);
  }

  async run() {
    const kinds = this.entrants.map((el) => el.value);
    const sets = Math.max(1, Math.min(25, Math.floor(Number(this.sets.value)) || 1));
    const base = Math.max(0, Math.floor(Number(this.seed.value)) || 0);
    const steps = Number(this.length.value) || 6000;
    const total = sets * 4;
    const signal = this.runs.start();
    this.running = true;
    this.setRunLabel();
    const games = [];
    const t0 = performance.now();
    for (let g = 0; g < total; g++) {
      if (signal.aborted) return;
      const order = this.seatsOf(g);
      const seats = order.map((e) => kinds[e]);
      let session;
      try {
        session = new this.api.ArenaSession(seats, base + g, steps);
        while (session.step(1000)) {
          /* to the end */
        }
        const st = JSON.parse(session.state(false)).state;
        games.push({ g, seed: base + g, order, seats, scores: st.players.map((p) => p.score), rounds: st.round });
      } catch (err) {
        this.progress.textContent = `Game ${g + 1} failed: ${err.message || err}`;
        this.running = false;
        this.setRunLabel();
        return;
      } finally {
        if (session) session.free();
      }
      this.progress.textContent = `Game ${g + 1} of ${total}…`;
      if (g % 2 === 1) await nextTask();
    }
    this.running = false;
    this.setRunLabel();
    this.results = { kinds, steps, games };
    this.progress.textContent = `${total} games of ${clock(steps)} in ${((performance.now() - t0) / 1000).toFixed(2)} s.`;
    this.render();
  }

  stop() {
    this.runs.stop();
    this.running = false;
    this.setRunLabel();
    this.progress.textContent = 'Stopped.';
  }

  setRunLabel() {
    this.runBtn.replaceChildren(...button('', { icon: this.running ? 'stop' : 'play', label: this.running ? 'Stop' : 'Run' }).childNodes);
  }

  /** Standings: points, total score and wins by entrant. */
  standings() {
    const { kinds, games } = this.results;
    const rows = kinds.map((k, e) => ({ e, kind: k, points: 0, score: 0, wins: 0, games: 0 }));
    for (const game of games) {
      const { points, place } = rankPoints(game.scores);
      game.order.forEach((e, seat) => {
        rows[e].points += points[seat];
        rows[e].score += game.scores[seat];
        rows[e].games++;
        if (place[seat] === 1) rows[e].wins++;
      });
    }
    return rows.sort((a, b) => b.points - a.points || b.score - a.score || a.e - b.e);
  }

  render() {
    const rows = this.standings();
    const names = entrantNames(this.results.kinds);
    const num = (x) => (x % 1 ? x.toFixed(1) : String(x));
    this.table.replaceChildren(
      h('h3', {}, 'Standings'),
      h('table.compare#league-standings', {},
        h('thead', {}, h('tr', {}, ...['#', 'Entrant', 'Points', 'Score', 'Mean', 'Wins'].map((t) => h('th', {}, t)))),
        h('tbody', {}, ...rows.map((r, i) => h('tr', { dataset: { entrant: r.e } },
          h('td', {}, String(i + 1)), h('td', {}, `${r.e + 1}. ${names[r.e]}`), h('td', {}, h('b', {}, num(r.points))),
          h('td', {}, String(r.score)), h('td', {}, String(Math.round(r.score / Math.max(1, r.games)))), h('td', {}, String(r.wins)))))));
    const { games } = this.results;
    this.gamesBox.replaceChildren(
      h('h3', {}, 'Games'),
      h('table.compare.league-games', {},
        h('thead', {}, h('tr', {}, ...['Seed', 'Seats (entrants)', 'Scores', ''].map((t) => h('th', {}, t)))),
        h('tbody', {}, ...games.map((game) => h('tr', {},
          h('td', {}, String(game.seed)),
          h('td', {}, game.order.map((e) => `${e + 1}`).join(' · ')),
          h('td', {}, game.scores.join(' · ')),
          h('td', {}, button('.btn.small', { label: 'Replay', title: `Replay this game (seed ${game.seed}: ${game.order.map((e) => names[e]).join(', ')})`, onclick: () => this.replay(game) })))))),
      h('p.small.muted', {}, `Entrants: ${names.map((n, i) => `${i + 1} ${n}`).join(', ')}.`));
  }

  /** Play the game again from its seed (the same game) and open it in the Replay tab. */
  replay(game) {
    let session;
    try {
      session = new this.api.ArenaSession(game.seats, game.seed, this.results.steps);
      while (session.step(1000)) {
        /* to the end */
      }
      const log = session.command_log();
      if (this.game.replay.open(log, `league game, seed ${game.seed}`)) this.game.shell.selectTab('solve');
    } catch (err) {
      this.game.shell.toast(`No replay: ${err.message || err}`, 'error');
    } finally {
      if (session) session.free();
    }
  }

  info() {
    return { running: this.running, results: this.results ? { games: this.results.games.map((g) => ({ ...g })), standings: this.standings() } : null, file: this.file.info() };
  }

  dispose() {
    this.runs.stop();
    this.running = false;
  }
}
