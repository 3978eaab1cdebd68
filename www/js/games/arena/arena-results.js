// A tournament's result file in the League tab: `gridlab arena tournament --json FILE`
// (docs/arena-tournament.md, format "gridlab-arena-tournament/1"), opened with the
// shared FileInput (file, paste, drop on the panel), read and checked field by field
// (an error names the field: `standings[2].points: expected a number, found "x"`),
// drawn as the tournament's own standings (the page computes none: the file has the
// points, scores, faults, ratings and timing) and its games, each replayed from its
// command log in the Replay tab (the replay panel checks the log itself).

import { h, button } from '../../ui.js';
import { FileInput } from '../../file-input.js';
import { displayName } from './arena-ui.js';

/** The `format` of the files this reads. */
export const RESULTS_FORMAT = 'gridlab-arena-tournament/1';
/** The largest results file the page opens (the CLI writes at most 20,000,000 replay
 *  steps, some 400 MB; this is some 3 million steps). */
export const MAX_RESULTS_BYTES = 64 * 1024 * 1024;
/** Most entrants (the CLI's limit) and games a file may hold. */
const MAX_ENTRANTS = 256;
const MAX_GAMES = 100000;

const STANDING_NUMBERS = ['rank', 'entrant', 'games', 'points', 'score', 'faults', 'warnings', 'late', 'timeouts', 'slowestMs', 'rating', 'uncertainty'];
const SEAT_NUMBERS = ['entrant', 'score', 'points'];

