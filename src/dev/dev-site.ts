/**
 * The dev server's site: the build's stages kept in memory between edits, each page rendered when a browser first
 * asks for it. An update reads again only the files that changed, and forgets the HTML of the pages whose fingerprint
 * changed; each page is byte for byte the one `sitegen build` writes (with the reload client, and stable asset names).
 * Drafts and scheduled articles show too, with a banner saying each is not published: a draft is written to be seen.
 */
import { existsSync } from 'node:fs';
import { editorContent, type EditorContent } from '../admin/editor-content';
import { join } from 'node:path';
import { buildAssets, type AssetStage, type BuiltAssets } from '../assets/build-assets';
import { cacheFiles } from '../cache-files';
import { planSettings, publishing, type BuildConfig } from '../config';
import { articleFiles, articleFolder, markdownSource } from '../content/content-files';
import { MarkdownReader } from '../content/markdown-reader';
import type { Article, MarkdownBody, SiteData, SiteModel } from '../content/model';
import { loadSiteData, scanArticle } from '../content/load-site';
import { withArticles } from '../content/site-model';
import { ImageEncoder } from '../images/image-encoder';
import { describeImages } from '../images/model-images';
import { cardsVersionOf, SiteImages } from '../images/site-images';
import { SourceImages } from '../images/source-images';
import { isInside, listFiles } from '../list-files';
import type { SiteFile } from '../output/output';
import { redirectsFile } from '../output/redirect-files';
import { siteFiles, type EditorHeaders } from '../output/site-files';
import { KeptPlan, planSite, type SitePlan } from '../plan/plan-site';
import { validatePlan } from '../plan/validate-plan';
import { PageRendering, renderSetup } from '../render/page-rendering';
import { createLayout, type Route } from '../routes';
import { pathForFile } from '../paths';
import { buildRefusal } from './build-refusal';
import { devScripts } from './reload-client';

interface Known {
  articles: ReadonlyMap<string, Article>;
  data: SiteData;
  /** The model as read, before its images were described. */
  read: SiteModel;
  plan: SitePlan;
  assets: BuiltAssets;
  rendering: PageRendering;
  images: SiteImages;
}

export class DevSite {
  private readonly reader: MarkdownReader;
  private readonly kept = new KeptPlan();
  private known?: Known;
  private pages = new Map<string, { fingerprint: string; html?: string }>();
  /** The files changed since the last update that succeeded: the next update reads them again, whatever it is told. */
  private unsettled = new Set<string>();
  private files?: SiteFile[];
  buildRefusal?: string;
  /** Links to an old address, which the build names (validate-plan.ts). */
  oldLinks: string[] = [];
  /** Whether the last update changed the stylesheet: an open page takes it again without a swap, keeping what was typed. */
  stylesheetChanged = false;
  private readonly sources: SourceImages;
  private readonly encoder: ImageEncoder;

  constructor(
    readonly config: BuildConfig,
    private readonly options: {
      generator?: string;
      onStage?: (stage: AssetStage, detail: string) => void;
      editor?: EditorHeaders;
    } = {},
  ) {
    this.reader = MarkdownReader.open(markdownSource(config, options.generator));
    this.sources = SourceImages.open(config, { keep: options.generator !== undefined });
    this.encoder = new ImageEncoder(cacheFiles(config.cacheDir).imagesDir);
  }

