/**
 * A large site's articles are scanned and rendered on every core: one worker
 * thread per core but one, and the main thread (article-pages.ts). The CLI
 * starts the workers before it loads the rest of the generator, and they
 * start scanning at once, so that their start-up and the front matter overlap
 * all the main thread does meanwhile (the content's JSON, the assets, the
 * templates). When the main thread knows how to render the pages, it sends
 * that to the workers and renders the articles they have scanned (scanning
 * some itself when none is waiting); once every article is scanned, it puts
 * the site model together and renders the other pages while the workers
 * render articles, then renders the articles no worker has taken.
 *
 * One thread fewer than cores, with the main thread working too: each thread
 * loads and compiles the same code for itself, and on two cores a third
 * thread measured slower than two.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { articleFiles } from '../content/content-files';
import type { ParsedArticle } from '../content/load-site';
import type { MarkdownSource } from '../content/content-files';
import type { MarkdownFiles } from '../content/markdown-files';
import type { IndexedFile } from '../content/content-index';
import type { ArticleSetup, RenderedBatch, ScannedBatch } from './article-pages';
import { BatchBoard, type SharedBoard } from './batch-board';
import { deserializeError, type SerializedError } from './errors';

/** Below this many articles, threads cost more to start than they save. */
export const parallelFrom = 200;

/** What a worker is started with. */
export interface WorkerData {
  board: SharedBoard;
  source: MarkdownSource;
}

/** What a worker tells the main thread. */
export type WorkerMessage =
  | { type: 'scanned'; batch: number; scanned: ScannedBatch }
  | { type: 'rendered'; batch: number; rendered: RenderedBatch }
  | { type: 'failed'; error: SerializedError };

export class BuildWorkers {
  private readonly scanned = new Map<number, ScannedBatch>();
  private readonly rendered = new Map<number, RenderedBatch>();
  private readonly allScanned = settled<ParsedArticle[]>();
  private readonly allRendered = settled<RenderedBatch['pages']>();
  private onBatch?: (pages: number) => void;
  /** This thread's share of the articles, while it works on them. */
  private working?: Promise<unknown>;
  private stopListening?: () => void;

  private constructor(
    private readonly board: BatchBoard,
    private readonly workers: Worker[],
  ) {
    for (const worker of workers) {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'scanned') this.report.scanned(message.batch, message.scanned);
        else if (message.type === 'rendered') this.report.rendered(message.batch, message.rendered);
        else if (message.type === 'failed') this.fail(deserializeError(message.error));
      });
      worker.on('error', (error) => this.fail(error));
    }
  }

  /**
   * Workers scanning the articles of `source`, if it has enough of them and
   * there is more than one core. `interrupt` (the build's, cli.ts) stops every
   * thread after its batch and fails what waits on them with its reason.
   */
  static start(
    source: MarkdownSource,
    workerUrl: URL,
    interrupt?: AbortSignal,
    cores = availableParallelism(),
  ): BuildWorkers | undefined {
    const paths = articleFiles(source.contentDir);
    if (paths.length < parallelFrom || cores < 2) return undefined;
    // Small enough batches for the threads to finish together, large enough that messages stay few.
    const board = new BatchBoard(paths, Math.min(64, Math.max(8, Math.ceil(paths.length / (cores * 16)))));
    const workerData: WorkerData = { board: board.share(), source };
    const workers = new BuildWorkers(
      board,
      Array.from({ length: cores - 1 }, () => new Worker(workerUrl, { workerData })),
    );
    if (interrupt) workers.stopOn(interrupt);
    return workers;
  }

  /** Every article's front matter, in file order, once all are scanned (loadArticles's ReadArticles). */
  readArticles = (): Promise<ParsedArticle[]> => this.allScanned.promise;

  /** What the threads learnt of the articles' files that the content index does not hold yet, once all are rendered: what rendering learnt last. */
  indexChanges(): [string, IndexedFile][] {
    return [...this.scanned.values(), ...this.rendered.values()].flatMap((batch) => batch.indexed);
  }

  /**
   * Sends the workers how to render the articles' pages, and scans batches on
   * this thread too until every one is taken. `finish`, called once this
   * thread has done its own work with the articles scanned, renders here what
   * no worker has taken yet, and resolves with every article's page.
   */
  renderArticles(
    setup: ArticleSetup,
    files: MarkdownFiles,
    onBatch?: (pages: number) => void,
  ): { finish(): Promise<RenderedBatch['pages']> } {
    this.onBatch = onBatch;
    for (const worker of this.workers) worker.postMessage(setup);
    // Loaded now, not with the workers: what runs before they start is what delays them.
    const here = import('./article-pages').then(async ({ ArticlePages, renderBatches, renderAsScanned }) => {
      const pages = new ArticlePages(files);
      await renderAsScanned(pages, this.board, setup, this.report, this.scanned);
      return () => renderBatches(pages, this.board, setup, this.report, this.scanned);
    });
    here.catch((error: unknown) => this.fail(error));
    this.working = here.catch(() => undefined);
    return {
      finish: async () => {
        await (
          await here
        )();
        return this.allRendered.promise;
      },
    };
  }

  /** Stops every thread, this one included, once its batch is done: a failed build's staging folder is then removed with nothing writing to it. */
  async close(): Promise<void> {
    this.stopListening?.();
    this.board.close();
    await Promise.all([this.working, ...this.workers.map((worker) => worker.terminate())]);
  }

  /** What every thread, this one included, reports as it works through the batches. */
  private readonly report = {
    scanned: (batch: number, scanned: ScannedBatch) => {
      this.scanned.set(batch, scanned);
      if (this.scanned.size === this.board.count)
        this.allScanned.resolve(inBatchOrder(this.scanned).flatMap((each) => each.articles));
    },
    rendered: (batch: number, rendered: RenderedBatch) => {
      this.rendered.set(batch, rendered);
      this.onBatch?.(rendered.pages.length);
      if (this.rendered.size === this.board.count) {
        const batches = inBatchOrder(this.rendered);
        this.allRendered.resolve(batches.flatMap((batch) => batch.pages));
      }
    },
  };

  private stopOn(interrupt: AbortSignal): void {
    const stop = () => this.fail(interrupt.reason);
    if (interrupt.aborted) return stop();
    interrupt.addEventListener('abort', stop, { once: true });
    this.stopListening = () => interrupt.removeEventListener('abort', stop);
  }

  private fail(error: unknown): void {
    this.board.close();
    this.allScanned.reject(error);
    this.allRendered.reject(error);
  }
}

function inBatchOrder<T>(batches: Map<number, T>): T[] {
  return [...batches.keys()].sort((a, b) => a - b).map((batch) => batches.get(batch)!);
}

/** A promise settled from outside; a rejection nobody waits for yet is not reported as unhandled. */
function settled<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