const shown = (v) => {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

class FieldError extends Error {}

function expect(ok, where, what, value) {
  if (!ok) throw new FieldError(`${where}: expected ${what}, found ${value === undefined ? 'nothing' : shown(value)}`);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function array(v, where, max) {
  expect(Array.isArray(v), where, 'a list', v);
  if (v.length > max) throw new FieldError(`${where}: ${v.length} entries, at most ${max}`);
  return v;
}

function numbers(obj, where, fields) {
  for (const f of fields) expect(Number.isFinite(obj[f]), `${where}.${f}`, 'a number', obj[f]);
}

/**
 * Read a results file's text: `{seed, options, standings, games}` as the file has
 * them, or an Error whose message names the field (or the JSON position) at fault.
 */
export function readResults(text) {
  if (text.length > MAX_RESULTS_BYTES) throw new Error(`the text is ${(text.length / 1048576).toFixed(1)} MB: the page opens results of at most ${MAX_RESULTS_BYTES / 1048576} MB`);
  let t;
  try {
    t = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON: ${err.message}`, { cause: err });
  }
  expect(isObject(t), 'the file', 'a JSON object (a tournament)', t);
  expect(t.format === RESULTS_FORMAT, 'format', `"${RESULTS_FORMAT}" (gridlab arena tournament --json)`, t.format);
  if (t.options !== undefined) expect(isObject(t.options), 'options', 'an object', t.options);
  const standings = array(t.standings, 'standings', MAX_ENTRANTS);
  standings.forEach((s, i) => {
    expect(isObject(s), `standings[${i}]`, 'an object', s);
    expect(typeof s.name === 'string', `standings[${i}].name`, 'a string', s.name);
    numbers(s, `standings[${i}]`, STANDING_NUMBERS);
  });
  const games = array(t.games, 'games', MAX_GAMES);
  games.forEach((g, i) => {
    expect(isObject(g), `games[${i}]`, 'an object', g);
    numbers(g, `games[${i}]`, ['game', 'seed']);
    const seats = array(g.seats, `games[${i}].seats`, 4);
    expect(seats.length === 4, `games[${i}].seats`, 'four seats', seats);
    seats.forEach((s, k) => {
      const where = `games[${i}].seats[${k}]`;
      expect(isObject(s), where, 'an object', s);
      expect(typeof s.name === 'string', `${where}.name`, 'a string', s.name);
      numbers(s, where, SEAT_NUMBERS);
      expect(s.fault == null || typeof s.fault === 'string', `${where}.fault`, 'null or a reason', s.fault);
    });
    expect(isObject(g.replay), `games[${i}].replay`, 'a command log (an object)', g.replay);
  });
  return { seed: t.seed, options: t.options || {}, standings, games };
}

/** The FileInput with the results file's size limit checked before the file is read. */
class ResultsInput extends FileInput {
  async readText(file) {
    if (file.size > MAX_RESULTS_BYTES) {
      this.showError(`${file.name} is ${(file.size / 1048576).toFixed(1)} MB: the page opens results of at most ${MAX_RESULTS_BYTES / 1048576} MB`);
      return;
    }
    await super.readText(file);
  }
}

const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** The results part of the League tab: open a file, its standings and games. */
export class ResultsView {
  /**
   * @param {import('./arena.js').ArenaGame} game
   * @param {HTMLElement[]} dropOn
   */
  constructor(game, dropOn) {
    this.game = game;
    this.results = null;
    this.name = null;
    this.input = new ResultsInput({
      prefix: 'league-results-', accept: '.json,application/json,text/plain', rows: 3, what: 'results file',
      placeholder: '{"format":"gridlab-arena-tournament/1","standings":[…],"games":[…]}', label: 'Results text',
      dropOn, signal: game.signal, onText: (text, name) => this.open(text, name),
    });
    const open = this.input.nodes[0].querySelector('#league-results-open');
    if (open) open.replaceChildren(...button('', { icon: 'upload', label: 'Open results…' }).childNodes);
    this.infoLine = h('p.small#league-results-info');
    this.table = h('div#league-results-table');
    this.gamesBox = h('div#league-results-games');
    this.nodes = [
      h('h3', {}, 'Tournament results'),
      h('p.small.muted', {}, `The JSON of \`gridlab arena tournament --json FILE\` (at most ${MAX_RESULTS_BYTES / 1048576} MB): its standings and its games, each replayed in the Replay tab. Open the file, paste it, or drop it on this panel.`),
      ...this.input.nodes,
      this.infoLine,
      this.table,
      this.gamesBox,
    ];
  }

  /** Show the results in `text` (true), or the error naming what is wrong (false). */
  open(text, name) {
    let results;
    try {
      results = readResults(text);
    } catch (err) {
      this.input.showError(err.message || String(err));
      return false;
    }
    this.input.clearError();
    this.results = results;
    this.name = name || 'pasted results';
    this.render();
    return true;
  }

  render() {
    const { standings, games, options, seed } = this.results;
    const o = options;
    this.infoLine.replaceChildren(h('b', {}, this.name), `: ${standings.length} entrants, ${games.length} games`,
      `${Number.isFinite(o.steps) ? ` of ${o.steps} steps` : ''}${typeof o.realtime === 'boolean' ? (o.realtime ? ', real time' : ', lock-step') : ''}${seed != null ? `, seed ${seed}` : ''}.`);
    const heads = ['#', 'Entrant', 'Games', 'Points', 'Score', 'Faults', 'Rating', 'Warnings', 'Late', 'Timeouts'];
    this.table.replaceChildren(h('div.arena-scroll', {},
      h('table.compare#league-results-standings', {},
        h('thead', {}, h('tr', {}, ...heads.map((t) => h('th', {}, t)))),
        h('tbody', {}, ...standings.map((s) => h('tr', { dataset: { entrant: s.entrant } },
          h('td', {}, String(s.rank)), h('td', { title: s.command || '' }, displayName(s.name)), h('td', {}, String(s.games)),
          h('td', {}, h('b', {}, num(s.points))), h('td', {}, String(s.score)), h('td', {}, String(s.faults)),
          h('td', {}, `${s.rating.toFixed(1)} ± ${s.uncertainty.toFixed(1)}`), h('td', {}, String(s.warnings)),
          h('td', {}, String(s.late)), h('td', {}, String(s.timeouts))))))));
    this.gamesBox.replaceChildren(
      h('h3', {}, 'Games'),
      h('table.compare.league-games#league-results-gamelist', {},
        h('thead', {}, h('tr', {}, ...['Game', 'Seed', 'Seats: score (points)', ''].map((t) => h('th', {}, t)))),
        h('tbody', {}, ...games.map((g, i) => h('tr', { dataset: { game: g.game } },
          h('td', {}, String(g.game)), h('td', {}, String(g.seed)),
          h('td', {}, g.seats.map((s) => `${displayName(s.name)} ${s.score} (${s.fault ? 'fault' : num(s.points)})`).join(' · ')),
          h('td', {}, button('.btn.small', { label: 'Replay', title: `Replay game ${g.game} in the Replay tab`, onclick: () => this.replay(i) })))))));
  }

  /** Open game `i`'s command log in the Replay tab. */
  replay(i) {
    const g = this.results.games[i];
    if (!Number.isSafeInteger(g.replay.seed)) {
      this.input.showError(`games[${i}].replay.seed: ${shown(g.replay.seed)} is not a whole number the page can hold exactly (at most 2^53)`);
      return false;
    }
    const ok = this.game.replay.open(JSON.stringify(g.replay), `tournament game ${g.game} (seed ${g.seed})`);
    if (ok) this.input.clearError();
    else this.input.showError(`games[${i}].replay is not a command log the Replay tab can play: it says what is wrong`);
    this.game.shell.selectTab('solve');
    return ok;
  }

  info() {
    if (!this.results) return null;
    return { name: this.name, standings: this.results.standings.map((s) => ({ ...s })), games: this.results.games.map((g) => ({ game: g.game, seed: g.seed, seats: g.seats.map((s) => ({ ...s })) })) };
  }
}
