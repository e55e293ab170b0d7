/**
 * On a large site, every thread, a build worker or the main thread
 * (build-workers.ts), works through the articles in batches it shares with
 * the others (batch-board.ts), each batch in two steps:
 *
 * 1. scan: read each article and hand its front matter on for the site
 *    model, which needs every article's before the blog index can be made;
 * 2. render: once the thread knows how to render pages (the stylesheet,
 *    scripts and templates are ready), turn each article's Markdown into its
 *    page, straight to disk. An article's page needs nothing of the other
 *    articles, so a batch can be rendered as soon as it is scanned.
 *
 * A worker scans until every batch is taken, then renders. The main thread
 * renders the batches the workers have scanned as they report them, and
 * scans one itself only when none is waiting (renderAsScanned): so the
 * workers run marked and gray-matter and the main thread React, each
 * warming up (interpreting, then optimising) mostly its own libraries,
 * instead of every thread all of them. A 4,000-article build without
 * `.sitegen/` took 7% less CPU (3.31 → 3.08 s) and 3% less time.
 *
 * Each file is read once, by the thread that scans it; a body is kept in
 * its pack between the two steps (content/markdown-files.ts), not in
 * memory, and the main thread reads a worker's bodies back from that
 * worker's pack. Nothing but front matter, where bodies are kept, and page
 * summaries crosses threads. An article's route is made here by the same
 * function as the route table's.
 *
 * At the end, a thread renders the batches it scanned first, and only then
 * takes what is left of the others', from the last batch back, away from
 * where their own thread is working. A worker reads and parses again a batch
 * the main thread scanned, which it has not been told of; at most one is
 * left by then.
 */
import type { TemplateModule } from '../assets/compile-templates';
import { scriptsForManifest, type ScriptManifest, type ScriptMarker } from '../assets/script-manifest';
import type { IndexedFile } from '../content/content-index';
import type { ArticleFrontMatter, ParsedArticle } from '../content/load-site';
import type { MarkdownFiles, ScannedFile } from '../content/markdown-files';
import { articleFrontMatterSchema } from '../content/schemas';
import { writePage } from '../output/write-page';
import { pageFingerprint, unchangedSince, type RenderedBefore } from '../render/page-fingerprint';
import type { BodySpan, PageRenderer, RenderedPage } from '../render/render-page';
import { articleRoute, type ArticleRouteContext } from '../routes';
import { refusePublicFilesIn } from '../validate-routes';
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
  /** The files of public/, copied to `outDir` before any page is written: none may be in a page's way. */
  publicFiles: readonly string[];
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
export interface RenderSummary extends Omit<RenderedPage, 'pieces' | 'bodyPiece'> {
  path: string;
  bytes: number;
  bodySpan?: BodySpan;
  /** What the page was rendered from, for the next update (when `before` was given). */
  fingerprint?: string;
  unchanged?: true;
}

/** A batch's articles as the scan leaves them, and what the thread learnt of their files that the content index does not hold yet, by key. */
export interface ScannedBatch {
  articles: ParsedArticle[];
  indexed: [string, IndexedFile][];
}

/**
 * A batch's pages as they were rendered (or left as they were), and what the
 * content index learnt while rendering them: the bodies rendered again
 * because their pack could not be read back.
 */
export interface RenderedBatch {
  pages: RenderSummary[];
  indexed: [string, IndexedFile][];
}

export class ArticlePages {
  /** The batches this thread scanned and has not rendered yet, in the order it scanned them. */
  private readonly scanned = new Map<number, ScannedFile<ArticleFrontMatter>[]>();
  private renderer?: { setup: ArticleSetup; render: PageRenderer };

  /** `files`: this thread's reader of Markdown files, through the content index. */
  constructor(private readonly files: MarkdownFiles) {}

  /** The order to render in, asked once this thread has scanned and before it renders: its own batches, then the others' from the last. */
  renderOrder(count: number): number[] {
    const others = Array.from({ length: count }, (_, index) => count - 1 - index).filter(
      (batch) => !this.scanned.has(batch),
    );
    return [...this.scanned.keys(), ...others];
  }

  /** The first pass over a batch: its articles' front matter and bodies' links, for the site model. */
  scan(batch: number, paths: readonly string[]): ScannedBatch {
    const articles = this.read(paths);
    this.scanned.set(batch, articles);
    const indexed = articles.flatMap(({ body }): [string, IndexedFile][] => {
      const entry = this.files.changed.get(body.key);
      return entry ? [[body.key, entry]] : [];
    });
    return { articles, indexed };
  }

  /** Takes a batch another thread scanned, so that rendering it reads nothing again (unless its bodies are in no pack). */
  adopt(batch: number, { articles, indexed }: ScannedBatch): void {
    if (!this.scanned.has(batch) && this.files.adopt(articles, indexed)) this.scanned.set(batch, articles);
  }

