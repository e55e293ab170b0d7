/**
 * On a large site, every thread, a build worker or the main thread alike
 * (build-workers.ts), works through the articles in two passes over batches
 * it shares with the others (batch-board.ts):
 *
 * 1. scan: read each article's front matter and hand it on for the site
 *    model, which needs every article's before the blog index can be made;
 * 2. render: once the thread knows how to render pages (the stylesheet,
 *    scripts and templates are ready), read a batch again and turn each
 *    article's Markdown into its page, straight to disk.
 *
 * A body is read, rendered and written in one go and then forgotten, so no
 * thread holds the articles' bodies between the passes (reading a file twice
 * costs less than keeping thousands of bodies alive through the garbage
 * collector), and nothing but front matter and page summaries crosses
 * threads. An article's route is made here by the same function as the route
 * table's.
 */
import type { TemplateModule } from '../assets/compile-templates';
import { scriptsForManifest, type ScriptManifest, type ScriptMarker } from '../assets/script-manifest';
import { contentFileName } from '../content/content-files';
import type { ArticleFrontMatter, ParsedArticle } from '../content/load-site';
import type { ContentLinks } from '../validate-routes';
import { readBody, readFrontMatter, renderBody } from '../content/read-content';
import { articleFrontMatterSchema } from '../content/schemas';
import { writePage } from '../output/write-page';
import { pageFingerprint, unchangedSince, type RenderedBefore } from '../render/page-fingerprint';
import type { PageRenderer, RenderedPage } from '../render/render-page';
import { articleRoute, type ArticleRouteContext } from '../routes';
import type { BatchBoard } from './batch-board';
import type { Layout } from '../../templates/layout/types';

/** What rendering the articles' pages needs: plain data, handed to each worker once. */
export interface ArticleSetup {
  templatesUrl: string;
  layout: Layout;
  stylesheet: string;
  manifest: ScriptManifest;
  extraScripts: string[];
  /** Where pages are written. */
  outDir: string;
  context: ArticleRouteContext;
  /** For builds that render only what changed: what the pages were rendered from last time. */
  before?: {
    /** See pageFingerprint. */
    shared: string;
    templateVersion: string;
    /** By page path. */
    pages: Record<string, RenderedBefore>;
  };
}

/** A rendered page as the build records it; `unchanged` when it was left as an earlier build wrote it. */
export interface RenderSummary extends Omit<RenderedPage, 'pieces'> {
  path: string;
  bytes: number;
  /** What the page was rendered from, for the next update (when `before` was given). */
  fingerprint?: string;
  unchanged?: true;
}

/** A batch's pages, and the site links its articles' bodies hold: checked once every page is known. */
export interface RenderedBatch {
  pages: RenderSummary[];
  links: ContentLinks[];
}

export class ArticlePages {
  /** The front matter of the batches this thread scanned, kept for their pages' routes. */
  private readonly scanned = new Map<number, ArticleFrontMatter[]>();
  private renderer?: { setup: ArticleSetup; render: PageRenderer };
  private readonly nameOf: (path: string) => string;

  constructor(projectRoot: string) {
    this.nameOf = contentFileName(projectRoot);
  }

  /** The first pass over a batch: its articles' front matter, for the site model. */
  scan(batch: number, paths: readonly string[]): ParsedArticle[] {
    const articles = paths.map((path) => ({ data: readFrontMatter(path, this.nameOf(path), articleFrontMatterSchema).data, file: this.nameOf(path) }));
    this.scanned.set(
      batch,
      articles.map((article) => article.data),
    );
    return articles.map(({ data, file }) => ({ data, html: '', internalLinks: [], file, renderedOnRead: true }));
  }

  /** The second pass: renders the pages of a batch, scanned here or by another thread, to disk. */
  async render(batch: number, paths: readonly string[], setup: ArticleSetup): Promise<RenderedBatch> {
    const render = await this.rendererFor(setup);
    const frontMatter = this.scanned.get(batch);
    this.scanned.delete(batch);
    const { before, manifest } = setup;
    const scriptsFor = (markers: ScriptMarker[]) => scriptsForManifest(manifest, markers);
    const rendered: RenderedBatch = { pages: [], links: [] };
    paths.forEach((path, index) => {
      const file = this.nameOf(path);
      const scannedHere = frontMatter?.[index];
      const { data, body } = scannedHere ? { data: scannedHere, body: readBody(path, file) } : readFrontMatter(path, file, articleFrontMatterSchema);
      const { html, internalLinks } = renderBody(file, body);
      rendered.links.push({ file, internalLinks });
      const route = articleRoute(Object.assign({}, data, { html, internalLinks, file }), setup.context);
      if (!route) return;
      const fingerprint = before ? pageFingerprint(before.shared, before.templateVersion, route) : undefined;
      const previous = before?.pages[route.path];
      if (fingerprint && unchangedSince(previous, fingerprint, scriptsFor)) {
        rendered.pages.push({ path: route.path, markers: previous!.markers, scripts: previous!.scripts, bytes: 0, fingerprint, unchanged: true });
        return;
      }
      const page = render(route);
      const summary: RenderSummary = { path: route.path, markers: page.markers, scripts: page.scripts, bytes: writePage(setup.outDir, route.file, page.pieces) };
      if (fingerprint) summary.fingerprint = fingerprint;
      rendered.pages.push(summary);
    });
    return rendered;
  }

  private async rendererFor(setup: ArticleSetup): Promise<PageRenderer> {
    if (this.renderer?.setup !== setup) {
      // Loaded with the first page, not at start-up: the scan comes first, and needs none of it.
      const [{ createPageRenderer }, templates] = await Promise.all([import('../render/render-page'), import(setup.templatesUrl) as Promise<TemplateModule>]);
      const { manifest } = setup;
      const render = createPageRenderer(templates, setup.layout, {
        stylesheet: setup.stylesheet,
        scriptsFor: (markers) => scriptsForManifest(manifest, markers),
        extraScripts: setup.extraScripts,
      });
      this.renderer = { setup, render };
    }
    return this.renderer.render;
  }
}

/** What a thread says as it works through the batches. */
export interface BatchReport {
  scanned(batch: number, articles: ParsedArticle[]): void;
  rendered(batch: number, rendered: RenderedBatch): void;
}

/** Between batches: lets the thread's messages in (the workers' reports, on the main thread). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Scans batches until every batch has been taken to scan. */
export async function scanBatches(pages: ArticlePages, board: BatchBoard, report: BatchReport): Promise<void> {
  for (let batch = board.nextToScan(); batch !== undefined; batch = board.nextToScan()) {
    report.scanned(batch, pages.scan(batch, board.pathsOf(batch)));
    board.markScanned(batch);
    await nextTurn();
  }
}

/** Renders every scanned batch that no other thread has taken, in order. */
export async function renderBatches(pages: ArticlePages, board: BatchBoard, setup: ArticleSetup, report: BatchReport): Promise<void> {
  for (let batch = 0; batch < board.count; batch += 1) {
    if (!board.claimRender(batch)) continue;
    report.rendered(batch, await pages.render(batch, board.pathsOf(batch), setup));
    await nextTurn();
  }
}
