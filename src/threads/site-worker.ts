/** A build worker, as article-threads.ts describes it. */
import '../production';
import { parentPort, workerData } from 'node:worker_threads';
import type { TemplateModule } from '../assets/compile-templates';
import { MarkdownReader } from '../content/markdown-reader';
import { scanArticle } from '../content/load-site';
import { FolderWriter } from '../output/folder-writer';
import { planArticles } from '../plan/plan-site';
import { PageRendering } from '../render/page-rendering';
import type { WorkerJob, WorkerMessage, WorkerStart } from './article-threads';
import { serializeError } from './thread-errors';

const { paths, source } = workerData as WorkerStart;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
const job = new Promise<WorkerJob>((resolve) => parentPort!.once('message', resolve));

async function work(reader: MarkdownReader): Promise<void> {
  const articles = paths.map((path) => scanArticle(reader, path));
  post({ type: 'scanned', articles });
  const { setup, context, outDir, liveDir, previous } = await job;
  const templates = (await import(setup.templatesUrl)) as TemplateModule;
  const rendering = new PageRendering(setup, templates, (body) => reader.bodyHtml(body));
  const writer = new FolderWriter(outDir, liveDir);
  const pages = planArticles(articles, context).map(
    (route) => rendering.render(route, previous[route.path], (html) => writer.write(route.file, html)).page,
  );
  post({ type: 'rendered', pages, written: [...writer.written], learnt: [...reader.learnt] });
}

const reader = MarkdownReader.open(source);
work(reader)
  .catch((error: unknown) => post({ type: 'failed', error: serializeError(error) }))
  .finally(() => reader.close());