  /** The second pass: renders the pages of a batch, scanned here or by another thread, to disk. */
  async render(batch: number, paths: readonly string[], setup: ArticleSetup): Promise<RenderedBatch> {
    const { before, manifest } = setup;
    const scriptsFor = (markers: ScriptMarker[]) => scriptsForManifest(manifest, markers);
    const rendered: RenderedBatch = { pages: [], indexed: [] };
    // A batch's pages are written before the route table is checked, as soon as the batch is scanned.
    const pages = this.take(batch, paths).flatMap(({ data, file, body }) => {
      const route = articleRoute(Object.assign({}, data, { file, body }), setup.context);
      return route ? [{ route, body }] : [];
    });
    refusePublicFilesIn(
      setup.publicFiles,
      pages.map(({ route }) => route.file),
    );
    for (const { route, body } of pages) {
      const fingerprint = before ? pageFingerprint(before.shared, before.templateVersion, route) : undefined;
      const previous = before?.pages[route.path];
      if (fingerprint && unchangedSince(previous, fingerprint, scriptsFor)) {
        rendered.pages.push({
          path: route.path,
          markers: previous!.markers,
          scripts: previous!.scripts,
          bytes: 0,
          fingerprint,
          unchanged: true,
        });
        continue;
      }
      // The renderer is loaded with the first page that is rendered, not before: a build may render none.
      const render = await this.rendererFor(setup);
      const scanned = this.files.changed.get(body.key);
      const page = render(route, this.files.html(body));
      const kept = this.files.changed.get(body.key);
      if (kept !== scanned) rendered.indexed.push([body.key, kept!]);
      const written = writePage(setup.outDir, route.file, page.pieces, page.bodyPiece);
      const summary: RenderSummary = {
        path: route.path,
        markers: page.markers,
        scripts: page.scripts,
        bytes: written.bytes,
        bodySpan: written.bodySpan,
      };
      if (fingerprint) summary.fingerprint = fingerprint;
      rendered.pages.push(summary);
    }
    return rendered;
  }

  /** A batch's articles as this thread scanned them, or scanned now. */
  private take(batch: number, paths: readonly string[]): ScannedFile<ArticleFrontMatter>[] {
    const scanned = this.scanned.get(batch);
    if (!scanned) return this.read(paths);
    this.scanned.delete(batch);
    return scanned;
  }

  private read(paths: readonly string[]): ScannedFile<ArticleFrontMatter>[] {
    return paths.map((path) => this.files.scan(path, articleFrontMatterSchema));
  }

  private async rendererFor(setup: ArticleSetup): Promise<PageRenderer> {
    if (this.renderer?.setup !== setup) {
      // Loaded with the first page, not at start-up: the scan comes first, and needs none of it.
      const [{ createPageRenderer }, templates] = await Promise.all([
        import('../render/render-page'),
        import(setup.templatesUrl) as Promise<TemplateModule>,
      ]);
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
  scanned(batch: number, scanned: ScannedBatch): void;
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

/**
 * The main thread's pass while the workers scan: it renders each batch as
 * soon as a thread has scanned it, taking what that thread reported, and
 * scans a batch itself (and renders it) only when none is waiting. Returns
 * once every batch has been taken to scan: the rest of the site is made next.
 */
export async function renderAsScanned(
  pages: ArticlePages,
  board: BatchBoard,
  setup: ArticleSetup,
  report: BatchReport,
  reported: ReadonlyMap<number, ScannedBatch>,
): Promise<void> {
  while (!board.allTakenToScan()) {
    let batch = [...reported.keys()].find((each) => board.claimRender(each));
    if (batch === undefined) {
      batch = board.nextToScan();
      if (batch === undefined) return;
      report.scanned(batch, pages.scan(batch, board.pathsOf(batch)));
      board.markScanned(batch);
      if (!board.claimRender(batch)) continue;
    }
    await renderClaimed(pages, batch, board, setup, report, reported);
    await nextTurn();
  }
}

/**
 * Renders every scanned batch that no other thread has taken, in
 * ArticlePages.renderOrder. `reported`: what the threads reported
 * scanning, on the thread they report to (the main thread).
 */
export async function renderBatches(
  pages: ArticlePages,
  board: BatchBoard,
  setup: ArticleSetup,
  report: BatchReport,
  reported: ReadonlyMap<number, ScannedBatch> = new Map(),
): Promise<void> {
  for (const batch of pages.renderOrder(board.count)) {
    if (!board.claimRender(batch)) continue;
    await renderClaimed(pages, batch, board, setup, report, reported);
    await nextTurn();
  }
}

/** Renders a batch this thread has claimed, with what the thread that scanned it reported, if another did. */
async function renderClaimed(
  pages: ArticlePages,
  batch: number,
  board: BatchBoard,
  setup: ArticleSetup,
  report: BatchReport,
  reported: ReadonlyMap<number, ScannedBatch>,
): Promise<void> {
  const scanned = reported.get(batch);
  if (scanned) pages.adopt(batch, scanned);
  report.rendered(batch, await pages.render(batch, board.pathsOf(batch), setup));
}
