/**
 * The render stage: every page whose fingerprint differs from its page of the last build (all of them, without one)
 * rendered into the output's folder, by this thread and the build threads; and the images stage: each image the pages
 * and feeds name made as it comes, on Node's thread pool while the next pages render.
 */
import { setMaxListeners } from 'node:events';
import type { BuiltAssets } from '../assets/build-assets';
import { cacheFiles } from '../cache-files';
import type { IndexedFile } from '../content/content-index';
import { ImageEncoder } from '../images/image-encoder';
import { SiteImages } from '../images/site-images';
import type { ImageCatalog } from '../images/source-images';
import type { CopiedFile } from '../output/output';
import type { SitePlan } from '../plan/plan-site';
import { PageRendering, renderSetup, type PageRecord } from '../render/page-rendering';
import { createLayout } from '../routes';
import { stageDone, type WritingRun } from './build-run';

export interface RenderedPages {
  pages: PageRecord[];
  /** The page files written this time (by every thread), with their sizes. */
  written: Map<string, number>;
  /** What the build threads learnt of their Markdown files, for the content index. */
  learnt: [string, IndexedFile][];
  /** Every image the pages and feeds name, made while the pages rendered (or found made). */
  images: CopiedFile[];
}

/** `named`: the images the site's other files name (the feeds'), as paths of the output. */
export async function renderPages(
  run: WritingRun,
  sources: { plan: SitePlan; catalog: ImageCatalog; assets: BuiltAssets; named: readonly string[] },
): Promise<RenderedPages> {
  const started = performance.now();
  const { plan, catalog, assets, named } = sources;
  const { content, output } = run;
  // A build that fails stops its images: none is begun or written once the build has failed (or been interrupted).
  const failed = new AbortController();
  const stop = AbortSignal.any([failed.signal, ...(run.options.interrupt ? [run.options.interrupt] : [])]);
  setMaxListeners(0, stop); // Every image under way listens, each until it is made: many at once is no leak.
  const encoder = new ImageEncoder(cacheFiles(run.config.cacheDir).imagesDir, stop);
  const images = new SiteImages({ plan, catalog, templates: assets.templates.module }, encoder);
  // Every card is known before any page names it: drawn from the start, on the other core, while the pages render.
  images.use('the social cards', plan.images.cards.keys());
  images.use('the feeds', named);
  const setup = renderSetup(assets, createLayout(plan.model), { fingerprinted: run.options.incremental === true });
  const rendering = new PageRendering(setup, assets.templates.module, (body) => content.reader.bodyHtml(body));
  const previous = new Map(run.previous?.pages.map((page) => [page.path, page]));
  const elsewhere = content.threads?.render({
    setup,
    context: plan.routes.articles,
    outDir: output.writer.dir,
    liveDir: output.writer.live,
    previous: Object.fromEntries(previous),
  });
  // Awaited once this thread's pages are done; should one of them fail first, a worker's failure must not go unheard.
  elsewhere?.catch(() => undefined);
  const [byPath, written] = [new Map<string, PageRecord>(), new Map<string, number>()];
  const { routes } = plan.routes;
  try {
    for (const route of routes) {
      if (content.threads?.owns(route.source)) continue;
      const write = (html: string) => output.writer.write(route.file, html);
      const { page, html } = rendering.render(route, previous.get(route.path), write);
      if (html !== undefined) written.set(route.file, page.bytes);
      images.use(route.path, page.images);
      byPath.set(route.path, page);
      // A turn for the images under way: each card and rendition is begun from this thread, and drawn on the others.
      await new Promise(setImmediate);
    }
    const theirs = await elsewhere;
    for (const page of theirs?.pages ?? []) {
      images.use(page.path, page.images);
      byPath.set(page.path, page);
    }
    for (const [file, bytes] of theirs?.written ?? []) written.set(file, bytes);
    stageDone(run, 'render', `${written.size} of ${routes.length} pages`, performance.now() - started);
    const rendered = performance.now();
    const files = await images.all();
    encoder.removeUnused();
    const made = files.filter((file) => encoder.encoded.has(file.from)).length;
    const counted = `${files.length} files: ${made} made, ${files.length - made} kept`;
    stageDone(run, 'images', counted, performance.now() - rendered);
    const pages = routes.map((route) => byPath.get(route.path)!);
    return { pages, written, learnt: theirs?.learnt ?? [], images: files };
  } catch (error) {
    failed.abort(error);
    await images.settled();
    throw error;
  }
}
