/**
 * The site as the build stages leave it, kept between updates. The first
 * update runs every stage; later ones (the dev server after an edit) run only
 * the stages the changed files feed, and render only the pages whose inputs
 * changed: their props and <head>, the sources of their template and of the
 * layout, the stylesheet's URL and the scripts they load.
 */
import { isInside, listFiles } from './list-files';
import { assetKey, readAssets, writeAssets, type BuiltAssets } from './assets/asset-cache';
import { bundleClientScripts, type ClientScripts } from './assets/client-scripts';
import { compileTemplates, type CompiledTemplates } from './assets/compile-templates';
import { buildStylesheet } from './assets/styles';
import type { BuildConfig } from './config';
import { contentHash } from './hash';
import { formatBytes } from './log';
import { ContentIndex, type IndexedFile } from './content/content-index';
import { loadArticles, loadSiteData, rereadArticles, withArticles, type ParsedArticle } from './content/load-site';
import { articleFolder, markdownSource, type MarkdownSource } from './content/content-files';
import { MarkdownFiles } from './content/markdown-files';
import type { SiteData, SiteModel } from './content/model';
import { ContentCache } from './content/read-content';
import { headersFile, robotsTxt, sitemapXml } from './output/site-files';
import type { SiteFile } from './output/write-site';
import { writePage } from './output/write-page';
import { pathForFile } from './paths';
import { pageFingerprint, unchangedSince } from './render/page-fingerprint';
import { samePageScripts } from './assets/script-manifest';
import {
  createPageRenderer,
  pageHtml,
  type BodySpan,
  type PageRenderer,
  type RenderedPage,
} from './render/render-page';
import { articleRouteContext, createLayout, createRoutes, KeptRoutes, type Route } from './routes';
import { validateRoutes } from './validate-routes';
import { BuildWorkers } from './workers/build-workers';
import type { ArticleSetup, RenderSummary } from './workers/article-pages';
import type { Layout } from '../templates/layout/types';

export type Stage = 'content' | 'styles' | 'islands' | 'templates' | 'render';

export interface SiteBuilderOptions {
  /** Stable asset names and the reload client, for `sitegen dev`. */
  dev?: boolean;
  /** Keep what each page was rendered from, so the next update renders only what changed (dev, incremental builds). */
  remember?: boolean;
  /**
   * The compiled build worker (lib/site-worker.js): with it and `renderTo`, a
   * site of many articles reads them and renders their pages on every core.
   */
  workerUrl?: URL;
  /** Build workers the caller has already started (see build-workers.ts). */
  workers?: BuildWorkers;
  /** A build's interrupt (cli.ts): the threads this builder starts stop when it fires. */
  interrupt?: AbortSignal;
  /**
   * The generator's version (generator-version.ts): with it, the first update
   * takes the stylesheet, bundles and templates from the asset cache when the
   * code they are made from is unchanged since the last build.
   */
  generator?: string;
  /** Where pages are written as they render; without it they are kept in memory (dev). */
  renderTo?: string;
  /**
   * Pages are rendered when first asked for (SiteBuilder.page), not by
   * update, and kept until what they are rendered from changes: the dev
   * server, which is ready before any page is rendered and renders the ones a
   * browser opens. Each is byte for byte the page a build writes.
   */
  lazy?: boolean;
  /** Told when a stage starts running, with a line about what it made when it ends. */
  onStage?: (stage: Stage, detail: string, ms: number) => void;
  /** Told as pages render, for a progress line on large sites. */
  onProgress?: (done: number, total: number) => void;
}

export interface StoredPage extends Omit<RenderedPage, 'pieces' | 'bodyPiece'> {
  route: Route;
  /** What the page was rendered from, apart from its scripts (checked separately); empty when not remembered. */
  fingerprint: string;
  bytes: number;
  /** Where a Markdown page's body is in its file, once written to disk. */
  bodySpan?: BodySpan;
  /** The page's HTML, unless it has been written to disk already (SiteBuilderOptions.renderTo). */
  html?: string;
}

/** A page an earlier build left on disk, as its manifest records it (see seed). */
export interface SeedPage {
  file: string;
  fingerprint: string;
  markers: StoredPage['markers'];
  scripts: StoredPage['scripts'];
  bytes: number;
  bodySpan?: BodySpan;
}

