/**
 * A build worker (build-workers.ts): from the moment it starts, it scans
 * batches of articles from the board it shares with the other threads; once
 * every batch is scanned and the main thread has sent how, it renders pages.
 * It tells the main thread what it scanned and rendered, batch by batch.
 */
import '../production';
import { parentPort, workerData } from 'node:worker_threads';
import { ArticlePages, renderBatches, scanBatches, type ArticleSetup, type BatchReport } from './article-pages';
import { MarkdownFiles } from '../content/markdown-files';
import { BatchBoard } from './batch-board';
import { serializeError } from './errors';
import type { WorkerData, WorkerMessage } from './build-workers';

const { board, source } = workerData as WorkerData;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const setup = new Promise<ArticleSetup>((resolve) => parentPort!.once('message', resolve));
const report: BatchReport = {
  scanned: (batch, scanned) => post({ type: 'scanned', batch, scanned }),
  rendered: (batch, rendered) => post({ type: 'rendered', batch, rendered }),
};

async function work(): Promise<void> {
  const files = MarkdownFiles.open(source);
  const pages = new ArticlePages(files);
  const shared = BatchBoard.from(board);
  try {
    await scanBatches(pages, shared, report);
    await renderBatches(pages, shared, await setup, report);
  } finally {
    files.close();
  }
}

work().catch((error: unknown) => post({ type: 'failed', error: serializeError(error) }));
