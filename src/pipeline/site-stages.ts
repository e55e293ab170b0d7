/**
 * The stages of a build that make the site: the content (read on every core
 * on a large site), the checks of the route table, and the pages rendered
 * into the output's folder.
 */
import { join, relative } from 'node:path';
import { editorFiles, productionEditorHeaders } from '../admin/editor-files';
import { DecapFiles } from '../admin/editor-page';
import type { BuiltAssets } from '../assets/build-assets';
import type { BuildConfig } from '../config';
import { articleFiles, markdownSource } from '../content/content-files';
import type { IndexedFile } from '../content/content-index';
import { MarkdownReader } from '../content/markdown-reader';
import type { MarkdownBody, SiteModel } from '../content/model';
import { nextScheduled, publicationStatus, type Publishing } from '../content/publishing';
import { loadSiteData, scanArticle } from '../content/load-site';
import { withArticles } from '../content/site-model';
import { SitegenError } from '../errors';
import { listFiles } from '../list-files';
import type { FolderWriter } from '../output/folder-writer';
import type { CopiedFile, OutputFile } from '../output/output';
import { ImageResolver } from '../images/content-images';
import { withImages } from '../images/model-images';
import type { SiteImages } from '../images/site-images';
import { SourceImages, type ImageCatalog } from '../images/source-images';
import { PageRendering, renderSetup, type PageRecord } from '../render/page-rendering';
import { siteRedirects, createLayout, type SiteRoutes } from '../routes';
import { feedFiles } from '../output/feeds';
import { redirectFiles } from '../output/redirect-files';
import { siteFiles } from '../output/site-files';
import { ArticleThreads } from '../threads/article-threads';
import { publicFileIn, validateRoutes } from '../plan/validate-plan';
import { formatDate } from '../../templates/lib/format';
import { stageDone, type BuildRun } from './build-run';

/** The content being read: this thread's reader of Markdown files, the build threads reading theirs, and the images. */
export interface OpenContent {
  reader: MarkdownReader;
  threads?: ArticleThreads;
  images: SourceImages;
  close(): Promise<void>;
}

/** Starts reading content/: on a large site, the build threads start on their shares of the articles at once. */
export function openContent(run: BuildRun): OpenContent {
  const { config, generator, options } = run;
  const source = markdownSource(config, generator);
  const threads = options.workerUrl
    ? ArticleThreads.start(articleFiles(config.contentDir), source, options.workerUrl, options.interrupt)
    : undefined;
  const reader = MarkdownReader.open(source);
  return {
    reader,
    threads,
    images: SourceImages.open(config, { keep: true }),
    close: async () => {
      await threads?.close();
      reader.close();
    },
  };
}

/** content/ → the validated site model, with every file of content/images/ it names described. */
export async function loadModel(
  run: BuildRun,
  { reader, threads, images }: OpenContent,
): Promise<{ model: SiteModel; catalog: ImageCatalog }> {
  const started = performance.now();
  const { contentDir, root } = run.config;
  const data = loadSiteData(contentDir, root, reader);
  const here = (threads?.here ?? articleFiles(contentDir)).map((path) => scanArticle(reader, path));
  const read = withArticles(data, threads ? [...here, ...(await threads.scanned())] : here);
  const { model, catalog } = await withImages(read, images, new ImageResolver());
  run.options.interrupt?.throwIfAborted();
  const counts = `${model.articles.length} articles, ${model.trades.length} trades, ${model.servicePages.length} services, ${catalog.bySrc.size} image${catalog.bySrc.size === 1 ? '' : 's'}`;
  const where = threads ? `, articles read and rendered on ${threads.count} threads` : '';
  stageDone(run, 'content', `${counts}${where}`, performance.now() - started);
  reportPublishing(run, model);
  return { model, catalog };
}

/** One line on the articles not published: how many, and which goes live next and when (a preview build shows them all). */
function reportPublishing({ log, publishing }: BuildRun, model: SiteModel): void {
  const statuses = model.articles.map((article) => publicationStatus(article, publishing.today));
  const drafts = statuses.filter((status) => status === 'draft').length;
  const scheduled = statuses.filter((status) => status === 'scheduled').length;
  if (drafts + scheduled === 0) return;
  const counted = [
    drafts && `${drafts} draft${drafts === 1 ? '' : 's'}`,
    scheduled && `${scheduled} scheduled article${scheduled === 1 ? '' : 's'}`,
  ].filter(Boolean);
  if (publishing.drafts) {
    log.stage('drafts', `${counted.join(' and ')} on the site (--drafts): every page asks not to be indexed`, -1);
    return;
  }
  const next = nextScheduled(model.articles, publishing.today);
  const when = next ? `; next: "${next.title}" (${next.file}) goes live on ${formatDate(next.date)}` : '';
  log.stage('drafts', `${counted.join(' and ')} left out${when}`, -1);
}