export interface UpdateResult {
  routes: Route[];
  /** Paths of the pages rendered by this update (all of them the first time). */
  rendered: string[];
  /** Files of pages that no longer exist. */
  removed: string[];
  stages: Partial<Record<Stage, number>>;
}

export const reloadClientPath = '/__sitegen/reload.js';

/** Which inputs an update starts from: everything, or only what the changed files feed. */
interface UpdatePlan {
  /** Whether anything under `dir` changed (always, on a first update or a whole build). */
  touches(dir: string): boolean;
  /** The changed files (absolute paths); undefined for a whole update. */
  changed?: ReadonlySet<string>;
  /** Whether the articles (content/blog/) are to be read again, and the rest of content/. */
  articles: boolean;
  siteData: boolean;
}

/** What every page of an update is rendered with. */
interface RenderSetup {
  assets: BuiltAssets;
  layout: Layout;
  extraScripts: string[];
  /** What a page was rendered from, for later updates to compare with (empty when not remembered). */
  fingerprintOf(route: Route): string;
  /** See pageFingerprint: the layout's sources and data, and the stylesheet. */
  shared: string;
  fingerprints: Fingerprints;
}

/**
 * Page fingerprints (pageFingerprint) under one basis, what every page shares
 * and the templates' sources, kept by route: a route the route table kept (an
 * unchanged article's) is not hashed again while the basis is the same.
 */
class Fingerprints {
  private readonly byRoute = new WeakMap<Route, string>();

  constructor(
    readonly basis: string,
    private readonly shared: string,
    private readonly versions: CompiledTemplates['versions'],
  ) {}

  of(route: Route): string {
    let fingerprint = this.byRoute.get(route);
    if (fingerprint === undefined)
      this.byRoute.set(route, (fingerprint = pageFingerprint(this.shared, this.versions[route.kind], route)));
    return fingerprint;
  }
}

/** How an update renders its pages (SiteBuilder.pageRendering). */
interface PageRendering {
  fingerprints: Fingerprints;
  /** The browser scripts the pages were rendered with: a page's scripts follow from its markers. */
  scripts: ClientScripts;
  render: PageRenderer;
}

/** The pages of an update, and the paths of those it rendered (or, when pages are rendered lazily, found changed). */
interface RenderedPages {
  /** In route order, as the report lists them. */
  pages: Map<string, StoredPage>;
  rendered: string[];
}

/** A page not rendered yet (SiteBuilderOptions.lazy). */
function unrendered(route: Route): StoredPage {
  return { route, fingerprint: '', markers: [], scripts: { modules: [], preloads: [] }, bytes: 0 };
}

export class SiteBuilder {
  private workers?: BuildWorkers;
  private readonly content = new ContentCache();
  private model?: SiteModel;
  private assets?: BuiltAssets;
  private pages = new Map<string, StoredPage>();
  /** sitemap.xml, robots.txt and _headers, made when first asked for: the dev server updates after every edit, and few updates are followed by a request for the sitemap. */
  private siteFiles: () => SiteFile[] = () => [];
  /** What the last update learnt of the Markdown files that the content index does not hold yet. */
  private indexChanges = new Map<string, IndexedFile>();
  private markdown?: MarkdownFiles;
  /** The articles as the last update read them. */
  private parsed: ParsedArticle[] = [];
  /** The files changed since the last update that succeeded. */
  private unsettled = new Set<string>();
  private readonly keptRoutes = new KeptRoutes();
  /** How the last update that succeeded rendered its pages: what pages are compared by, and the renderer of pages rendered when asked for. */
  private rendering?: PageRendering;

  constructor(
    readonly config: BuildConfig,
    private readonly options: SiteBuilderOptions = {},
  ) {
    this.workers = options.workers;
  }

