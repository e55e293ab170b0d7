/**
 * The site as the build stages leave it, kept between updates. The first
 * update runs every stage; later ones (the dev server after an edit) run only
 * the stages the changed files feed, and render only the pages whose inputs
 * changed: their props and <head>, the sources of their template and of the
 * layout, the stylesheet's URL and the scripts they load.
 */
import { sep } from 'node:path';
import { assetKey, readAssets, writeAssets, type BuiltAssets } from './assets/asset-cache';
import { bundleClientScripts, type ClientScripts } from './assets/client-scripts';
import { compileTemplates, type CompiledTemplates } from './assets/compile-templates';
import { buildStylesheet, type Stylesheet } from './assets/styles';
import type { BuildConfig } from './config';
import { contentHash } from './hash';
import { formatBytes } from './log';
import { loadArticles, loadSiteData, withArticles } from './content/load-site';
import type { SiteModel } from './content/model';
import { ContentCache } from './content/read-content';
import { headersFile, robotsTxt, sitemapXml } from './output/site-files';
import type { SiteFile } from './output/write-site';
import { writePage } from './output/write-page';
import { pageFingerprint, unchangedSince } from './render/page-fingerprint';
import { createPageRenderer, pageHtml, type RenderedPage } from './render/render-page';
import { articleRouteContext, createLayout, createRoutes, type Route } from './routes';
import { checkContentLinks, validateRoutes } from './validate-routes';
import { BuildWorkers } from './workers/build-workers';
import type { ArticleSetup, RenderSummary } from './workers/article-pages';

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
  /**
   * The generator's version (generator-version.ts): with it, the first update
   * takes the stylesheet, bundles and templates from the asset cache when the
   * code they are made from is unchanged since the last build.
   */
  generator?: string;
  /** Where pages are written as they render; without it they are kept in memory (dev). */
  renderTo?: string;
  /** Told when a stage starts running, with a line about what it made when it ends. */
  onStage?: (stage: Stage, detail: string, ms: number) => void;
  /** Told as pages render, for a progress line on large sites. */
  onProgress?: (done: number, total: number) => void;
}

export interface StoredPage extends Omit<RenderedPage, 'pieces'> {
  route: Route;
  /** What the page was rendered from, apart from its scripts (checked separately); empty when not remembered. */
  fingerprint: string;
  bytes: number;
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

export class SiteBuilder {
  private workers?: BuildWorkers;
  private readonly content = new ContentCache();
  private model?: SiteModel;
  private stylesheet?: Stylesheet;
  private scripts?: ClientScripts;
  private templates?: CompiledTemplates;
  private readonly pages = new Map<string, StoredPage>();
  private siteFiles: SiteFile[] = [];

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
    const config = this.config;
    const paths = changed ? [...changed] : undefined;
    const { workerUrl, renderTo } = this.options;
    // On a large site the threads start now, while this one loads the rest: their start-up is then free.
    if (!paths && workerUrl && renderTo && !this.workers) this.workers = BuildWorkers.start(config.contentDir, config.root, workerUrl);
    const workers = renderTo ? this.workers : undefined;
    const under = (dir: string) => !paths || paths.some((path) => path === dir || path.startsWith(dir + sep));
    const hashed = !this.options.dev;
    const feedsBrowser = under(config.islandsDir) || under(config.sharedDir);
    const stages: UpdateResult['stages'] = {};
    const timed = async <T>(stage: Stage, work: () => Promise<T>, detail: (value: T) => string): Promise<T> => {
      const started = performance.now();
      const value = await work();
      stages[stage] = performance.now() - started;
      this.options.onStage?.(stage, detail(value), stages[stage]);
      return value;
    };

    // The articles are read apart from the rest of content/ (by the workers, on a large site): their pages can start
    // rendering as soon as the rest of the site is known, while this thread puts the model together.
    const reloadContent = !this.model || under(config.contentDir);
    const contentStarted = performance.now();
    const articles = reloadContent ? loadArticles(config.contentDir, config.root, this.content, workers?.readArticles) : undefined;
    // Awaited below; until then a failure must not count as unhandled.
    articles?.catch(() => undefined);

