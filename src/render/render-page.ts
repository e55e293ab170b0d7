/**
 * One route → one HTML document. Pure: templates, layout and asset names come
 * in, the page comes out. The page body is rendered first, so the document can
 * load exactly the scripts that the body's islands and enhancements need.
 *
 * The shell (header, footer, everything outside <head> and <main>) is the same
 * on every page, so it is rendered and encoded once per build and each page is
 * spliced into it. A page's Markdown body (route.body) is spliced in too,
 * after the template's passes: it is most of the page, and already final
 * HTML. A page is handed on as those pieces, and written byte by byte from
 * them, never joined into one string: a large site spends its time on its
 * pages, not on its header.
 */
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { PageScripts, ScriptMarker } from '../assets/script-manifest';
import type { TemplateModule } from '../assets/compile-templates';
import { RenderError } from '../errors';
import { bodySlot, type Route } from '../routes';
import type { Assets, Head, Layout } from '../../templates/layout/types';
import { asHtml5 } from './html5';

export interface PageAssets {
  stylesheet: string;
  scriptsFor(markers: Iterable<ScriptMarker>): PageScripts;
  /** Scripts every page loads on top of its own: the dev server's reload client. */
  extraScripts?: readonly string[];
}

/** A piece every page of a build shares (the shell around <head> and <main>): encoded once, not per page. */
export interface SharedPiece {
  text: string;
  bytes: Uint8Array;
}

export type PagePiece = string | SharedPiece;

/** The page's HTML as one string, for pages kept in memory (sitegen dev). */
export function pageHtml(pieces: readonly PagePiece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('');
}

export interface RenderedPage {
  /** The document, in order; see pageHtml. */
  pieces: PagePiece[];
  /** The islands and enhancements the page holds. */
  markers: ScriptMarker[];
  scripts: PageScripts;
}

/** The islands (data-island) and enhancements (data-enhance) a piece of markup holds; found with indexOf, as it runs on every page. */
export function markersIn(html: string): Set<ScriptMarker> {
  const markers = new Set<ScriptMarker>();
  for (const kind of ['island', 'enhance'] as const) {
    const attribute = ` data-${kind}="`;
    for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length)) {
      const start = at + attribute.length;
      markers.add(`${kind}:${html.slice(start, html.indexOf('"', start))}`);
    }
  }
  return markers;
}

const emptyHead: Head = { title: '', description: '', keywords: [], canonical: '', ogType: 'website', noindex: true };
/** Stands in for the page's main content in the shell; no rendered text can contain it. */
const mainSlot = '\u0000sitegen-main\u0000';

export type PageRenderer = (route: Route) => RenderedPage;

export function createPageRenderer(templates: TemplateModule, layout: Layout, assets: PageAssets): PageRenderer {
  const assetsFor = (scripts: PageScripts): Assets => ({
    stylesheet: assets.stylesheet,
    scripts: [...scripts.modules, ...(assets.extraScripts ?? [])],
    preloads: scripts.preloads,
  });
  // Templates write no doctype.
  const shell = `<!DOCTYPE html>${asHtml5(
    renderToString(h(templates.Document, { head: emptyHead, layout, assets: assetsFor({ modules: [], preloads: [] }), mainHtml: mainSlot })),
  )}`;
  const headOpen = shell.indexOf('<head>') + '<head>'.length;
  const headClose = shell.indexOf('</head>');
  const main = shell.indexOf(mainSlot);
  if (headOpen < '<head>'.length || headClose < headOpen || main < headClose) {
    throw new RenderError('(every page)', 'Document', new Error('the document shell must hold <head> with DocumentHead in it, then the main content'));
  }
  const [beforeHead, betweenHeadAndMain, afterMain] = [shell.slice(0, headOpen), shell.slice(headClose, main), shell.slice(main + mainSlot.length)].map(
    (text): SharedPiece => ({ text, bytes: Buffer.from(text) }),
  ) as [SharedPiece, SharedPiece, SharedPiece];
  // What the header and footer need is the same on every page: found once per build.
  const layoutMarkers = markersIn(shell);

  return (route) => {
    try {
      // The route table pairs each kind with its own props type; this lookup cannot see that pairing.
      const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
      const mainHtml = asHtml5(renderToString(h(Page, route.props)));
      const markers = [...new Set([...layoutMarkers, ...markersIn(mainHtml)])].sort();
      const scripts = assets.scriptsFor(markers);
      const head = asHtml5(renderToString(h(templates.DocumentHead, { head: route.head, layout, assets: assetsFor(scripts) })));
      return { pieces: [beforeHead, head, betweenHeadAndMain, ...withBody(mainHtml, route.body), afterMain], markers, scripts };
    } catch (error) {
      throw new RenderError(route.path, route.kind, error);
    }
  };
}

/** The main content with the page's body where the template placed bodySlot. */
function withBody(mainHtml: string, body: string | undefined): string[] {
  if (body === undefined) return [mainHtml];
  const at = mainHtml.indexOf(bodySlot);
  if (at === -1 || mainHtml.indexOf(bodySlot, at + 1) !== -1) throw new Error('the template must place the page\'s body (the prop that holds bodySlot) exactly once');
  return [mainHtml.slice(0, at), body, mainHtml.slice(at + bodySlot.length)];
}
