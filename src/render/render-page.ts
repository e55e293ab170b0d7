/**
 * One route → one HTML document, rendered by React's renderToStaticMarkup.
 * Pure: templates, layout and asset names come in, the page comes out.
 *
 * Each page is one React render of the whole document, so React puts what
 * belongs in <head> there (the hero image's preload among it). Three things
 * are placed in it afterwards, where the document holds a slot:
 *
 * - the header and footer, the same on every page: rendered once per build
 *   and encoded to bytes once, so a large site spends its time on its
 *   pages, not on its header;
 * - the page's scripts, which depend on the islands and enhancements its
 *   markup holds (data-island, data-enhance), known only once it rendered.
 *   They are rendered once per set of scripts: every article loads the same;
 * - a Markdown page's body, already HTML, where the template placed bodySlot:
 *   most of the page, it need not pass through React.
 *
 * A page is handed on as those pieces and written byte by byte from them,
 * never joined into one string.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageScripts, ScriptMarker } from '../assets/script-manifest';
import type { TemplateModule } from '../assets/compile-templates';
import { RenderError } from '../errors';
import { bodySlot, type Route } from '../routes';
import type { Layout } from '../../templates/layout/types';

export interface PageAssets {
  stylesheet: string;
  scriptsFor(markers: Iterable<ScriptMarker>): PageScripts;
  /** Scripts every page loads on top of its own: the dev server's reload client. */
  extraScripts?: readonly string[];
}

/** A piece every page of a build shares (the header, the footer): encoded once, not per page. */
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
  /** Which of the pieces is the Markdown body, for a page that has one. */
  bodyPiece?: number;
}

/** Where a Markdown page's body is in its file, in bytes: what an edit of the body alone rewrites (output/body-edits.ts). */
export type BodySpan = [at: number, length: number];

const markerAttribute = / data-(island|enhance)="([^"]*)"/g;

/** The islands (data-island) and enhancements (data-enhance) a piece of markup holds from `from` on: one scan of the page. */
export function markersIn(html: string, from = 0): Set<ScriptMarker> {
  const markers = new Set<ScriptMarker>();
  markerAttribute.lastIndex = from;
  for (let match = markerAttribute.exec(html); match; match = markerAttribute.exec(html))
    markers.add(`${match[1] as 'island' | 'enhance'}:${match[2]}`);
  return markers;
}

/** Stand in for what is placed after the render; no rendered text can contain them. */
const slots = {
  scripts: '\u0000sitegen-scripts\u0000',
  header: '\u0000sitegen-header\u0000',
  footer: '\u0000sitegen-footer\u0000',
} as const;
const doctype = '<!DOCTYPE html>';

/** `body`: a Markdown page's body as HTML (route.body says the page has one). */
export type PageRenderer = (route: Route, body?: string) => RenderedPage;

export function createPageRenderer(templates: TemplateModule, layout: Layout, assets: PageAssets): PageRenderer {
  const header = shellPiece(templates.Header, layout);
  const footer = shellPiece(templates.Footer, layout);
  // What the header and footer need is the same on every page: found once per build.
  const layoutMarkers = markersIn(header.text + footer.text);
  const scriptsMarkup = new Map<string, string>();

  return (route, body) => {
    if ((body === undefined) !== (route.body === undefined)) {
      throw new RenderError(
        route.path,
        route.kind,
        new Error(route.body ? 'its Markdown body was not given' : 'it has no Markdown body, yet one was given'),
      );
    }
    let html: string;
    try {
      // The route table pairs each kind with its own props type; this lookup cannot see that pairing.
      const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
      html = renderToStaticMarkup(
        createElement(templates.Document, {
          head: route.head,
          layout,
          stylesheet: assets.stylesheet,
          scripts: slots.scripts,
          header: slots.header,
          footer: slots.footer,
          children: createElement(Page, route.props),
        }),
      );
    } catch (error) {
      throw new RenderError(route.path, route.kind, error);
    }
    // Markers are attributes of the body's elements: the head, with its JSON-LD, need not be scanned.
    const markers = [...new Set([...layoutMarkers, ...markersIn(html, html.indexOf('<body'))])].sort();
    const scripts = assets.scriptsFor(markers);
    const modules = [...scripts.modules, ...(assets.extraScripts ?? [])];
    const key = `${modules.join()}\0${scripts.preloads.join()}`;
    let scriptsHtml = scriptsMarkup.get(key);
    if (scriptsHtml === undefined) {
      scriptsHtml = renderToStaticMarkup(createElement(templates.PageScripts, { modules, preloads: scripts.preloads }));
      scriptsMarkup.set(key, scriptsHtml);
    }
    const [beforeScripts, beforeHeader, beforeFooter, rest] = splitAtSlots(route, html);
    const pieces: PagePiece[] = [doctype + beforeScripts, scriptsHtml, beforeHeader, header];
    // A body comes second of the pieces withBody makes, after the main content's start.
    const bodyPiece = body === undefined ? undefined : pieces.length + 1;
    pieces.push(...withBody(route, beforeFooter, body), footer, rest);
    return { pieces, markers, scripts, bodyPiece };
  };
}

/**
 * The header or the footer, rendered once for every page. Rendered inside a
 * bare document so that anything React would move into <head> shows up
 * there, and is refused: a region placed into every page's <body> must hold
 * only what stays in it.
 */
function shellPiece(Region: ComponentType<{ layout: Layout }>, layout: Layout): SharedPiece {
  const name = Region.name || 'a layout region';
  let html: string;
  try {
    html = renderToStaticMarkup(
      createElement(
        'html',
        null,
        createElement('head'),
        createElement('body', null, createElement(Region, { layout })),
      ),
    );
  } catch (error) {
    throw new RenderError('(every page)', name, error);
  }
  const body = html.slice(html.indexOf('<body>') + '<body>'.length, html.lastIndexOf('</body>'));
  if (!html.startsWith('<html><head></head><body>')) {
    const moved = html.slice('<html><head>'.length, html.indexOf('</head>'));
    throw new RenderError(
      '(every page)',
      name,
      new Error(
        `it holds what React moves into <head> (${moved.slice(0, 120)}): the header and footer may only hold what stays in <body>`,
      ),
    );
  }
  return { text: body, bytes: Buffer.from(body) };
}

/** The main content with a Markdown page's body where the template placed bodySlot, exactly once. */
function withBody(route: Route, main: string, body: string | undefined): string[] {
  if (body === undefined) return [main];
  const at = main.indexOf(bodySlot);
  if (at === -1 || main.indexOf(bodySlot, at + bodySlot.length) !== -1) {
    throw new RenderError(
      route.path,
      route.kind,
      new Error("the template must place the page's body (the prop that holds bodySlot) exactly once"),
    );
  }
  return [main.slice(0, at), body, main.slice(at + bodySlot.length)];
}

/** The document split where the generator places the scripts, the header and the footer; each slot must be there once, in that order. */
function splitAtSlots(route: Route, html: string): [string, string, string, string] {
  const parts: string[] = [];
  let from = 0;
  for (const slot of [slots.scripts, slots.header, slots.footer]) {
    const at = html.indexOf(slot, from);
    if (at === -1 || html.indexOf(slot, at + slot.length) !== -1) {
      throw new RenderError(
        route.path,
        route.kind,
        new Error('the Document template must place its scripts, header and footer exactly once each, in that order'),
      );
    }
    parts.push(html.slice(from, at));
    from = at + slot.length;
  }
  parts.push(html.slice(from));
  return parts as [string, string, string, string];
}
