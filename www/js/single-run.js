// One job at a time, cancelled by the next one or by stop(): the AbortController a run
// that the Transport uses, for the jobs that are not steps on a transport (a league of
// games, a table of pairings, a strategy's pending answer).

export class SingleRun {
  constructor() {
    this.controller = null;
  }

  /** A new run: the previous one is aborted; returns the new run's signal. */
  start() {
    this.stop();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  /** Abort the run under way, if any. */
  stop() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }
}