    // The stages that do not depend on each other run side by side: their cost is mostly loading their libraries.
    const builtAssets = async (): Promise<BuiltAssets> => {
      const [stylesheet, scripts, templates] = await Promise.all([
        // Tailwind sees the classes of templates and islands, so either can change the CSS.
        !this.stylesheet || under(config.templatesDir) || feedsBrowser
          ? timed('styles', () => buildStylesheet(config, { hashed }), (sheet) => `${sheet.file} ${formatBytes(sheet.css.length)}`)
          : this.stylesheet,
        !this.scripts || feedsBrowser
          ? timed('islands', () => bundleClientScripts(config, { hashed }), (bundle) => `${bundle.files.length} scripts, ${formatBytes(bundle.files.reduce((sum, file) => sum + file.content.length, 0))}`)
          : this.scripts,
        // Templates render the islands' first paint, so both feed them.
        !this.templates || under(config.templatesDir) || feedsBrowser ? timed('templates', () => compileTemplates(config), () => 'compiled') : this.templates,
      ]);
      return { stylesheet, scripts, templates };
    };
    const [data, { stylesheet, scripts, templates }] = await Promise.all([
      reloadContent ? loadSiteData(config.contentDir, config.root, this.content) : this.model!,
      this.options.generator && !this.stylesheet ? this.cachedAssets(this.options.generator, hashed, builtAssets, stages) : builtAssets(),
    ]);

    const layout = createLayout(data);
    const extraScripts = this.options.dev ? [reloadClientPath] : [];
    const shared = `${templates.layoutVersion}\0${contentHash(JSON.stringify(layout))}\0${stylesheet.file}`;
    const fingerprintOf = (route: Route) => (this.options.remember ? pageFingerprint(shared, templates.versions[route.kind], route) : '');

    const renderStarted = performance.now();
    let done = 0;
    let total = 0;
    const progress = (pages: number) => {
      done += pages;
      if (total) this.options.onProgress?.(done, total);
    };
    // The articles' pages render now, on the workers, while this thread scans its share and then puts the model and the route table together.
    const articlePages =
      articles &&
      workers?.renderArticles(
        {
          templatesUrl: templates.moduleUrl,
          layout,
          stylesheet: `/${stylesheet.file}`,
          manifest: scripts.manifest,
          extraScripts,
          outDir: renderTo!,
          context: articleRouteContext(data, config.siteUrl),
          before: this.options.remember ? { shared, templateVersion: templates.versions.Article, pages: this.renderedBefore() } : undefined,
        },
        progress,
      );

    const model = articles ? withArticles(data, await articles) : this.model!;
    if (articles) {
      stages.content = performance.now() - contentStarted;
      this.options.onStage?.('content', `${model.articles.length} articles, ${model.trades.length} trades, ${model.servicePages.length} services`, stages.content);
    }
    const { routes, siteUrl } = createRoutes(model, { siteUrl: config.siteUrl, endpoint: leadEndpoint(config) });
    validateRoutes(model, routes);
    total = routes.length;

