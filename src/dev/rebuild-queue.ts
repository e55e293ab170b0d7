/**
 * The dev server's rebuilds, one at a time, changes that arrive meanwhile going together into the next. Editors save
 * in bursts (write, rename, chmod), so a change waits a moment for the rest of its burst.
 */
import type { DevSite } from './dev-site';

const settleMs = 15;
/** A file read while an editor was still writing it looks broken: one more look, this much later, settles it. */
const retryMs = 150;

/** `pages`: the paths of the pages an open browser must take again; `styles`: whether the stylesheet changed. */
export type RebuildOutcome =
  { ms: number; pages: string[]; styles: boolean; recovered: boolean } | { ms: number; error: Error };

export class RebuildQueue {
  failure?: Error;
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly site: DevSite,
    /** Told after each scheduled rebuild, with the files it took in. */
    private readonly done: (outcome: RebuildOutcome, changed: ReadonlySet<string>) => void,
  ) {}

  async rebuild(changed?: ReadonlySet<string>): Promise<RebuildOutcome> {
    const started = performance.now();
    try {
      const pages = await this.site.update(changed);
      const recovered = this.failure !== undefined;
      this.failure = undefined;
      return { ms: performance.now() - started, pages, styles: this.site.stylesheetChanged, recovered };
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      return { ms: performance.now() - started, error: this.failure };
    }
  }

  schedule(path: string, delay = settleMs): void {
    this.pending.add(path);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const changed = this.pending;
      this.pending = new Set();
      this.running = this.running.then(async () => {
        const outcome = await this.rebuild(changed);
        this.done(outcome, changed);
        if ('error' in outcome && delay === settleMs && !this.pending.size)
          for (const again of changed) this.schedule(again, retryMs);
      });
    }, delay);
  }

  async idle(): Promise<void> {
    do {
      await new Promise((done) => setTimeout(done, settleMs * 2));
      await this.running;
    } while (this.timer || this.pending.size);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }
}
