/**
 * On a large site, each article is read and its page rendered by the same
 * thread, a build worker or the main thread alike (build-workers.ts): the
 * thread reads a batch of articles, hands their front matter on for the site
 * model, and keeps their HTML until it knows how to render their pages (the
 * stylesheet, scripts and templates are ready), then renders them straight to
 * disk and forgets them. An article's body never crosses between threads, and
 * its page does not wait for the rest of the site model: its route is made
 * here by the same function as the route table's.
 */
import type { TemplateModule } from '../assets/compile-templates';
import { scriptsForManifest, type ScriptManifest, type ScriptMarker } from '../assets/script-manifest';
import { contentFileName } from '../content/content-files';
import type { ParsedArticle } from '../content/load-site';
import type { Article } from '../content/model';
import { readMarkdown } from '../content/read-content';
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
export interface RenderSummary extends Omit<RenderedPage, 'html'> {
  path: string;
  bytes: number;
  /** What the page was rendered from, for the next update (when `before` was given). */
  fingerprint?: string;
  unchanged?: true;
}

export class ArticlePages {
  /** Articles read and waiting for their pages to be rendered, by batch. */
  private readonly kept = new Map<number, Article[]>();
  private renderer?: { setup: ArticleSetup; render: PageRenderer };

  constructor(private readonly projectRoot: string) {}

  /** Reads a batch of article files and keeps it; returns the front matter and links, for the site model. */
  async read(batch: number, paths: readonly string[]): Promise<ParsedArticle[]> {
    const nameOf = contentFileName(this.projectRoot);
    const docs = await Promise.all(paths.map(async (path) => ({ ...(await readMarkdown(path, nameOf(path), articleFrontMatterSchema)), file: nameOf(path) })));
    this.kept.set(
      batch,
      docs.map(({ data, html, internalLinks, file }) => ({ ...data, html, internalLinks, file })),
    );
    return docs.map(({ data, internalLinks, file }): ParsedArticle => ({ data, html: '', internalLinks, file, renderedOnRead: true }));
  }

  /** Batches read and not rendered yet. */
  keptBatches(): number[] {
    return [...this.kept.keys()];
  }

  /** A batch another thread has taken to render. */
  forget(batch: number): void {
    this.kept.delete(batch);
  }

  /** Renders the pages of a batch read here, and forgets the batch. */
  async render(batch: number, setup: ArticleSetup): Promise<RenderSummary[]> {
    const articles = this.kept.get(batch);
    if (!articles) throw new Error(`batch ${batch} of the articles was not read on this thread`);
    this.kept.delete(batch);
    const render = await this.rendererFor(setup);
    const { before, manifest } = setup;
    const scriptsFor = (markers: ScriptMarker[]) => scriptsForManifest(manifest, markers);
    return articles.flatMap((article) => {
      const route = articleRoute(article, setup.context);
      if (!route) return [];
      const fingerprint = before ? pageFingerprint(before.shared, before.templateVersion, route) : undefined;
      const previous = before?.pages[route.path];
      if (fingerprint && unchangedSince(previous, fingerprint, scriptsFor)) return [{ path: route.path, markers: previous!.markers, scripts: previous!.scripts, bytes: 0, fingerprint, unchanged: true }];
      const page = render(route);
      return [{ path: route.path, markers: page.markers, scripts: page.scripts, bytes: writePage(setup.outDir, route.file, page.html), ...(fingerprint && { fingerprint }) }];
    });
  }

  private async rendererFor(setup: ArticleSetup): Promise<PageRenderer> {
    if (this.renderer?.setup !== setup) {
      // Loaded with the first page, not at start-up: the articles are read first, and need none of it.
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
  read(batch: number, articles: ParsedArticle[]): void;
  rendered(batch: number, pages: RenderSummary[]): void;
}

/** Between batches: lets the thread's messages in (the workers' reports, on the main thread). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Reads batches, keeping them here, until every batch has been taken to read. */
export async function readBatches(pages: ArticlePages, board: BatchBoard, report: BatchReport): Promise<void> {
  for (let batch = board.nextToRead(); batch !== undefined; batch = board.nextToRead()) {
    report.read(batch, await pages.read(batch, board.pathsOf(batch)));
    board.markRead(batch);
    await nextTurn();
  }
}

/**
 * Renders the batches this thread read that no other thread has taken, then
 * any other thread's that are still waiting, reading them again here.
 */
export async function renderBatches(pages: ArticlePages, board: BatchBoard, setup: ArticleSetup, report: BatchReport): Promise<void> {
  for (const batch of pages.keptBatches()) {
    if (board.claimRender(batch)) report.rendered(batch, await pages.render(batch, setup));
    else pages.forget(batch);
    await nextTurn();
  }
  for (let batch = 0; batch < board.count; batch += 1) {
    if (!board.claimRender(batch)) continue;
    await pages.read(batch, board.pathsOf(batch));
    report.rendered(batch, await pages.render(batch, setup));
    await nextTurn();
  }
}