    const next = new Map<string, StoredPage>();
    const rendered: string[] = [];
    const render = createPageRenderer(templates.module, layout, { stylesheet: `/${stylesheet.file}`, scriptsFor: scripts.scriptsFor, extraScripts });
    for (const route of routes) {
      if (route.renderedOnRead) continue;
      const fingerprint = fingerprintOf(route);
      const previous = this.pages.get(route.path);
      // A page keeps its HTML only if nothing it was rendered from changed, its scripts included.
      if (unchangedSince(previous, fingerprint, scripts.scriptsFor)) {
        next.set(route.path, { ...previous!, route });
        continue;
      }
      const page = render(route);
      const stored: StoredPage = { route, fingerprint, markers: page.markers, scripts: page.scripts, bytes: 0 };
      // Written now when there is a folder for it, so that writing overlaps the workers' rendering; kept otherwise (dev).
      if (renderTo) stored.bytes = writePage(renderTo, route.file, page.pieces);
      else {
        stored.html = pageHtml(page.pieces);
        stored.bytes = Buffer.byteLength(stored.html);
      }
      next.set(route.path, stored);
      rendered.push(route.path);
      if (rendered.length % 100 === 0) progress(100);
    }
    progress(rendered.length % 100);
    if (articlePages) {
      const byPath = new Map(routes.map((route) => [route.path, route]));
      const { pages, links } = await articlePages.finish();
      // The articles' bodies were read as their pages rendered: only now are their links known.
      checkContentLinks(routes, links, byPath);
      for (const summary of pages) {
        const route = byPath.get(summary.path)!;
        next.set(summary.path, summary.unchanged ? { ...this.pages.get(summary.path)!, route } : storedFrom(route, summary));
        if (!summary.unchanged) rendered.push(summary.path);
      }
    }
    stages.render = performance.now() - renderStarted;
    this.options.onStage?.('render', `${rendered.length} of ${routes.length} pages`, stages.render);

    // Nothing is kept until everything succeeded: a failed update leaves the last good site.
    const removed = [...this.pages.values()].filter((page) => !next.has(page.route.path)).map((page) => page.route.file);
    this.model = model;
    this.stylesheet = stylesheet;
    this.scripts = scripts;
    this.templates = templates;
    this.pages.clear();
    // In route order, as the report lists them.
    for (const route of routes) this.pages.set(route.path, next.get(route.path)!);
    this.siteFiles = [
      { path: 'sitemap.xml', content: sitemapXml(routes) },
      { path: 'robots.txt', content: robotsTxt(siteUrl) },
      { path: '_headers', content: headersFile({ supabaseUrl: config.supabase.url, hashedAssets: hashed }) },
    ];
    return { routes, rendered, removed, stages };
  }

  /** Every file of the site held in memory (public/ aside, which is copied or served as is; and pages already written to disk). */
  files(): SiteFile[] {
    if (!this.stylesheet || !this.scripts) return [];
    return [
      ...[...this.pages.values()].flatMap((page) => (page.html === undefined ? [] : [{ path: page.route.file, content: page.html }])),
      ...this.scripts.files,
      { path: this.stylesheet.file, content: this.stylesheet.css },
      ...this.siteFiles,
    ];
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
      this.pages.set(path, { route, fingerprint: page.fingerprint, markers: page.markers, scripts: page.scripts, bytes: page.bytes });
    }
  }

  /** Stops the worker threads, if any were started. */
  async close(): Promise<void> {
    await this.workers?.close();
    this.workers = undefined;
  }

  /** The first update's assets, from the asset cache when the code they are made from has not changed since the last build. */
  private async cachedAssets(generator: string, hashed: boolean, build: () => Promise<BuiltAssets>, stages: UpdateResult['stages']): Promise<BuiltAssets> {
    const started = performance.now();
    const key = await assetKey(this.config, generator, hashed);
    const cached = await readAssets(this.config, key);
    if (!cached) {
      const assets = await build();
      await writeAssets(this.config, key, assets);
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
    return Object.fromEntries([...this.pages].map(([path, page]) => [path, { fingerprint: page.fingerprint, markers: page.markers, scripts: page.scripts }]));
  }
}

function storedFrom(route: Route, summary: RenderSummary): StoredPage {
  return { route, fingerprint: summary.fingerprint ?? '', markers: summary.markers, scripts: summary.scripts, bytes: summary.bytes };
}

/** Where forms send leads: the Supabase project, or this site's own origin (answered by preview and dev). */
export function leadEndpoint(config: BuildConfig) {
  return config.supabase.url ? { url: `${config.supabase.url}/functions/v1`, anonKey: config.supabase.anonKey } : { url: '/functions/v1', anonKey: '' };
}
