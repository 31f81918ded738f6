/**
 * Which worker gets a new connection: the one holding the fewest open connections, ties taken in
 * turn. node:cluster's own primary gives a connection to whichever worker acknowledged its last
 * one first, so a burst of keep-alive connections (a proxy's pool, a load test) was split 41/9
 * between two workers, and each worker's latency followed its share (docs/performance.md).
 */
export class LeastBusy<W> {
  private readonly open = new Map<W, number>();
  private turn = 0;

  /** A worker ready to serve, holding nothing yet. */
  add(worker: W): void {
    if (!this.open.has(worker)) this.open.set(worker, 0);
  }

  /** A worker that stopped taking connections (closing, exited). */
  remove(worker: W): void {
    this.open.delete(worker);
  }

  /** The worker for a new connection, now counted as holding it; undefined when none is ready. */
  take(): W | undefined {
    const workers = [...this.open.keys()];
    let chosen: W | undefined;
    let fewest = Infinity;
    for (let i = 0; i < workers.length; i += 1) {
      const worker = workers[(this.turn + i) % workers.length]!;
      const held = this.open.get(worker)!;
      if (held < fewest) {
        chosen = worker;
        fewest = held;
      }
    }
    if (chosen === undefined) return undefined;
    this.turn = (this.turn + 1) % workers.length;
    this.open.set(chosen, fewest + 1);
    return chosen;
  }

  /** One of the worker's connections closed (or never reached it). */
  release(worker: W): void {
    const held = this.open.get(worker);
    if (held !== undefined && held > 0) this.open.set(worker, held - 1);
  }

  /** Connections held, per ready worker. */
  held(): ReadonlyMap<W, number> {
    return this.open;
  }
}