  /**
   * Brings the site up to date with the files on disk. `changed` names the
   * files that changed (absolute paths); without it every stage runs.
   * A failure leaves the previous state in place, so the next update can recover.
   */
  async update(changed?: Iterable<string>): Promise<UpdateResult> {
    const plan = this.plan(changed);
    this.unsettled = new Set(plan.changed);
    const stages: UpdateResult['stages'] = {};
    // Kept between updates: it knows what it has read and kept (the dev server rereads only what changed).
    this.markdown ??= MarkdownFiles.open(this.markdownSource());
    const markdown = this.markdown;
    const workers = this.startWorkers(plan);
    const contentStarted = performance.now();
    // The asset builds start first: the articles are read here while the bundler works in its own process.
    const building = this.buildAssets(plan, stages);
    await building.launched;
    const articles = plan.articles ? this.readArticles(plan, markdown, workers) : undefined;
    const [data, assets] = await Promise.all([
      plan.siteData ? this.loadSiteData(markdown) : this.model!,
      building.built,
    ]);
    const setup = this.renderSetup(data, assets);
    const renderStarted = performance.now();
    const progress = this.progress();
    const publicFiles = listFiles(this.config.publicDir, { hidden: true });
    const articlePages =
      articles && workers?.renderArticles(this.articleSetup(data, setup, publicFiles), markdown, progress.add);
    const parsed = articles ? await articles : this.parsed;
    const model = plan.articles || plan.siteData ? withArticles(data, parsed, this.model?.articles) : this.model!;
    if (plan.articles || plan.siteData)
      this.stageDone(
        stages,
        'content',
        contentStarted,
        `${model.articles.length} articles, ${model.trades.length} trades, ${model.servicePages.length} services`,
      );
    const { routes, siteUrl } = createRoutes(model, {
      siteUrl: this.config.siteUrl,
      endpoint: leadEndpoint(this.config),
      kept: this.options.remember ? this.keptRoutes : undefined,
    });
    validateRoutes(model, routes, publicFiles);
    progress.total(routes.length);
    const rendering = this.pageRendering(setup);
    // On a large site the build workers (and this thread, once done here) render the articles' pages.
    const rendered = this.renderPages(
      routes,
      setup,
      rendering.render,
      progress.add,
      articlePages ? (route) => route.kind === 'Article' : () => false,
    );
    if (articlePages) await this.finishArticlePages(routes, articlePages, rendered);
    const indexChanges = new Map([...markdown.changed, ...(workers?.indexChanges() ?? [])]);
    this.stageDone(stages, 'render', renderStarted, `${rendered.rendered.length} of ${routes.length} pages`);
    // Nothing is kept until everything succeeded: a failed update leaves the last good site.
    const removed = this.keep(model, assets, routes, rendered.pages, siteUrl, indexChanges);
    this.rendering = rendering;
    this.parsed = parsed;
    this.unsettled.clear();
    return { routes, rendered: rendered.rendered, removed, stages };
  }

  private plan(changed: Iterable<string> | undefined): UpdatePlan {
    // The files of an update that failed are read again by the next, whatever it was told.
    const paths = changed && this.model ? new Set([...changed, ...this.unsettled]) : undefined;
    const touches = (dir: string) => !paths || [...paths].some((path) => isInside(dir, path));
    const blog = articleFolder(this.config.contentDir);
    return {
      changed: paths,
      touches,
      articles: touches(blog),
      siteData: !paths || [...paths].some((path) => isInside(this.config.contentDir, path) && !isInside(blog, path)),
    };
  }

  /** On a large site the threads start now, while this one loads the rest: their start-up is then free. */
  private startWorkers(plan: UpdatePlan): BuildWorkers | undefined {
    const { workerUrl, renderTo } = this.options;
    if (!plan.changed && workerUrl && renderTo && !this.workers)
      this.workers = BuildWorkers.start(this.markdownSource(), workerUrl, this.options.interrupt);
    return renderTo ? this.workers : undefined;
  }

  /**
   * The articles, read apart from the rest of content/ (by the workers, on a
   * large site): their pages can start rendering as soon as the rest of the
   * site is known, while this thread puts the model together.
   */
  private readArticles(
    plan: UpdatePlan,
    markdown: MarkdownFiles,
    workers: BuildWorkers | undefined,
  ): Promise<ParsedArticle[]> {
    const articles = plan.changed
      ? // Told which files changed (the dev server's watcher): only those are read again, and the others kept as they were.
        rereadArticles(this.config.contentDir, markdown, this.parsed, plan.changed)
      : loadArticles(this.config.contentDir, markdown, workers?.readArticles);
    // Awaited once the model is put together; until then a failure must not count as unhandled.
    articles.catch(() => undefined);
    return articles;
  }

