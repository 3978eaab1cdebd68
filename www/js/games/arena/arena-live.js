// The Live tab (the Edit tab, labelled "Live"): `gridlab serve --arena HOST:PORT` relays
// a running `gridlab arena serve` game over WebSockets, one server line a message.
// - Watch: /arena/live sends {"spectating": true}, then {"tick", "state"} every step
//   (the maze when a round starts), {"gameOver": {names, scores}} after the last step,
//   or {"error"}. The hellos (spectating, welcome) say `lockstep`: the panel says that
//   lock-step (a step as soon as every seat answered) is for programs and real time
//   (a step every 50 ms) for people. When the server closes after its last game, the
//   page says so (no "waiting for the next game").
// - Join as NAME: /arena/seat is a seat's TCP connection: the page says hello with the
//   name, the server answers {"welcome": seat, config} (or an error: seats taken, bad
//   name, server down), then the same states; the page answers every state with the
//   command of the last key (once out of the hub) or a bare {"tick": n}, so a lock-step
//   server goes on, and sends a key's command at once too. The server decides the
//   seat, the rules and the result; the page draws them.
// The board draws the states as they come, sliding units over the 50 ms of a step.

import { h, button } from '../../ui.js';
import { Track, STEP_MS } from './arena-draw.js';
import { rankingList } from './arena-ui.js';
import { commandOfKey } from './arena-input.js';

/** Most commands remembered for the debug handle. */
const SENT_LOG = 200;

