// Watch live (the Edit tab, labelled "Live"): `gridlab serve --arena HOST:PORT` relays a
// running `gridlab arena serve` game over a WebSocket at /arena/live, one server line a
// message: {"spectating": true}, then {"tick", "state"} every step (the maze when a
// round starts), {"gameOver": {names, scores}} after the last step, or {"error"}. The
// board draws the states as they come, sliding units over the 50 ms of a step.

import { h, button } from '../../ui.js';
import { Track, STEP_MS } from './arena-draw.js';
import { rankingList } from './arena-ui.js';

export function defaultLiveUrl() {
  if (!/^https?:$/.test(location.protocol) || !location.host) return 'ws://127.0.0.1:8080/arena/live';
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/arena/live`;
}

export class LivePanel {
  constructor(game, panel) {
    this.game = game;
    this.panel = panel;
    this.ws = null;
    this.state = 'idle'; // idle | connecting | open | closed | failed
    this.track = new Track();
    this.arrival = 0;
    this.messages = 0;
    this.states = 0;
    this.games = 0;
    this.names = ['Seat 0', 'Seat 1', 'Seat 2', 'Seat 3'];
    this.lastError = null;
    this.build();
  }

  build() {
    this.url = h('input#arena-live-url', { type: 'text', value: defaultLiveUrl(), spellcheck: 'false', 'aria-label': 'Live feed address' });
    this.connectBtn = button('.btn.primary#arena-live-connect', { icon: 'play', label: 'Watch live', onclick: () => (this.ws ? this.disconnect() : this.connect()) });
    this.status = h('p.small#arena-live-status', { 'aria-live': 'polite' }, 'Not connected.');
    this.error = h('div.lab-error#arena-live-error', { role: 'alert', hidden: true });
    this.result = h('div#arena-live-result');
    this.panel.replaceChildren(
      h('h3', {}, 'Watch live'),
      h('p.small.muted', {}, 'Watch a game of an Arena server as it is played. Start the server and the playground with its relay, e.g.'),
      h('pre.output.arena-cmd', {}, 'gridlab arena serve --port 7777 --games 10\ngridlab serve --arena 127.0.0.1:7777'),
      h('p.small.muted', {}, 'then connect here: the board shows every step the server sends (the maze arrives with the first step of a round).'),
      h('label.field', {}, h('span', {}, 'Feed (WebSocket)'), this.url),
      h('div.row', {}, this.connectBtn),
      this.status,
      this.error,
      this.result,
    );
  }

  showError(message) {
    this.lastError = message;
    this.error.replaceChildren(h('strong', {}, 'No live game. '), h('span.msg', {}, message));
    this.error.hidden = false;
  }

  setStatus(state, text) {
    this.state = state;
    this.status.textContent = text;
    this.status.dataset.state = state;
    this.connectBtn.replaceChildren(...button('', { icon: this.ws ? 'stop' : 'play', label: this.ws ? 'Disconnect' : 'Watch live' }).childNodes);
    this.game.ui.updateStatus();
    this.game.board.invalidate();
  }

  connect() {
    this.disconnect({ quiet: true });
    this.error.hidden = true;
    this.lastError = null;
    this.track = new Track();
    this.messages = 0;
    this.states = 0;
    this.result.replaceChildren();
    const url = this.url.value.trim();
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (err) {
      this.showError(`cannot open ${url || '(no address)'}: ${err.message || err}`);
      this.setStatus('failed', 'Not connected.');
      return false;
    }
    this.ws = ws;
    this.setStatus('connecting', `Connecting to ${url}…`);
    ws.onopen = () => {
      if (this.ws === ws) this.setStatus('open', 'Connected: waiting for the game server.');
    };
    ws.onmessage = (ev) => {
      if (this.ws === ws) this.receive(ev.data);
    };
    ws.onerror = () => {
      if (this.ws !== ws) return;
      if (!this.messages) this.showError(`cannot connect to ${url}: is the playground served by \`gridlab serve --arena HOST:PORT\`?`);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.messages && !this.lastError) this.showError(`the connection to ${url} closed before any message: is the playground served by \`gridlab serve --arena HOST:PORT\`?`);
      this.setStatus(this.lastError ? 'failed' : 'closed', this.states ? `The feed closed after ${this.states} states.` : 'Not connected.');
    };
    this.game.ensureLoop();
    return true;
  }

  disconnect({ quiet = false } = {}) {
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
      try {
        ws.close();
      } catch {
        /* already closed */
      }
    }
    if (!quiet) this.setStatus('closed', this.states ? `Disconnected after ${this.states} states.` : 'Not connected.');
  }

  receive(data) {
    this.messages++;
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      this.showError(`a message that is not JSON: ${String(data).slice(0, 80)}`);
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.error) {
      this.showError(String(msg.error));
      this.setStatus('failed', 'The relay answered with an error.');
      return;
    }
    if (msg.spectating) {
      if (Array.isArray(msg.names) && msg.names.length === 4) this.names = msg.names.map(String);
      if (msg.config && Number.isFinite(msg.config.steps)) this.steps = msg.config.steps;
      this.setStatus('open', 'Spectating: waiting for the next step.');
      return;
    }
    if (msg.gameOver) {
      const { names, scores } = msg.gameOver;
      if (Array.isArray(names) && names.length === 4) this.names = names.map(String);
      this.games++;
      this.over = { scores: Array.isArray(scores) ? scores : [] };
      this.result.replaceChildren(h('h3', {}, `Game ${this.games}: result`), rankingList(this.over.scores, this.names, { id: 'arena-live-ranking' }));
      this.setStatus('open', `Game over after ${this.track.tick} steps; waiting for the next game.`);
      return;
    }
    if (msg.state && msg.tick != null) {
      try {
        if (msg.tick < this.track.tick) this.track.still();
        this.track.push(msg);
      } catch (err) {
        this.showError(`a state the view cannot read: ${err.message || err}`);
        return;
      }
      const wasOver = !!this.over;
      this.over = null;
      this.states++;
      this.arrival = performance.now();
      if (this.state !== 'open' || this.states === 1 || wasOver) this.setStatus('open', wasOver ? `Live: game ${this.games + 1}.` : 'Live.');
      if (this.game.shell.activeTab() === 'edit') this.game.ui.updateStatus();
      this.game.ensureLoop();
    }
  }

  connected() {
    return !!this.ws && this.game.shell.activeTab() === 'edit';
  }

  view() {
    const st = this.track.cur;
    let message = null;
    if (!st) {
      if (this.state === 'connecting') message = ['Connecting…', this.url.value];
      else if (this.state === 'open') message = ['Connected', 'waiting for the game server'];
      else if (this.lastError) message = ['No live game', 'see the Live panel'];
      else message = ['Watch live', 'connect in the Live panel'];
    } else if (!this.track.maze) {
      message = ['Waiting for the maze', 'it comes with the next round'];
    } else if (this.over) {
      message = ['Game over', 'waiting for the next game'];
    }
    const status = this.ws ? (st ? (this.over ? 'Live: game over' : 'Live') : 'Connecting') : this.lastError ? 'Live: error' : 'Live: off';
    return {
      track: this.track,
      alpha: Math.min(1, (performance.now() - this.arrival) / STEP_MS),
      you: -1,
      names: this.names,
      steps: this.steps || 0,
      powerSteps: 200,
      status,
      statusKind: this.lastError && !this.ws ? 'dead' : 'playing',
      message,
      messageTop: !!st,
    };
  }

  key() {
    return false;
  }

  info() {
    return { state: this.state, messages: this.messages, states: this.states, tick: this.track.tick, games: this.games, error: this.lastError, maze: !!this.track.maze, names: [...this.names], scores: this.track.cur ? this.track.cur.players.map((p) => p.score) : [] };
  }

  dispose() {
    this.disconnect({ quiet: true });
  }
}