  private loadSiteData(markdown: MarkdownFiles): Promise<SiteData> {
    return loadSiteData(this.config.contentDir, this.config.root, { cache: this.content, markdown });
  }

  /**
   * The stylesheet, the island bundles and the compiled templates: from the
   * asset cache on a first update whose code is unchanged since the last
   * build; otherwise only those the changed files feed are made again. They
   * run side by side: their cost is mostly loading their libraries.
   * `launched` settles once they are under way (or done, or failed).
   */
  private buildAssets(
    plan: UpdatePlan,
    stages: UpdateResult['stages'],
  ): { built: Promise<BuiltAssets>; launched: Promise<void> } {
    let launch!: () => void;
    const launched = new Promise<void>((resolve) => (launch = resolve));
    const built = this.makeAssets(plan, stages, launch);
    built.then(launch, launch);
    return { built, launched };
  }

  private async makeAssets(
    plan: UpdatePlan,
    stages: UpdateResult['stages'],
    launched: () => void,
  ): Promise<BuiltAssets> {
    const config = this.config;
    const hashed = !this.options.dev;
    const previous = this.assets;
    const feedsBrowser = plan.touches(config.islandsDir) || plan.touches(config.sharedDir);
    const timed = async <T>(stage: Stage, work: () => Promise<T>, detail: (value: T) => string): Promise<T> => {
      const started = performance.now();
      const value = await work();
      this.stageDone(stages, stage, started, detail(value));
      return value;
    };
    const build = async (): Promise<BuiltAssets> => {
      const building = Promise.all([
        // Tailwind sees the classes of templates and islands, so either can change the CSS.
        !previous || plan.touches(config.templatesDir) || feedsBrowser
          ? timed(
              'styles',
              () => buildStylesheet(config, { hashed }),
              (sheet) => `${sheet.file} ${formatBytes(sheet.css.length)}`,
            )
          : previous.stylesheet,
        !previous || feedsBrowser
          ? timed(
              'islands',
              () => bundleClientScripts(config, { hashed }),
              (bundle) =>
                `${bundle.files.length} scripts, ${formatBytes(bundle.files.reduce((sum, file) => sum + file.content.length, 0))}`,
            )
          : previous.scripts,
        // Templates render the islands' first paint, so both feed them.
        !previous || plan.touches(config.templatesDir) || feedsBrowser
          ? timed(
              'templates',
              () => compileTemplates(config),
              () => 'compiled',
            )
          : previous.templates,
      ]);
      launched();
      const [stylesheet, scripts, templates] = await building;
      return { stylesheet, scripts, templates };
    };
    return this.options.generator && !previous
      ? this.cachedAssets(this.options.generator, hashed, build, stages)
      : build();
  }

  private renderSetup(data: SiteData, assets: BuiltAssets): RenderSetup {
    const { templates, stylesheet } = assets;
    const layout = createLayout(data);
    const shared = `${templates.layoutVersion}\0${contentHash(JSON.stringify(layout))}\0${stylesheet.file}`;
    const basis = `${shared}\0${JSON.stringify(templates.versions)}`;
    const previous = this.rendering?.fingerprints;
    const fingerprints = previous?.basis === basis ? previous : new Fingerprints(basis, shared, templates.versions);
    return {
      assets,
      layout,
      fingerprints,
      extraScripts: this.options.dev ? [reloadClientPath] : [],
      shared,
      fingerprintOf: (route) => (this.options.remember ? fingerprints.of(route) : ''),
    };
  }

  /** How the build workers render the articles' pages: plain data, sent to each. */
  private articleSetup(
    data: SiteData,
    { assets, layout, extraScripts, shared }: RenderSetup,
    publicFiles: readonly string[],
  ): ArticleSetup {
    return {
      templatesUrl: assets.templates.moduleUrl,
      layout,
      stylesheet: `/${assets.stylesheet.file}`,
      manifest: assets.scripts.manifest,
      extraScripts,
      outDir: this.options.renderTo!,
      publicFiles,
      context: articleRouteContext(data, this.config.siteUrl),
      before: this.options.remember
        ? { shared, templateVersion: assets.templates.versions.Article, pages: this.renderedBefore() }
        : undefined,
    };
  }

