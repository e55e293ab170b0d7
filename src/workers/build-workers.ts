/**
 * When a build uses worker threads: from this many articles on. The CLI
 * starts them before it loads the rest of the generator, so that their own
 * start-up (loading the Markdown and YAML parsers) overlaps the main thread's.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { WorkerPool } from './worker-pool';

/** Below this many pages or articles, threads cost more to start than they save. */
export const parallelFrom = 200;

/** A pool of build workers, if the site in `contentDir` is large enough to need one. */
export function startBuildWorkers(contentDir: string, workerUrl: URL): WorkerPool | undefined {
  let articles = 0;
  try {
    articles = readdirSync(join(contentDir, 'blog')).filter((name) => name.endsWith('.md')).length;
  } catch {
    // No blog folder: the content stage reports what is missing.
  }
  return articles >= parallelFrom ? new WorkerPool(workerUrl) : undefined;
}