/**
 * Every file of the site but its pages and public/'s: assets, sitemap.xml,
 * robots.txt, _headers, the feeds, the redirects; and the editor at /admin
 * when the build has a repository for it to save to (CMS_REPO).
 */
export async function makeSiteFiles(
  run: BuildRun,
  { model, catalog }: { model: SiteModel; catalog: ImageCatalog },
  table: SiteRoutes,
  assets: BuiltAssets,
  content: OpenContent,
): Promise<{ files: OutputFile[]; images: string[] }> {
  const { config, publishing } = run;
  const bodyHtml = (body: MarkdownBody) => content.reader.bodyHtml(body);
  const redirects = siteRedirects(model, table, publishing);
  const { cms } = config;
  const editor = cms
    ? await editorFiles(config, cms, {
        model,
        publishing,
        assets,
        images: catalog.descriptors,
        bodyHtml: (page) => bodyHtml(page.body),
      })
    : [];
  const feeds = feedFiles(model, publishing, table.siteUrl, bodyHtml);
  const more = [
    ...feeds.files,
    ...redirectFiles(redirects, table.siteUrl, model.redirects.page, assets.templates.module),
  ];
  const options = {
    supabaseUrl: config.supabase.url,
    dev: false,
    noindex: config.drafts,
    editor: cms && productionEditorHeaders(cms, new DecapFiles()),
  };
  return { files: [...siteFiles(table.routes, table.siteUrl, assets, options, more), ...editor], images: feeds.images };
}

/** The route table's checks (validateRoutes), and that no file of public/ is where the build writes one of its own. */
export function validate(
  model: SiteModel,
  table: SiteRoutes,
  config: BuildConfig,
  files: readonly OutputFile[],
  publishing: Publishing,
) {
  const publicFiles = listFiles(config.publicDir, { hidden: true });
  validateRoutes(model, table, publicFiles, publishing);
  const taken = publicFileIn(
    publicFiles,
    files.map((file) => file.path),
  );
  if (!taken) return;
  const name = relative(config.root, join(config.publicDir, taken.file)).split('\\').join('/');
  const what = taken.file === taken.path ? 'one of its own' : 'a folder of its own';
  const folder = relative(config.root, config.publicDir);
  throw new SitegenError(
    `${name}: expected no file where the build writes ${what} (${taken.path}); remove it from ${folder}/`,
  );
}

export interface RenderedPages {
  /** Every page, in route order. */
  pages: PageRecord[];
  /** The page files written this time (by every thread), with their sizes. */
  written: Map<string, number>;
  /** What the build threads learnt of their Markdown files, for the content index. */
  learnt: [string, IndexedFile][];
  /** Every image the pages name, made while they rendered (or found made). */
  images: CopiedFile[];
}

/**
 * Renders every page whose fingerprint differs from its page of the last
 * build (all of them, without one), and makes the images each page names
 * as it comes: they encode on Node's thread pool while the next pages render.
 */
export async function renderPages(
  run: BuildRun,
  { reader, threads }: OpenContent,
  model: SiteModel,
  { routes, articles }: SiteRoutes,
  assets: BuiltAssets,
  writer: FolderWriter,
  images: SiteImages,
): Promise<RenderedPages> {
  const started = performance.now();
  const setup = renderSetup(assets, createLayout(model), { fingerprinted: run.options.incremental === true });
  const rendering = new PageRendering(setup, assets.templates.module, (body) => reader.bodyHtml(body));
  const previous = new Map(run.previous?.pages.map((page) => [page.path, page]));
  const elsewhere = threads?.render({
    setup,
    context: articles,
    outDir: writer.dir,
    previous: Object.fromEntries(previous),
  });
  // Awaited once this thread's pages are done; should one of them fail first, a worker's failure must not go unheard.
  elsewhere?.catch(() => undefined);
  const byPath = new Map<string, PageRecord>();
  const written = new Map<string, number>();
  for (const route of routes) {
    if (threads?.owns(route.source)) continue;
    const write = (html: string) => writer.write(route.file, html);
    const { page, html } = rendering.render(route, previous.get(route.path), write);
    if (html !== undefined) written.set(route.file, page.bytes);
    images.use(route.path, page.images);
    byPath.set(route.path, page);
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
  const { encoded, kept } = images.counts;
  stageDone(run, 'images', `${files.length} files: ${encoded} made, ${kept} kept`, performance.now() - rendered);
  const pages = routes.map((route) => byPath.get(route.path)!);
  return { pages, written, learnt: theirs?.learnt ?? [], images: files };
}