  /**
   * `changed`: absolute paths, every file by default. Returns the pages an open browser must take again: those whose
   * fingerprint changed, or every page when a script did (dev keeps its name, so no fingerprint holds it). A failure
   * leaves the last good site in place, and the next update reads the same files again.
   */
  async update(changed?: Iterable<string>): Promise<string[]> {
    const last = this.known;
    const paths = changed && last ? new Set([...changed, ...this.unsettled]) : undefined;
    for (const path of paths ?? []) this.unsettled.add(path);
    const { config } = this;
    const assets = await buildAssets(config, {
      dev: true,
      generator: this.options.generator,
      previous: last && paths ? { assets: last.assets, changed: paths } : undefined,
      onStage: this.options.onStage,
    });
    const edited = [...(paths ?? [])];
    // An image is described again by describeImages, which finds it changed: the JSON files need not be read again.
    const imagesDir = join(config.contentDir, 'images');
    const blog = articleFolder(config.contentDir);
    const inData = (path: string) =>
      isInside(config.contentDir, path) && !isInside(blog, path) && !isInside(imagesDir, path);
    const data = !last || edited.some(inData) ? loadSiteData(config.contentDir, config.root, this.reader) : last.data;
    const articles = this.readArticles(paths, last?.articles);
    // The last update's model while neither the data nor the articles changed.
    const same = last && data === last.data && articles === last.articles;
    const read = same ? last.read : withArticles(data, [...articles.values()]);
    const catalog = await describeImages(read, this.sources);
    const settings = { ...planSettings(config), cardsVersion: cardsVersionOf(config.templatesDir, read, catalog) };
    // Read at every update: a scheduled article's banner goes on the day it is published.
    const shown = publishing({ ...config, drafts: true });
    const siteSources = { content: read, images: catalog.descriptors, settings };
    const plan = planSite({ ...siteSources, kept: this.kept }, shown);
    const publicFiles = listFiles(config.publicDir);
    const oldLinks = validatePlan(plan, publicFiles);
    const rendering = this.renderingFor(plan.model, assets, last?.rendering);

    const pages = new Map<string, { fingerprint: string; html?: string }>();
    const changedPages: string[] = [];
    const firstOfKind = new Map<string, Route>();
    for (const route of plan.routes.routes) {
      const fingerprint = rendering.fingerprint(route);
      const before = this.pages.get(route.path);
      if (before?.fingerprint === fingerprint) pages.set(route.path, before);
      else {
        pages.set(route.path, { fingerprint });
        changedPages.push(route.path);
        if (!firstOfKind.has(route.kind)) firstOfKind.set(route.kind, route);
      }
    }
    // A page gone (an article deleted, a slug changed): a browser showing it now shows the 404 page.
    for (const path of this.pages.keys()) if (!pages.has(path)) changedPages.push(path);
    const images = new SiteImages({ plan, catalog, templates: assets.templates.module }, this.encoder);
    // An edit of what pages are made with (a template, islands/registry.ts) that breaks one fails here as the build
    // fails, open in a browser or not: a page of each kind it changed is rendered now, the others when first opened.
    if (last && rendering !== last.rendering) for (const route of firstOfKind.values()) rendering.render(route);
    // A photo changed fails the update as the build fails, naming the widest any changed page draws it: said at once.
    const changedRoutes = changedPages.flatMap((path) => plan.routes.pages.get(path) ?? []);
    if (edited.some((path) => isInside(imagesDir, path)))
      images.check(changedRoutes.map((route) => rendering.render(route).page));
    this.known = { articles, data, read, plan, assets, rendering, images };
    this.buildRefusal = buildRefusal(siteSources, shown.today, publicFiles);
    this.oldLinks = oldLinks;
    this.pages = pages;
    this.files = undefined;
    this.unsettled.clear();
    this.sources.save();
    this.stylesheetChanged = last !== undefined && last.assets.stylesheet.css !== assets.stylesheet.css;
    return last && !sameScripts(last.assets, assets) ? plan.routes.routes.map((route) => route.path) : changedPages;
  }

  /** A page naming an image the build would refuse (a photo narrower than it is drawn) fails as the build would. */
  page(path: string): string | undefined {
    const route = this.known?.plan.routes.pages.get(path);
    const entry = this.pages.get(path);
    if (!route || !entry) return undefined;
    if (entry.html === undefined) {
      const { page, html } = this.known!.rendering.render(route);
      this.known!.images.check([page]);
      entry.html = html;
    }
    return entry.html;
  }

  image(path: string): Promise<Uint8Array | undefined> {
    return this.known?.images.file(path) ?? Promise.resolve(undefined);
  }

