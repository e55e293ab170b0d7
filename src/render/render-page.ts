/**
 * One route → one HTML document. Pure: templates, layout and asset names come
 * in, a string goes out. The page body is rendered first, so the document can
 * load exactly the scripts that the body's islands and enhancements need.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageScripts, ScriptMarker } from '../assets/client-scripts';
import type { TemplateModule } from '../assets/compile-templates';
import { RenderError } from '../errors';
import type { Route } from '../routes';
import type { Head, Layout } from '../../templates/layout/types';
import { asHtml5 } from './html5';

export interface PageAssets {
  stylesheet: string;
  scriptsFor(markers: Iterable<ScriptMarker>): PageScripts;
  /** Scripts every page loads on top of its own: the dev server's reload client. */
  extraScripts?: readonly string[];
}

export interface RenderedPage {
  html: string;
  /** The islands and enhancements the page holds. */
  markers: ScriptMarker[];
  scripts: PageScripts;
}

const markerPattern = /\bdata-(island|enhance)="([A-Za-z-]+)"/g;

/** The islands (data-island) and enhancements (data-enhance) a piece of markup holds. */
export function markersIn(html: string): Set<ScriptMarker> {
  return new Set(Array.from(html.matchAll(markerPattern), (match) => `${match[1]}:${match[2]}` as ScriptMarker));
}

const emptyHead: Head = { title: '', description: '', keywords: [], canonical: '', ogType: 'website', noindex: true };

export type PageRenderer = (route: Route) => RenderedPage;

export function createPageRenderer(templates: TemplateModule, layout: Layout, assets: PageAssets): PageRenderer {
  const render = (head: Head, mainHtml: string, scripts: PageScripts) =>
    // React writes no doctype.
    `<!DOCTYPE html>${asHtml5(
      renderToStaticMarkup(
        createElement(templates.Document, {
          head,
          layout,
          assets: { stylesheet: assets.stylesheet, scripts: [...scripts.modules, ...(assets.extraScripts ?? [])], preloads: scripts.preloads },
          mainHtml,
        }),
      ),
    )}`;
  // What the header and footer need is the same on every page: found once per build.
  const layoutMarkers = markersIn(render(emptyHead, '', { modules: [], preloads: [] }));

  return (route) => {
    try {
      // The route table pairs each kind with its own props type; this lookup cannot see that pairing.
      const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
      const mainHtml = renderToStaticMarkup(createElement(Page, route.props));
      const markers = [...new Set([...layoutMarkers, ...markersIn(mainHtml)])].sort();
      const scripts = assets.scriptsFor(markers);
      return { html: render(route.head, mainHtml, scripts), markers, scripts };
    } catch (error) {
      throw new RenderError(route.path, route.kind, error);
    }
  };
}
