/**
 * The site as the build stages leave it, kept between updates. The first
 * update runs every stage; later ones (the dev server after an edit) run only
 * the stages the changed files feed, and render only the pages whose inputs
 * changed: their props and <head>, the sources of their template and of the
 * layout, the stylesheet's URL and the scripts they load.
 */
import { createHash } from 'node:crypto';
import { sep } from 'node:path';
import { bundleClientScripts, type ClientScripts } from './assets/client-scripts';
import { compileTemplates, type CompiledTemplates } from './assets/compile-templates';
import { buildStylesheet, type Stylesheet } from './assets/styles';
import type { BuildConfig } from './config';
import { loadSite } from './content/load-site';
import type { SiteModel } from './content/model';
import { ContentCache } from './content/read-content';
import { headersFile, robotsTxt, sitemapXml } from './output/site-files';
import type { SiteFile } from './output/write-site';
import { createPageRenderer, type RenderedPage } from './render/render-page';
import { createRoutes, type Route } from './routes';
import { validateRoutes } from './validate-routes';

export type Stage = 'content' | 'styles' | 'islands' | 'templates' | 'render';

export interface SiteBuilderOptions {
  /** Stable asset names and the reload client, for `sitegen dev`. */
  dev?: boolean;
  /** Told when a stage starts running, with a line about what it made when it ends. */
  onStage?: (stage: Stage, detail: string, ms: number) => void;
  /** Told as pages render, for a progress line on large sites. */
  onProgress?: (done: number, total: number) => void;
}

export interface StoredPage extends RenderedPage {
  route: Route;
  /** What the page was rendered from, apart from its scripts (checked separately). */
  fingerprint: string;
}

export interface UpdateResult {
  routes: Route[];
  /** Paths of the pages rendered by this update (all of them the first time). */
  rendered: string[];
  /** Paths of pages that no longer exist. */
  removed: string[];
  stages: Partial<Record<Stage, number>>;
}

export const reloadClientPath = '/__sitegen/reload.js';

export class SiteBuilder {
  private readonly content = new ContentCache();
  private model?: SiteModel;
  private stylesheet?: Stylesheet;
  private scripts?: ClientScripts;
  private templates?: CompiledTemplates;
  private readonly pages = new Map<string, StoredPage>();
  private siteFiles: SiteFile[] = [];
  private siteUrl = '';

  constructor(
    readonly config: BuildConfig,
    private readonly options: SiteBuilderOptions = {},
  ) {}

  /**
   * Brings the site up to date with the files on disk. `changed` names the
   * files that changed (absolute paths); without it every stage runs.
   * A failure leaves the previous state in place, so the next update can recover.
   */
  async update(changed?: Iterable<string>): Promise<UpdateResult> {
    const config = this.config;
    const paths = changed ? [...changed] : undefined;
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
        ? timed('content', () => loadSite(config.contentDir, config.root, this.content), (site) => `${site.articles.length} articles, ${site.trades.length} trades, ${site.servicePages.length} services`)
        : this.model,
      // Tailwind sees the classes of templates and islands, so either can change the CSS.
      !this.stylesheet || under(config.templatesDir) || feedsBrowser
        ? timed('styles', () => buildStylesheet(config, { hashed }), (sheet) => `${sheet.file} ${kilobytes(sheet.css.length)}`)
        : this.stylesheet,
      !this.scripts || feedsBrowser
        ? timed('islands', () => bundleClientScripts(config, { hashed }), (bundle) => `${bundle.files.length} scripts, ${kilobytes(bundle.files.reduce((sum, file) => sum + file.content.length, 0))}`)
        : this.scripts,
      // Templates render the islands' first paint, so both feed them.
      !this.templates || under(config.templatesDir) || feedsBrowser ? timed('templates', () => compileTemplates(config), () => 'compiled') : this.templates,
    ]);

    const { routes, layout, siteUrl } = createRoutes(model, { siteUrl: config.siteUrl, endpoint: leadEndpoint(config) });
    validateRoutes(model, routes);

    const renderPage = createPageRenderer(templates.module, layout, {
      stylesheet: `/${stylesheet.file}`,
      scriptsFor: scripts.scriptsFor,
      extraScripts: this.options.dev ? [reloadClientPath] : [],
    });
    const shared = `${templates.layoutVersion}\0${hashOf(JSON.stringify(layout))}\0${stylesheet.file}`;
    const next = new Map<string, StoredPage>();
    const rendered: string[] = [];
    const started = performance.now();
    for (const route of routes) {
      const fingerprint = hashOf(`${shared}\0${templates.versionOf(route.kind)}\0${JSON.stringify(route.head)}\0${JSON.stringify(route.props)}`);
      const previous = this.pages.get(route.path);
      // A page keeps its HTML only if nothing it was rendered from changed, its scripts included.
      if (previous && previous.fingerprint === fingerprint && sameScripts(previous.scripts, scripts.scriptsFor(previous.markers))) {
        next.set(route.path, previous);
        continue;
      }
      next.set(route.path, { ...renderPage(route), route, fingerprint });
      rendered.push(route.path);
      if (rendered.length % 100 === 0) this.options.onProgress?.(rendered.length, routes.length);
    }
    stages.render = performance.now() - started;
    this.options.onStage?.('render', `${rendered.length} of ${routes.length} pages`, stages.render);

    // Nothing is kept until everything succeeded: a failed update leaves the last good site.
    const removed = [...this.pages.keys()].filter((path) => !next.has(path));
    this.model = model;
    this.stylesheet = stylesheet;
    this.scripts = scripts;
    this.templates = templates;
    this.siteUrl = siteUrl;
    this.pages.clear();
    for (const [path, page] of next) this.pages.set(path, page);
    this.siteFiles = [
      { path: 'sitemap.xml', content: sitemapXml(routes) },
      { path: 'robots.txt', content: robotsTxt(siteUrl) },
      { path: '_headers', content: headersFile({ supabaseUrl: config.supabase.url, hashedAssets: hashed }) },
    ];
    return { routes, rendered, removed, stages };
  }

  /** Every file of the site as it stands (public/ aside, which is copied or served as is). */
  files(): SiteFile[] {
    if (!this.stylesheet || !this.scripts) return [];
    return [
      ...[...this.pages.values()].map((page) => ({ path: page.route.file, content: page.html })),
      ...this.scripts.files,
      { path: this.stylesheet.file, content: this.stylesheet.css },
      ...this.siteFiles,
    ];
  }

  storedPages(): StoredPage[] {
    return [...this.pages.values()];
  }

  /** Every source file the templates are compiled from, to watch. */
  templateSources(): Set<string> {
    return this.templates?.sources ?? new Set();
  }

  get origin(): string {
    return this.siteUrl;
  }
}

/** Where forms send leads: the Supabase project, or this site's own origin (answered by preview and dev). */
export function leadEndpoint(config: BuildConfig) {
  return config.supabase.url ? { url: `${config.supabase.url}/functions/v1`, anonKey: config.supabase.anonKey } : { url: '/functions/v1', anonKey: '' };
}

function sameScripts(a: RenderedPage['scripts'], b: RenderedPage['scripts']): boolean {
  return a.modules.join() === b.modules.join() && a.preloads.join() === b.preloads.join();
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
