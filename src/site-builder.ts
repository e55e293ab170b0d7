/**
 * The site as the build stages leave it, kept between updates. The first
 * update runs every stage; later ones (the dev server after an edit) run only
 * the stages the changed files feed, and render only the pages whose inputs
 * changed: their props and <head>, the sources of their template and of the
 * layout, the stylesheet's URL and the scripts they load.
 */
import { sep } from 'node:path';
import { bundleClientScripts, type ClientScripts } from './assets/client-scripts';
import { compileTemplates, type CompiledTemplates } from './assets/compile-templates';
import { buildStylesheet, type Stylesheet } from './assets/styles';
import type { BuildConfig } from './config';
import { contentHash } from './hash';
import { formatBytes } from './log';
import { loadSite, type ParseMarkdown } from './content/load-site';
import type { SiteModel } from './content/model';
import { ContentCache, readMarkdown } from './content/read-content';
import { frontMatterSchemas } from './content/schemas';
import { headersFile, robotsTxt, sitemapXml } from './output/site-files';
import type { SiteFile } from './output/write-site';
import { createPageRenderer, type RenderedPage } from './render/render-page';
import { createRoutes, type Route } from './routes';
import { validateRoutes } from './validate-routes';
import { deserializeError, type SerializedError } from './workers/errors';
import type { ParsedMarkdown, RenderSummary, WorkerTask } from './workers/site-worker';
import { parallelFrom, startBuildWorkers } from './workers/build-workers';
import { WorkerPool } from './workers/worker-pool';

export type Stage = 'content' | 'styles' | 'islands' | 'templates' | 'render';

export interface SiteBuilderOptions {
  /** Stable asset names and the reload client, for `sitegen dev`. */
  dev?: boolean;
  /** Keep what each page was rendered from, so the next update renders only what changed (dev, incremental builds). */
  remember?: boolean;
  /** The compiled build worker (lib/site-worker.js): with it, a large site is parsed and rendered on every core. */
  workerUrl?: URL;
  /** Build workers the caller has already started (see build-workers.ts). */
  workers?: WorkerPool;
  /** Where render workers write pages; without it, pages come back to be kept in memory. */
  renderTo?: string;
  /** Told when a stage starts running, with a line about what it made when it ends. */
  onStage?: (stage: Stage, detail: string, ms: number) => void;
  /** Told as pages render, for a progress line on large sites. */
  onProgress?: (done: number, total: number) => void;
}

export interface StoredPage extends Omit<RenderedPage, 'html'> {
  route: Route;
  /** What the page was rendered from, apart from its scripts (checked separately); empty when not remembered. */
  fingerprint: string;
  bytes: number;
  /** The page's HTML, unless a worker has already written it to disk. */
  html?: string;
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

let updates = 0;

export class SiteBuilder {
  private pool?: WorkerPool;
  /** Names this update, for what workers keep between its tasks. */
  private updateKey = '';
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
    this.pool = options.workers;
  }

