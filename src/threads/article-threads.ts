/**
 * A large site's articles are read and rendered on every core, in fixed shares in file order: one per worker thread
 * (one per core but one), and a smaller one for the main thread, which also makes the assets, the model and every
 * other page. Each thread renders the articles it read, so a body rendered by marked never crosses threads. A worker
 * reads its share from the build's start (site-worker.ts), reports the front matter for the model, and renders once
 * the main thread sends it how, the route table validated.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MarkdownSource } from '../content/content-files';
import type { IndexedFile } from '../content/content-index';
import type { Article } from '../content/model';
import type { PageRecord, RenderSetup } from '../render/page-rendering';
import type { ArticleRouteContext } from '../routes';
import { deserializeError, type SerializedError } from './thread-errors';

/** Below this many articles, a thread costs more to start than it saves. */
const threadsFrom = 200;

/** The main thread's share against a worker's 1, sized so that it finishes with the workers despite its other work. */
const mainThreadShare = 0.6;

export type WorkerStart = { paths: string[]; source: MarkdownSource };

/** How a worker renders its articles' pages: sent once the site plan is validated. */
export interface WorkerJob {
  setup: RenderSetup;
  /** What the plan makes every article's page with: the worker makes its own articles' pages from it. */
  context: ArticleRouteContext;
  /** Where pages are written (the staging or scratch folder). */
  outDir: string;
  /** The output that folder is to replace (FolderWriter's `live`). */
  liveDir: string | undefined;
  /** The pages of the last build, by path, to keep those whose fingerprint is unchanged. */
  previous: Record<string, PageRecord>;
}

interface WorkerResult {
  pages: PageRecord[];
  written: [file: string, bytes: number][];
  learnt: [key: string, entry: IndexedFile][];
}

export type WorkerMessage =
  | { type: 'scanned'; articles: Article[] }
  | ({ type: 'rendered' } & WorkerResult)
  | { type: 'failed'; error: SerializedError };

export class ArticleThreads {
  private readonly scans: Promise<Article[]>[];
  private readonly results: Promise<WorkerResult>[];
  /** The content files of the articles the workers read, and render. */
  private readonly theirs = new Set<string>();

  private constructor(
    /** The articles the main thread reads and renders itself. */
    readonly here: string[],
    private readonly workers: Worker[],
    interrupt?: AbortSignal,
  ) {
    const replies = workers.map((worker) => replyOf(worker, interrupt));
    this.scans = replies.map((reply) => reply('scanned').then((message) => message.articles));
    this.results = replies.map((reply) => reply('rendered'));
  }

  /** `interrupt` (the build's) fails what waits on the workers. */
  static start({ paths, source, workerUrl }: WorkerStart & { workerUrl: URL }, interrupt?: AbortSignal) {
    const cores = availableParallelism();
    if (paths.length < threadsFrom || cores < 2) return undefined;
    const share = Math.ceil(paths.length / (cores - 1 + mainThreadShare));
    const here = paths.slice(0, paths.length - share * (cores - 1));
    const workers = Array.from({ length: cores - 1 }, (_, index) => {
      const start = here.length + index * share;
      const workerData: WorkerStart = { paths: paths.slice(start, start + share), source };
      return new Worker(workerUrl, { workerData });
    });
    return new ArticleThreads(here, workers, interrupt);
  }

  async scanned(): Promise<Article[]> {
    const articles = (await Promise.all(this.scans)).flat();
    for (const article of articles) this.theirs.add(article.file);
    return articles;
  }

  /** The threads that read and render articles, this one among them. */
  get count(): number {
    return this.workers.length + 1;
  }

  owns(file: string): boolean {
    return this.theirs.has(file);
  }

  async render(job: WorkerJob): Promise<WorkerResult> {
    for (const worker of this.workers) worker.postMessage(job);
    const results = await Promise.all(this.results);
    return {
      pages: results.flatMap((result) => result.pages),
      written: results.flatMap((result) => result.written),
      learnt: results.flatMap((result) => result.learnt),
    };
  }

  /** Stops every worker: a failed build's staging folder is then removed with nothing writing to it. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** A worker's replies by type; a failure (reported, or the thread's own crash) rejects every reply still awaited. */
function replyOf(worker: Worker, interrupt?: AbortSignal) {
  const waiting = new Map<string, { resolve: (message: never) => void; reject: (error: Error) => void }>();
  const replies = new Map<string, Promise<unknown>>();
  for (const type of ['scanned', 'rendered']) {
    const reply = new Promise((resolve, reject) => waiting.set(type, { resolve, reject }));
    reply.catch(() => undefined);
    replies.set(type, reply);
  }
  const fail = (error: Error) => waiting.forEach(({ reject }) => reject(error));
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'failed') fail(deserializeError(message.error));
    else waiting.get(message.type)?.resolve(message as never);
  });
  worker.on('error', fail);
  interrupt?.addEventListener('abort', () => fail(interrupt.reason as Error), { once: true });
  return <T extends 'scanned' | 'rendered'>(type: T) =>
    replies.get(type) as Promise<Extract<WorkerMessage, { type: T }>>;
}