export function defaultLiveUrl() {
  if (!/^https?:$/.test(location.protocol) || !location.host) return 'ws://127.0.0.1:8080/arena/live';
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/arena/live`;
}

/** The seat's relay next to the feed's: ws://host/arena/live → ws://host/arena/seat. */
export function seatUrl(liveUrl) {
  return new URL('seat', liveUrl).href;
}

export class LivePanel {
  /**
   * @param {import('./arena.js').ArenaGame} game
   * @param {HTMLElement} panel
   */
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
    this.role = 'spectator'; // spectator | player
    this.seat = -1;
    this.pending = null;
    this.intent = null;
    this.answered = 0;
    this.sent = [];
    /** Whether the server is lock-step (its hello says; null: not told yet). */
    this.lockstep = null;
    this.build();
  }

  build() {
    this.url = h('input#arena-live-url', { type: 'text', value: defaultLiveUrl(), spellcheck: 'false', 'aria-label': 'Live feed address' });
    this.connectBtn = button('.btn.primary#arena-live-connect', { icon: 'play', label: 'Watch live', onclick: () => (this.ws ? this.disconnect() : this.connect()) });
    this.name = h('input#arena-seat-name', { type: 'text', value: 'player', spellcheck: 'false', autocomplete: 'nickname', 'aria-label': 'Your name', oninput: () => this.setJoinLabel() });
    this.joinBtn = button('.btn.primary#arena-seat-join', { icon: 'play', label: 'Join', onclick: () => (this.ws ? this.disconnect() : this.join()) });
    this.status = h('p.small#arena-live-status', { 'aria-live': 'polite' }, 'Not connected.');
    this.error = h('div.lab-error#arena-live-error', { role: 'alert', hidden: true });
    this.result = h('div#arena-live-result');
    this.mode = h('p.small#arena-live-mode', { hidden: true });
    this.panel.replaceChildren(
      h('h3', {}, 'Watch live'),
      h('p.small.muted', {}, 'Watch a game of an Arena server as it is played. Start the server and the playground with its relay, e.g.'),
      h('pre.output.arena-cmd', {}, 'gridlab arena serve --port 7777 --games 10\ngridlab serve --arena 127.0.0.1:7777'),
      h('p.small.muted', {}, 'then connect here: the board shows every step the server sends (the maze arrives with the first step of a round).'),
      h('label.field', {}, h('span', {}, 'Feed (WebSocket)'), this.url),
      h('div.row', {}, this.connectBtn),
      h('h3', {}, 'Play on the server'),
      h('p.small.muted', {}, 'Take a seat in the server\'s game through the same relay (…/arena/seat): four people on four laptops, or you against your own bot. The server seats you (a free seat, or the one kept for your name); arrow keys or WASD turn, Shift or R reverses, Space or E drops a landmine, and on a phone a swipe turns and a tap drops.'),
      h('label.field', {}, h('span', {}, 'Your name'), this.name),
      h('div.row', {}, this.joinBtn),
      this.status,
      this.mode,
      this.error,
      this.result,
    );
    this.setJoinLabel();
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
    const watching = !!this.ws && this.role === 'spectator';
    const playing = !!this.ws && this.role === 'player';
    this.connectBtn.replaceChildren(...button('', { icon: watching ? 'stop' : 'play', label: watching ? 'Disconnect' : 'Watch live' }).childNodes);
    this.connectBtn.disabled = playing;
    this.setJoinLabel();
    this.game.ui.updateStatus();
    this.game.board.invalidate();
  }

  setJoinLabel() {
    const playing = !!this.ws && this.role === 'player';
    const name = this.name.value.trim();
    this.joinBtn.replaceChildren(...button('', { icon: playing ? 'stop' : 'play', label: playing ? 'Leave' : `Join as ${name || '…'}` }).childNodes);
    this.joinBtn.disabled = !!this.ws && !playing;
  }

  /** Take a seat in the server's game as the name in the field. */
  join() {
    let url;
    try {
      url = seatUrl(this.url.value.trim());
    } catch {
      this.showError(`cannot make the seat's address from ${this.url.value.trim() || '(no address)'}: give the feed's ws://HOST:PORT/arena/live`);
      this.setStatus('failed', 'Not connected.');
      return false;
    }
    return this.connect({ role: 'player', url, hello: JSON.stringify({ hello: this.name.value }) });
  }

  connect({ role = 'spectator', url = this.url.value.trim(), hello = null } = {}) {
    this.disconnect({ quiet: true });
    this.error.hidden = true;
    this.lastError = null;
    this.track = new Track();
    this.messages = 0;
    this.states = 0;
    this.role = role;
    this.seat = -1;
    this.pending = null;
    this.intent = null;
    this.answered = 0;
    this.sent = [];
    this.over = null;
    this.setMode(null);
    this.result.replaceChildren();
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
      if (this.ws !== ws) return;
      if (hello) ws.send(hello);
      this.setStatus('open', hello ? 'Connected: saying hello to the game server.' : 'Connected: waiting for the game server.');
    };
    ws.onmessage = (ev) => {
      if (this.ws === ws) this.receive(ev.data);
    };
    ws.onerror = () => {
      if (this.ws !== ws) return;
      if (!this.messages) this.showError(`cannot connect to ${url}: is the playground served by \`gridlab serve --arena HOST:PORT\`?`);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.messages && !this.lastError) {
        const why = ev && ev.code === 1009 ? 'a message too big for the relay' : 'is the playground served by `gridlab serve --arena HOST:PORT`?';
        this.showError(`the connection to ${url} closed before any message: ${why}`);
      }
      const after = this.over
        ? `Game over${this.role === 'player' ? ` (${this.myScoreText()})` : ''}: the server has closed: no more games.`
        : this.states ? `The ${this.role === 'player' ? 'seat' : 'feed'} closed after ${this.states} states.` : 'Not connected.';
      this.setStatus(this.lastError ? 'failed' : 'closed', after);
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
      const text = String(msg.error);
      // After the last game the server closes a seat's connection: no error then.
      if (this.over && / closed the connection$/.test(text)) return;
      this.showError(text);
      if (this.role === 'player' && /seats are taken/.test(text)) this.setStatus('open', 'Waiting for a seat in the next game.');
      else this.setStatus('failed', this.role === 'player' ? 'The server or the relay answered with an error.' : 'The relay answered with an error.');
      return;
    }
    if (typeof msg.lockstep === 'boolean' && (msg.welcome != null || msg.spectating)) this.setMode(msg.lockstep);
    if (msg.welcome != null && this.role === 'player') {
      this.seat = Number(msg.welcome);
      this.names = ['Seat 0', 'Seat 1', 'Seat 2', 'Seat 3'];
      this.names[this.seat] = this.name.value.trim();
      if (msg.config && Number.isFinite(msg.config.steps)) this.steps = msg.config.steps;
      if (msg.config && Number.isFinite(msg.config.powerSteps)) this.powerSteps = msg.config.powerSteps;
      this.error.hidden = true;
      this.lastError = null;
      this.setStatus('open', `Seated: seat ${this.seat}; waiting for the first step.`);
      this.game.board.canvas.focus({ preventScroll: true });
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
      const you = this.role === 'player' ? this.seat : -1;
      this.result.replaceChildren(h('h3', {}, `Game ${this.games}: result`),
        ...(you >= 0 ? [h('p#arena-seat-score', {}, `You (${this.names[you]}, seat ${you}): `, h('b', {}, String(this.over.scores[you])), '.')] : []),
        rankingList(this.over.scores, this.names, { id: 'arena-live-ranking', you }));
      this.setStatus('open', `Game over after ${this.track.tick} steps${you >= 0 ? ` (${this.myScoreText()})` : ''}; waiting for the next game.`);
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
      if (this.role === 'player') this.answer(msg.tick);
      if (this.state !== 'open' || this.states === 1 || wasOver) this.setStatus('open', wasOver ? `Live: game ${this.games + 1}.` : this.seat >= 0 ? `Playing seat ${this.seat}.` : 'Live.');
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
      else if (this.state === 'open') message = ['Connected', this.role === 'player' ? (this.seat >= 0 ? `seat ${this.seat}: waiting for the game` : 'waiting for a seat') : 'waiting for the game server'];
      else if (this.lastError) message = ['No live game', 'see the Live panel'];
      else message = ['Watch live', 'connect in the Live panel'];
    } else if (!this.track.maze) {
      message = ['Waiting for the maze', 'it comes with the next round'];
    } else if (this.over) {
      const next = this.ws ? 'waiting for the next game' : 'the server has closed: no more games';
      message = ['Game over', this.role === 'player' ? `${this.myScoreText()}; ${next}` : next];
    }
    const status = this.ws ? (st ? (this.over ? 'Live: game over' : 'Live') : 'Connecting') : this.lastError ? 'Live: error' : 'Live: off';
    return {
      track: this.track,
      alpha: Math.min(1, (performance.now() - this.arrival) / STEP_MS),
      you: this.role === 'player' ? this.seat : -1,
      intent: this.intent,
      names: this.names,
      steps: this.steps || 0,
      powerSteps: this.powerSteps || 200,
      status,
      statusKind: this.lastError && !this.ws ? 'dead' : 'playing',
      message,
      messageTop: !!st,
    };
  }

  /** The seat's score for the status line. */
  myScoreText() {
    const scores = this.over ? this.over.scores : [];
    return this.seat >= 0 && scores[this.seat] != null ? `your score ${scores[this.seat]}` : 'no score';
  }

  send(line) {
    try {
      this.ws.send(JSON.stringify(line));
      return true;
    } catch (err) {
      this.showError(`cannot send to the relay: ${err.message || err}`);
      return false;
    }
  }

  /** Answer the state of `tick`: the waiting command once it can act, else "keep going". */
  answer(tick) {
    const me = this.seat >= 0 && this.track.cur ? this.track.cur.players[this.seat] : null;
    let word = null;
    if (me && this.pending && (this.pending === 'DROP' || me.wait === 0)) {
      word = this.pending;
      this.pending = null;
    }
    if (me && this.intent && me.dir === this.intent) this.intent = null;
    if (this.send(word ? { tick, cmd: word } : { tick })) {
      this.answered++;
      if (word) this.logSent(tick, word);
    }
  }

  logSent(tick, word) {
    this.sent.push({ tick, word });
    if (this.sent.length > SENT_LOG) this.sent.shift();
  }

  /** A command from a key, a swipe or a tap: sent now for the current step (the
   *  server takes the last one a step), or kept until the player leaves the hub. */
  command(word) {
    if (this.role !== 'player' || !this.ws) {
      this.game.shell.toast('Join a server game first (Join as … in the Live panel)', 'warn');
      return false;
    }
    if ('UDLR'.includes(word)) this.intent = word;
    if (word === 'REV') this.intent = null;
    const me = this.seat >= 0 && this.track.cur && !this.over ? this.track.cur.players[this.seat] : null;
    if (me && (word === 'DROP' || me.wait === 0)) {
      if (this.send({ tick: this.track.tick, cmd: word })) this.logSent(this.track.tick, word);
      this.pending = null;
    } else {
      this.pending = word;
    }
    this.game.board.invalidate();
    return true;
  }

  /** Keys on the Live tab: the seat's commands when joined. */
  key(e) {
    if (this.role !== 'player' || !this.ws) return false;
    const word = commandOfKey(e);
    if (!word) return false;
    if (!e.repeat) this.command(word);
    return true;
  }

  /** Say what the server's pace means (`lockstep`: true, false, or null: unknown). */
  setMode(lockstep) {
    this.lockstep = lockstep;
    this.mode.hidden = lockstep == null;
    this.mode.textContent = lockstep
      ? 'Lock-step server: each step comes as soon as every seat has answered, so a game of thousands of steps can be over in seconds. Lock-step is for programs; to play by hand, start the server in real time (without --lockstep), a step every 50 ms, which is for people.'
      : lockstep === false ? 'Real-time server: a step every 50 ms, the pace for people (programs are tested faster in lock-step).' : '';
  }

  info() {
    return {
      lockstep: this.lockstep, message: this.view().message,
      state: this.state, role: this.role, seat: this.seat, messages: this.messages, states: this.states, answered: this.answered, tick: this.track.tick, games: this.games,
      error: this.lastError, maze: !!this.track.maze, names: [...this.names], scores: this.track.cur ? this.track.cur.players.map((p) => p.score) : [],
      over: this.over ? { scores: [...this.over.scores] } : null, sent: this.sent.map((c) => ({ ...c })),
    };
  }

  dispose() {
    this.disconnect({ quiet: true });
  }
}