  /** A count of rendered pages, for a progress line on a large site. */
  private progress() {
    let done = 0;
    let total = 0;
    return {
      total: (pages: number) => (total = pages),
      add: (pages: number) => {
        done += pages;
        if (total) this.options.onProgress?.(done, total);
      },
    };
  }

  /**
   * How an update renders its pages: as the last one did while what every
   * page is rendered with (templates, layout, stylesheet, scripts) is the
   * same, as the renderer renders the header and footer when it is made;
   * otherwise with a renderer made when first used.
   */
  private pageRendering(setup: RenderSetup): PageRendering {
    const { scripts, stylesheet, templates } = setup.assets;
    const last = this.rendering;
    if (last && last.fingerprints === setup.fingerprints && last.scripts === scripts) return last;
    let renderer: PageRenderer | undefined;
    const render: PageRenderer = (route, body) => {
      renderer ??= createPageRenderer(templates.module, setup.layout, {
        stylesheet: `/${stylesheet.file}`,
        scriptsFor: scripts.scriptsFor,
        extraScripts: setup.extraScripts,
      });
      return renderer(route, body);
    };
    return { fingerprints: setup.fingerprints, scripts, render };
  }

  /**
   * Renders every page this thread renders (all but the articles the workers
   * render), keeping a page as it was when nothing it was rendered from
   * changed. Pages are written as they render when there is a folder for
   * them, so that writing overlaps the workers' rendering; kept otherwise (dev).
   */
  private renderPages(
    routes: Route[],
    setup: RenderSetup,
    render: PageRenderer,
    progress: (pages: number) => void,
    renderedElsewhere: (route: Route) => boolean,
  ): RenderedPages {
    if (this.options.lazy) return this.deferPages(routes, setup);
    const { renderTo } = this.options;
    const { scripts } = setup.assets;
    const result: RenderedPages = { pages: new Map(), rendered: [] };
    for (const route of routes) {
      if (renderedElsewhere(route)) continue;
      const fingerprint = setup.fingerprintOf(route);
      const previous = this.pages.get(route.path);
      // A page keeps its HTML only if nothing it was rendered from changed, its scripts included.
      if (unchangedSince(previous, fingerprint, scripts.scriptsFor)) {
        result.pages.set(route.path, { ...previous!, route });
        continue;
      }
      const page = render(route, route.body && this.markdown!.html(route.body));
      const stored: StoredPage = {
        route,
        fingerprint,
        markers: page.markers,
        scripts: page.scripts,
        bytes: 0,
        bodySpan: undefined,
      };
      if (renderTo) {
        const written = writePage(renderTo, route.file, page.pieces, page.bodyPiece);
        stored.bytes = written.bytes;
        stored.bodySpan = written.bodySpan;
      } else {
        stored.html = pageHtml(page.pieces);
        stored.bytes = Buffer.byteLength(stored.html);
      }
      result.pages.set(route.path, stored);
      result.rendered.push(route.path);
      if (result.rendered.length % 100 === 0) progress(100);
    }
    progress(result.rendered.length % 100);
    return result;
  }

  /**
   * Pages rendered when asked for (SiteBuilderOptions.lazy): a page keeps its
   * HTML while nothing it was rendered from changed, and is otherwise left to
   * be rendered again when asked for. The pages found changed are counted as
   * rendered, for the dev server to say which pages an edit touched.
   */
  private deferPages(routes: Route[], setup: RenderSetup): RenderedPages {
    const { scriptsFor } = setup.assets.scripts;
    const result: RenderedPages = { pages: new Map(), rendered: [] };
    for (const route of routes) {
      const previous = this.pages.get(route.path);
      if (!previous) {
        result.pages.set(route.path, unrendered(route));
        result.rendered.push(route.path);
        continue;
      }
      // A page is compared by its fingerprint then and now; a route kept as it was under the same basis is the same page.
      const then = this.rendering!.fingerprints;
      const same =
        (then === setup.fingerprints && previous.route === route) ||
        then.of(previous.route) === setup.fingerprints.of(route);
      if (same && (previous.html === undefined || samePageScripts(previous.scripts, scriptsFor(previous.markers)))) {
        result.pages.set(route.path, previous.route === route ? previous : { ...previous, route });
        continue;
      }
      result.pages.set(route.path, unrendered(route));
      if (!same) result.rendered.push(route.path);
    }
    return result;
  }