  /**
   * Brings the site up to date with the files on disk. `changed` names the
   * files that changed (absolute paths); without it every stage runs.
   * A failure leaves the previous state in place, so the next update can recover.
   */
  async update(changed?: Iterable<string>): Promise<UpdateResult> {
    const config = this.config;
    this.updateKey = `${process.pid}-${(updates += 1)}`;
    const paths = changed ? [...changed] : undefined;
    // On a large site the threads start now, while this one loads the rest: their start-up is then free.
    if (!paths && this.options.workerUrl && !this.pool) this.pool = startBuildWorkers(config.contentDir, this.options.workerUrl);
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

    // The stages that do not depend on each other run side by side: their cost is mostly loading their libraries.
    const [model, stylesheet, scripts, templates] = await Promise.all([
      !this.model || under(config.contentDir)
        ? timed('content', () => loadSite(config.contentDir, config.root, this.content, this.parallelMarkdown()), (site) => `${site.articles.length} articles, ${site.trades.length} trades, ${site.servicePages.length} services`)
        : this.model,
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

    const { routes, layout, siteUrl } = createRoutes(model, { siteUrl: config.siteUrl, endpoint: leadEndpoint(config) });
    validateRoutes(model, routes);

    const extraScripts = this.options.dev ? [reloadClientPath] : [];
    const shared = `${templates.layoutVersion}\0${contentHash(JSON.stringify(layout))}\0${stylesheet.file}`;
    const fingerprintOf = (route: Route) =>
      this.options.remember ? contentHash(`${shared}\0${templates.versionOf(route.kind)}\0${JSON.stringify(route.head)}\0${JSON.stringify(route.props)}`) : '';
    const next = new Map<string, StoredPage>();
    const toRender: { route: Route; fingerprint: string }[] = [];
    const started = performance.now();
    for (const route of routes) {
      const fingerprint = fingerprintOf(route);
      const previous = this.pages.get(route.path);
      // A page keeps its HTML only if nothing it was rendered from changed, its scripts included.
      if (previous && fingerprint && previous.fingerprint === fingerprint && sameScripts(previous.scripts, scripts.scriptsFor(previous.markers))) {
        next.set(route.path, { ...previous, route });
      } else {
        toRender.push({ route, fingerprint });
      }
    }
    const setup = { key: this.updateKey, templatesUrl: templates.moduleUrl, layout, stylesheet: `/${stylesheet.file}`, manifest: scripts.manifest, extraScripts };
    // A page whose Markdown HTML a worker holds must render there, however few pages there are.
    const pool = toRender.length >= parallelFrom || toRender.some((item) => item.route.renderOn !== undefined) ? this.workers() : undefined;
    const summaries = pool
      ? await this.renderInWorkers(pool, setup, toRender.map((item) => item.route), routes.length)
      : this.renderHere(templates, scripts, setup, toRender.map((item) => item.route), routes.length);
    toRender.forEach(({ route, fingerprint }, index) => {
      const { path: _, ...page } = summaries[index]!;
      next.set(route.path, { ...page, route, fingerprint });
    });
    const rendered = toRender.map((item) => item.route.path);
    stages.render = performance.now() - started;
    this.options.onStage?.('render', `${rendered.length} of ${routes.length} pages`, stages.render);

    // Nothing is kept until everything succeeded: a failed update leaves the last good site.
    const removed = [...this.pages.values()].filter((page) => !next.has(page.route.path)).map((page) => page.route.file);
    this.model = model;
    this.stylesheet = stylesheet;
    this.scripts = scripts;
    this.templates = templates;
    this.pages.clear();
    for (const [path, page] of next) this.pages.set(path, page);
    this.siteFiles = [
      { path: 'sitemap.xml', content: sitemapXml(routes) },
      { path: 'robots.txt', content: robotsTxt(siteUrl) },
      { path: '_headers', content: headersFile({ supabaseUrl: config.supabase.url, hashedAssets: hashed }) },
    ];
    return { routes, rendered, removed, stages };
  }

  /** Every file of the site held in memory (public/ aside, which is copied or served as is; and pages workers wrote to disk). */
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
  seed(pages: Record<string, { fingerprint: string; markers: StoredPage['markers']; scripts: StoredPage['scripts']; bytes: number; file: string }>): void {
    for (const [path, page] of Object.entries(pages)) {
      // Only reached through update(), which replaces the route of every page it keeps.
      const route = { path, file: page.file } as Route;
      this.pages.set(path, { route, fingerprint: page.fingerprint, markers: page.markers, scripts: page.scripts, bytes: page.bytes });
    }
  }

  /** Stops the worker threads, if any were started. */
  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }

  private workers(): WorkerPool | undefined {
    if (!this.pool && this.options.workerUrl) this.pool = new WorkerPool(this.options.workerUrl);
    return this.pool;
  }

  private parallelMarkdown(): ParseMarkdown | undefined {
    if (!this.options.workerUrl && !this.pool) return undefined;
    return async (requests) => {
      const pool = requests.length >= parallelFrom ? this.workers() : undefined;
      if (!pool) return Promise.all(requests.map((request) => readMarkdown(request.path, request.file, frontMatterSchemas[request.kind], this.content)));
      // Worker i parses batches i, i + size, …, keeps their HTML, and later renders their pages.
      const batches = await Promise.all(
        batchesOf(requests, pool.size).map(async (batch, index) => {
          const worker = index % pool.size;
          const docs = await runTask<ParsedMarkdown[]>(pool, { type: 'markdown', requests: batch, keep: this.updateKey, fingerprint: this.options.remember }, worker);
          return docs.map((doc) => ({ ...doc, worker }));
        }),
      );
      return batches.flat();
    };
  }

  private async renderInWorkers(pool: WorkerPool, setup: RenderSetupOf, routes: Route[], total: number): Promise<RenderSummary[]> {
    let done = 0;
    const render = async (batch: Route[], worker?: number) => {
      const summaries = await runTask<RenderSummary[]>(pool, { type: 'render', setup, routes: batch, outDir: this.options.renderTo ?? null }, worker);
      done += batch.length;
      this.options.onProgress?.(done, total);
      return summaries;
    };
    // Pages whose HTML a worker kept go to that worker; the rest to whichever is free.
    const byWorker = new Map<number | undefined, Route[]>();
    for (const route of routes) {
      const group = byWorker.get(route.renderOn);
      if (group) group.push(route);
      else byWorker.set(route.renderOn, [route]);
    }
    const results = new Map<string, RenderSummary>();
    await Promise.all(
      [...byWorker].flatMap(([worker, group]) =>
        batchesOf(group, pool.size).map(async (batch) => {
          for (const summary of await render(batch, worker)) results.set(summary.path, summary);
        }),
      ),
    );
    return routes.map((route) => results.get(route.path)!);
  }

  private renderHere(templates: CompiledTemplates, scripts: ClientScripts, setup: RenderSetupOf, routes: Route[], total: number): RenderSummary[] {
    const render = createPageRenderer(templates.module, setup.layout, { stylesheet: setup.stylesheet, scriptsFor: scripts.scriptsFor, extraScripts: setup.extraScripts });
    return routes.map((route, index) => {
      const page = render(route);
      if ((index + 1) % 100 === 0) this.options.onProgress?.(index + 1, total);
      return { path: route.path, markers: page.markers, scripts: page.scripts, bytes: Buffer.byteLength(page.html), html: page.html };
    });
  }
}

type RenderSetupOf = Extract<WorkerTask, { type: 'render' }>['setup'];

async function runTask<T>(pool: WorkerPool, task: WorkerTask, worker?: number): Promise<T> {
  try {
    return await (worker === undefined ? pool.run<T>(task) : pool.runOn<T>(worker, task));
  } catch (error) {
    throw error && typeof error === 'object' && 'kind' in error ? deserializeError(error as SerializedError) : error;
  }
}

/** Work cut into enough batches for the threads to share it evenly as they finish at different speeds. */
function batchesOf<T>(items: T[], threads: number): T[][] {
  const size = Math.min(256, Math.max(16, Math.ceil(items.length / (threads * 8))));
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** Where forms send leads: the Supabase project, or this site's own origin (answered by preview and dev). */
export function leadEndpoint(config: BuildConfig) {
  return config.supabase.url ? { url: `${config.supabase.url}/functions/v1`, anonKey: config.supabase.anonKey } : { url: '/functions/v1', anonKey: '' };
}

function sameScripts(a: RenderedPage['scripts'], b: RenderedPage['scripts']): boolean {
  return a.modules.join() === b.modules.join() && a.preloads.join() === b.preloads.join();
}

