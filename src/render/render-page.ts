/**
 * One route → one HTML document, by one React render of the whole document, so React puts what belongs in <head>
 * there (the hero's preload among it). Pure: templates, layout and asset names in; the page out, with the scripts and
 * images its components recorded (templates/lib/page-uses.ts). Placed afterwards where the document holds a slot: the
 * header and footer, rendered once per renderer so a large site spends its time on its pages, their links to the page
 * itself marked as the current page; the page's scripts, known only once the whole page has rendered; a Markdown
 * page's body, already HTML: most of the page, it need not pass through React.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageScripts, ScriptMarker } from '../assets/script-manifest';
import type { TemplateModule } from '../assets/compile-templates';
import { withSiteFacts } from '../content/site-facts';
import { RenderError } from '../errors';
import { renditionUrl, type LocalImage, type RenditionFormat } from '../images/image-names';
import { speculationRules } from '../output/speculation-rules';
import { viewTransitionStyle } from '../output/view-transitions';
import { bodySlot, type Route } from '../routes';
import type { Layout } from '../../templates/layout/types';
import type { PageUses } from '../../templates/lib/page-uses';

interface PageAssets {
  stylesheet: string;
  scriptsFor(markers: Iterable<ScriptMarker>): PageScripts;
  /** Scripts every page loads on top of its own: the dev server's reload client. */
  extraScripts?: readonly string[];
}

class PageCollector implements PageUses {
  readonly scripts: Set<ScriptMarker>;
  readonly images: Set<string>;
  readonly widths: Map<LocalImage, number>;

  constructor(shared?: PageCollector) {
    this.scripts = new Set(shared?.scripts);
    this.images = new Set(shared?.images);
    this.widths = new Map(shared?.widths);
  }

  script(marker: ScriptMarker): void {
    this.scripts.add(marker);
  }

  rendition(image: LocalImage, width: number, format: RenditionFormat): void {
    this.images.add(renditionUrl(image, width, format).slice(1));
    if (width > (this.widths.get(image) ?? 0)) this.widths.set(image, width);
  }

  image(path: string): void {
    this.images.add(path);
  }
}

/** Stand in for what is placed after the render; no rendered text can contain them. */
const slots = {
  scripts: '\u0000sitegen-scripts\u0000',
  header: '\u0000sitegen-header\u0000',
  footer: '\u0000sitegen-footer\u0000',
};

/** `body`: a Markdown page's body as HTML, given exactly when route.body says the page has one. */
export type PageRenderer = ReturnType<typeof createPageRenderer>;

export function createPageRenderer(templates: TemplateModule, layout: Layout, assets: PageAssets) {
  const shell = new PageCollector();
  const region = (name: 'Header' | 'Footer') => shellRegion(templates, name, layout, shell);
  const [header, footer] = [region('Header'), region('Footer')];
  const scriptsHtml = (scripts: PageScripts) => {
    const modules = [...scripts.modules, ...(assets.extraScripts ?? [])];
    return renderToStaticMarkup(createElement(templates.PageScripts, { modules, preloads: scripts.preloads }));
  };

  return (route: Route, body?: string) => {
    const template = route.kind in templates.pages ? `templates/pages/${route.kind}.tsx` : 'templates/index.ts';
    const fail = (error: unknown) => new RenderError(template, route.path, route.source, error);
    const bodyProblem = route.body ? 'its Markdown body was not given' : 'it has no Markdown body, yet one was given';
    if ((body === undefined) !== (route.body === undefined)) throw fail(new Error(bodyProblem));
    const uses = new PageCollector(shell);
    let html: string;
    let scripts: PageScripts;
    try {
      // The route table pairs each kind with its own props type; this lookup cannot see that pairing.
      const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
      // A new page's template not listed there: React's own words would name no file.
      if (!Page) throw new Error(`its pages list no ${route.kind}: import it there from ./pages/${route.kind}`);
      const document = {
        head: route.head,
        layout,
        stylesheet: assets.stylesheet,
        speculationRules,
        viewTransitionStyle,
        ...slots,
      };
      const page = createElement(templates.Document, { ...document, children: createElement(Page, route.props) });
      html = renderToStaticMarkup(recording(templates, uses, page));
      scripts = assets.scriptsFor([...uses.scripts].sort());
    } catch (error) {
      throw fail(error);
    }
    const [beforeScripts, beforeHeader, main, rest] = splitAtSlots(html, fail);
    const withBody = body === undefined ? main : placeBody(main, withSiteFacts(body, layout.site), fail);
    const own = (region: string) => region.replaceAll(`href="${route.path}"`, '$& aria-current="page"');
    const page = `<!DOCTYPE html>${beforeScripts}${scriptsHtml(scripts)}${beforeHeader}${own(header)}${withBody}${own(footer)}${rest}`;
    // widths: the widest each file of content/images/ is drawn on the page, since none may be drawn wider than it is.
    return { html: page, scripts, images: [...uses.images], widths: uses.widths };
  };
}

const recording = (templates: TemplateModule, uses: PageUses, element: ReactNode) =>
  createElement(templates.PageUsesContext.Provider, { value: uses }, element);

/**
 * Rendered inside a bare document so that anything React would move into <head> shows up there, and is refused: a
 * region placed into every page's <body> must hold only what stays in it.
 */
function shellRegion(templates: TemplateModule, name: 'Header' | 'Footer', layout: Layout, shell: PageUses): string {
  const fail = (error: unknown) =>
    new RenderError(`templates/layout/${name}.tsx`, "every page's header or footer", undefined, error);
  let html: string;
  try {
    const body = createElement('body', null, createElement(templates[name], { layout }));
    html = renderToStaticMarkup(recording(templates, shell, createElement('html', null, createElement('head'), body)));
  } catch (error) {
    throw fail(error);
  }
  if (!html.startsWith('<html><head></head><body>')) {
    const moved = html.slice('<html><head>'.length, html.indexOf('</head>'));
    const problem = `it holds what React moves into <head> (${moved.slice(0, 120)}): the header and footer may only hold what stays in <body>`;
    throw fail(new Error(problem));
  }
  return html.slice('<html><head></head><body>'.length, html.lastIndexOf('</body>'));
}

function placeBody(main: string, body: string, fail: (error: unknown) => Error): string {
  const parts = main.split(bodySlot);
  if (parts.length !== 2)
    throw fail(new Error("the template must place the page's body (the prop that holds bodySlot) exactly once"));
  return parts.join(body);
}

function splitAtSlots(html: string, fail: (error: unknown) => Error): [string, string, string, string] {
  const misplaced = 'the Document template must place its scripts, header and footer exactly once each, in that order';
  const parts: string[] = [];
  let from = 0;
  for (const slot of [slots.scripts, slots.header, slots.footer]) {
    const at = html.indexOf(slot, from);
    if (at === -1 || html.indexOf(slot, at + slot.length) !== -1) throw fail(new Error(misplaced));
    parts.push(html.slice(from, at));
    from = at + slot.length;
  }
  parts.push(html.slice(from));
  return parts as [string, string, string, string];
}