  /**
   * A page's HTML, by its path: rendered now if it has not been since what it
   * is rendered from last changed (SiteBuilderOptions.lazy). Throws a
   * RenderError if its template fails; undefined for a path that is no page.
   */
  page(path: string): string | undefined {
    const stored = this.pages.get(path);
    if (!stored || stored.html !== undefined || !this.rendering) return stored?.html;
    const { route } = stored;
    const page = this.rendering.render(route, route.body && this.markdown!.html(route.body));
    const html = pageHtml(page.pieces);
    Object.assign(stored, { html, markers: page.markers, scripts: page.scripts, bytes: Buffer.byteLength(html) });
    return html;
  }

  /** A file of the site held in memory, by its path in the output (a page is rendered if need be: see page()). */
  file(path: string): string | Uint8Array | undefined {
    const page = pathForFile(path);
    if (page !== undefined && this.pages.get(page)?.route.file === path) return this.page(page);
    if (!this.assets) return undefined;
    const { scripts, stylesheet } = this.assets;
    if (path === stylesheet.file) return stylesheet.css;
    // The site files (the sitemap among them) are made only for a path that is none of the above.
    return (scripts.files.find((file) => file.path === path) ?? this.siteFiles().find((file) => file.path === path))
      ?.content;
  }

  /** The articles' pages the workers (and this thread) rendered. */
  private async finishArticlePages(
    routes: Route[],
    articlePages: { finish(): Promise<RenderSummary[]> },
    rendered: RenderedPages,
  ) {
    const byPath = new Map(routes.map((route) => [route.path, route]));
    const pages = await articlePages.finish();
    for (const summary of pages) {
      const route = byPath.get(summary.path)!;
      rendered.pages.set(
        summary.path,
        summary.unchanged ? { ...this.pages.get(summary.path)!, route } : storedFrom(route, summary),
      );
      if (!summary.unchanged) rendered.rendered.push(summary.path);
    }
    // Set as the threads finished: put back in route order.
    rendered.pages = new Map(routes.map((route) => [route.path, rendered.pages.get(route.path)!]));
  }

  /** Keeps what a successful update made, for the next update and for the output; returns the files of pages that are gone. */
  private keep(
    model: SiteModel,
    assets: BuiltAssets,
    routes: Route[],
    pages: Map<string, StoredPage>,
    siteUrl: string,
    indexChanges: Map<string, IndexedFile>,
  ): string[] {
    const removed: string[] = [];
    for (const [path, page] of this.pages) if (!pages.has(path)) removed.push(page.route.file);
    this.model = model;
    this.assets = assets;
    this.indexChanges = indexChanges;
    this.pages = pages;
    let siteFiles: SiteFile[] | undefined;
    this.siteFiles = () =>
      (siteFiles ??= [
        { path: 'sitemap.xml', content: sitemapXml(routes) },
        { path: 'robots.txt', content: robotsTxt(siteUrl) },
        {
          path: '_headers',
          content: headersFile({ supabaseUrl: this.config.supabase.url, hashedAssets: !this.options.dev }),
        },
      ]);
    return removed;
  }

  private stageDone(stages: UpdateResult['stages'], stage: Stage, started: number, detail: string): void {
    stages[stage] = performance.now() - started;
    this.options.onStage?.(stage, detail, stages[stage]);
  }

  /** Every file of the site held in memory (public/ aside, which is copied or served as is; and pages already written to disk). */
  files(): SiteFile[] {
    if (!this.assets) return [];
    const { scripts, stylesheet } = this.assets;
    return [
      ...[...this.pages.values()].flatMap((page) =>
        page.html === undefined ? [] : [{ path: page.route.file, content: page.html }],
      ),
      ...scripts.files,
      { path: stylesheet.file, content: stylesheet.css },
      ...this.siteFiles(),
    ];
  }

  private markdownSource(): MarkdownSource {
    return markdownSource(this.config, this.options.generator);
  }

