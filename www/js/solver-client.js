// One solver Web Worker and one job at a time (a solve, an analysis or a generation).
// Cancelling terminates the worker (the wasm work is synchronous) and starts a fresh
// one.

export class SolverClient {
  constructor() {
    this.seq = 0;
    this.job = null;
    this.worker = null;
    this.spawn();
  }

  spawn() {
    const w = new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
    w.onmessage = (e) => this.onMessage(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      this.fail({ message: `the solver worker failed: ${e.message || 'load error'}` });
    };
    this.worker = w;
  }

  get busy() {
    return !!this.job;
  }

  /** Solve; resolves to {result, trace}; rejects with {message} or {cancelled: true}. */
  solve(text, options, onProgress, game = 'pengu') {
    return this.run('solve', game, text, options, onProgress);
  }

  /**
   * Run the module's `${game}_${type}` ('solve', 'verdict' or 'generate', which takes
   * no text); resolves to {result, trace}; rejects with {message} or {cancelled: true}.
   */
  run(type, game, text, options, onProgress) {
    if (this.job) return Promise.reject({ message: `a ${this.job.type} is already running` });
    return new Promise((resolve, reject) => {
      const id = ++this.seq;
      this.job = { id, type, resolve, reject, onProgress };
      if (!this.worker) this.spawn();
      this.worker.postMessage({ type, id, game, text, options });
    });
  }

  onMessage(m) {
    if (m.type === 'fatal') return this.fail(m.error);
    const job = this.job;
    if (!job || m.id !== job.id) return;
    if (m.type === 'progress') {
      if (job.onProgress) job.onProgress(m.stats);
    } else if (m.type === 'result') {
      this.job = null;
      job.resolve({ result: m.result, trace: m.trace });
    } else if (m.type === 'error') {
      this.job = null;
      if (m.fatal) this.restart();
      job.reject(m.error);
    }
  }

  fail(error) {
    const job = this.job;
    this.job = null;
    if (this.worker) this.worker.terminate();
    this.worker = null; // a new worker starts with the next job
    if (job) job.reject(error);
  }

  restart() {
    if (this.worker) this.worker.terminate();
    this.spawn();
  }

  /** Stop for good (the game using this client is going away). */
  dispose() {
    const job = this.job;
    this.job = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (job) job.reject({ cancelled: true });
  }

  cancel() {
    const job = this.job;
    this.job = null;
    this.restart();
    if (job) job.reject({ cancelled: true });
  }
}