  file(path: string): string | Uint8Array | undefined {
    const page = pathForFile(path);
    if (page !== undefined && this.known?.plan.routes.pages.get(page)?.file === path) return this.page(page);
    if (!this.known) return undefined;
    const { assets } = this.known;
    if (path === assets.stylesheet.file) return assets.stylesheet.css;
    const script = assets.scripts.files.find((file) => file.path === path);
    if (script) return script.content;
    // Read by the server on every request: made alone, not with the sitemap and feeds, which few requests ask for.
    if (path === '_redirects') return redirectsFile(this.known.plan.redirects);
    return this.siteFiles().find((file) => file.path === path)?.content;
  }

  /** Sitemap, feeds and the rest, made when first asked for after an update: few edits are followed by a request. */
  private siteFiles(): SiteFile[] {
    if (this.files) return this.files;
    const { assets, plan } = this.known!;
    const bodyHtml = (body: MarkdownBody) => this.reader.bodyHtml(body);
    const options = { supabaseUrl: this.config.supabase.url, dev: true, editor: this.options.editor };
    return (this.files = siteFiles({ plan, assets, bodyHtml }, options).files);
  }

  model(): SiteModel | undefined {
    return this.known?.plan.model;
  }

  editorContent(): EditorContent | undefined {
    if (!this.known) return undefined;
    const { plan, assets } = this.known;
    const bodyHtml = (body: MarkdownBody) => this.reader.bodyHtml(body);
    // A clock SITEGEN_NOW sets, the editor keeps to; the real one it reads itself, live.
    const today = this.config.clockSet ? plan.publishing.today : undefined;
    return editorContent(this.config, { plan, stylesheet: `/${assets.stylesheet.file}`, bodyHtml, today });
  }

  routes(): Route[] {
    return this.known?.plan.routes.routes ?? [];
  }

  renderedPages(): string[] {
    return [...this.pages].flatMap(([path, entry]) => (entry.html === undefined ? [] : [path]));
  }

  /** What this server learnt of the Markdown files, kept in the content index for the next start and the next build. */
  saveIndex(): void {
    if (!this.known || !this.options.generator) return;
    const { model } = this.known.plan;
    const keys = [...model.articles, ...model.legalPages].map((document) => document.body.key);
    this.reader.index.save(this.config.contentDir, this.options.generator, keys, this.reader.learnt);
  }

  close(): void {
    this.reader.close();
  }

  private readArticles(paths: ReadonlySet<string> | undefined, last?: ReadonlyMap<string, Article>) {
    const scan = (path: string) => scanArticle(this.reader, path);
    const blog = articleFolder(this.config.contentDir);
    const changed = [...(paths ?? [])].filter((path) => isInside(blog, path));
    if (last && paths && changed.length === 0) return last;
    if (last && paths && changed.every((path) => last.has(path) && existsSync(path)))
      return new Map([...last].map(([path, article]) => [path, paths.has(path) ? scan(path) : article]));
    const files = articleFiles(this.config.contentDir, this.config.root);
    return new Map(files.map((path) => [path, (!paths?.has(path) && last?.get(path)) || scan(path)]));
  }

  /** The last update's rendering while what every page is rendered with is the same: its fingerprints are kept. */
  private renderingFor(model: SiteModel, assets: BuiltAssets, last?: PageRendering): PageRendering {
    const setup = renderSetup(assets, createLayout(model), { fingerprinted: true, extraScripts: [devScripts.client] });
    const same =
      last?.setup.shared === setup.shared &&
      last.setup.templatesUrl === setup.templatesUrl &&
      JSON.stringify(last.setup.templateVersions) === JSON.stringify(setup.templateVersions);
    return same ? last! : new PageRendering(setup, assets.templates.module, (body) => this.reader.bodyHtml(body));
  }
}

function sameScripts(before: BuiltAssets, after: BuiltAssets): boolean {
  const [was, is] = [before.scripts.files, after.scripts.files];
  const same = (a: SiteFile, b: SiteFile) => a.path === b.path && Buffer.from(a.content).equals(Buffer.from(b.content));
  return was.length === is.length && was.every((file, index) => same(file, is[index]!));
}