  /**
   * Records what the last update learnt of the Markdown files in the content
   * index, for the next build: every Markdown file the site has now, as this
   * update found it or as the index held it. Nothing is written when nothing
   * changed. Says how many files changed and how many bodies were rendered.
   */
  writeContentIndex(): { files: number; changed: number; rendered: number } | undefined {
    const { index } = this.markdownSource();
    if (!index || !this.markdown || !this.model) return undefined;
    // The index as this builder loaded it: what the last build left.
    const previous = this.markdown.index.files;
    const keys = [
      ...this.parsed.map((article) => article.body.key),
      ...this.model.legalPages.map((page) => page.body.key),
    ];
    const files: Record<string, IndexedFile> = {};
    let changed = 0;
    let rendered = 0;
    for (const key of keys) {
      const entry = this.indexChanges.get(key) ?? previous[key];
      if (!entry) continue;
      files[key] = entry;
      if (entry.hash !== previous[key]?.hash) changed += 1;
      if (entry.body && entry.body.join() !== previous[key]?.body?.join()) rendered += 1;
    }
    if (this.indexChanges.size > 0 || keys.length !== Object.keys(previous).length)
      ContentIndex.write(index.cacheDir, this.config.contentDir, index.generator, files);
    return { files: keys.length, changed, rendered };
  }

  storedPages(): StoredPage[] {
    return [...this.pages.values()];
  }

  /**
   * Pages a previous build left on disk, with what they were rendered from
   * (an incremental build's manifest): the next update renders only pages
   * whose inputs differ. Their routes are filled in by that update.
   */
  seed(pages: Record<string, SeedPage>): void {
    for (const [path, page] of Object.entries(pages)) {
      // Only reached through update(), which replaces the route of every page it keeps.
      const route = { path, file: page.file } as Route;
      this.pages.set(path, {
        route,
        fingerprint: page.fingerprint,
        markers: page.markers,
        scripts: page.scripts,
        bytes: page.bytes,
        bodySpan: page.bodySpan,
      });
    }
  }

  /** Stops the worker threads, if any were started, and closes the files the builder reads. */
  async close(): Promise<void> {
    await this.workers?.close();
    this.workers = undefined;
    this.markdown?.close();
    this.markdown = undefined;
  }

  /** The first update's assets, from the asset cache when the code they are made from has not changed since the last build. */
  private async cachedAssets(
    generator: string,
    hashed: boolean,
    build: () => Promise<BuiltAssets>,
    stages: UpdateResult['stages'],
  ): Promise<BuiltAssets> {
    const started = performance.now();
    const key = await assetKey(this.config, generator, hashed);
    const cached = await readAssets(this.config, key, hashed);
    if (!cached) {
      const assets = await build();
      await writeAssets(this.config, key, hashed, assets);
      return assets;
    }
    const ms = performance.now() - started;
    const reused: [Stage, string][] = [
      ['styles', `${cached.stylesheet.file} ${formatBytes(cached.stylesheet.css.length)}`],
      ['islands', `${cached.scripts.files.length} scripts`],
      ['templates', 'compiled'],
    ];
    for (const [stage, detail] of reused) {
      stages[stage] = ms;
      this.options.onStage?.(stage, `${detail}, unchanged since the last build: reused`, ms);
    }
    return cached;
  }

  /** What every page was rendered from last time, for the threads rendering articles to compare with. */
  private renderedBefore(): NonNullable<ArticleSetup['before']>['pages'] {
    return Object.fromEntries(
      [...this.pages].map(([path, page]) => [
        path,
        { fingerprint: page.fingerprint, markers: page.markers, scripts: page.scripts },
      ]),
    );
  }
}

function storedFrom(route: Route, summary: RenderSummary): StoredPage {
  return {
    route,
    fingerprint: summary.fingerprint ?? '',
    markers: summary.markers,
    scripts: summary.scripts,
    bytes: summary.bytes,
    bodySpan: summary.bodySpan,
  };
}

/** Where forms send leads: the Supabase project, or this site's own origin (answered by preview and dev). */
export function leadEndpoint(config: BuildConfig) {
  return config.supabase.url
    ? { url: `${config.supabase.url}/functions/v1`, anonKey: config.supabase.anonKey }
    : { url: '/functions/v1', anonKey: '' };
}
