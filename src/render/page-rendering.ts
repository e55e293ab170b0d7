/**
 * The render step shared by the build, its threads and the dev server: it keeps a route's last page if the page's
 * fingerprint, a hash of all it is rendered from (its Markdown body's hash standing for the body's HTML), is the same.
 */
import type { BuiltAssets } from '../assets/asset-cache';
import type { TemplateModule } from '../assets/compile-templates';
import { scriptsForManifest, type PageScripts } from '../assets/script-manifest';
import type { MarkdownBody } from '../content/model';
import { contentHash } from '../hash';
import type { Route } from '../routes';
import { createPageRenderer, type PageRenderer } from './render-page';
import { namingTheFile } from './template-origin';
import type { Layout } from '../../templates/layout/types';

/** One rendered page, as the build, the dev server and the incremental build's manifest record it. */
export interface PageRecord {
  path: string;
  file: string;
  fingerprint: string;
  scripts: PageScripts;
  /** The site's own images the page names, as paths of the output: the build makes them (images/site-images.ts). */
  images: string[];
  bytes: number;
}

/** What every page of a build is rendered with: plain data, handed to each build thread. */
export type RenderSetup = ReturnType<typeof renderSetup>;

/**
 * `fingerprinted` only where a later update keeps pages (the dev server, an incremental build): a whole build has
 * nothing to keep them for, and hashing every page's props and head would cost it time.
 */
export function renderSetup(
  assets: BuiltAssets,
  layout: Layout,
  { fingerprinted, extraScripts = [] }: { fingerprinted: boolean; extraScripts?: string[] },
) {
  const { templates, scripts } = assets;
  const stylesheet = `/${assets.stylesheet.file}`;
  const manifest = scripts.manifest;
  const shared = contentHash(JSON.stringify([templates.layoutVersion, layout, stylesheet, manifest, extraScripts]));
  const { moduleUrl: templatesUrl, versions: templateVersions } = templates;
  return { templatesUrl, templateVersions, layout, stylesheet, scripts: manifest, extraScripts, shared, fingerprinted };
}

export class PageRendering {
  private pageRenderer?: PageRenderer;
  /** Each route's fingerprint, for as long as this rendering is used: a dev server's unchanged routes are hashed once. */
  private readonly fingerprints = new WeakMap<Route, string>();

  constructor(
    readonly setup: RenderSetup,
    private readonly templates: TemplateModule,
    private readonly bodyHtml: (body: MarkdownBody) => string,
  ) {}

  fingerprint(route: Route): string {
    if (!this.setup.fingerprinted) return '';
    let fingerprint = this.fingerprints.get(route);
    if (fingerprint === undefined) {
      const { shared, templateVersions } = this.setup;
      const madeFrom = [shared, templateVersions[route.kind], route.head, route.props, route.body?.hash];
      this.fingerprints.set(route, (fingerprint = contentHash(JSON.stringify(madeFrom))));
    }
    return fingerprint;
  }

  /** `previous`: the route's last page, kept if nothing changed; `write` writes a page and says its size in bytes. */
  render(route: Route, previous?: PageRecord, write?: (html: string) => number): { page: PageRecord; html?: string } {
    const fingerprint = this.fingerprint(route);
    const unchanged = fingerprint !== '' && previous?.fingerprint === fingerprint && previous.file === route.file;
    if (unchanged) return { page: previous };
    const { html, scripts, images } = namingTheFile(() =>
      this.rendererOnce()(route, route.body && this.bodyHtml(route.body)),
    );
    const bytes = write ? write(html) : Buffer.byteLength(html);
    return { page: { path: route.path, file: route.file, fingerprint, scripts, images, bytes }, html };
  }

  /** Made with the first page rendered: a build that keeps every page renders no header. */
  private rendererOnce(): PageRenderer {
    const { layout, stylesheet, scripts, extraScripts } = this.setup;
    return (this.pageRenderer ??= createPageRenderer(this.templates, layout, {
      stylesheet,
      extraScripts,
      scriptsFor: (markers) => scriptsForManifest(scripts, markers),
    }));
  }
}
