/**
 * One route → one HTML document. Pure: the templates, layout and asset names
 * come in, a string goes out. The page body is rendered first so the shell
 * can load exactly the island scripts the body contains.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TemplateModule } from '../assets/compile-templates';
import { RenderError } from '../errors';
import type { Route } from '../routes';
import type { Layout } from '../../templates/layout/types';

export interface PageAssets {
  stylesheet: string;
  /** The module scripts a page needs for the islands it holds. */
  scriptsFor(islands: ReadonlySet<string>): string[];
}

const islandPattern = /\bdata-island="([A-Za-z]+)"/g;

export function islandsIn(html: string): Set<string> {
  return new Set(Array.from(html.matchAll(islandPattern), (match) => match[1]!));
}

export function renderPage(route: Route, templates: TemplateModule, layout: Layout, assets: PageAssets): string {
  try {
    // The route table pairs each kind with its own props type; this lookup cannot see that pairing.
    const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
    const mainHtml = renderToStaticMarkup(createElement(Page, route.props));
    const document = createElement(templates.Document, {
      head: route.head,
      layout,
      assets: { stylesheet: assets.stylesheet, scripts: assets.scriptsFor(islandsIn(mainHtml)) },
      mainHtml,
    });
    // React writes no doctype.
    return `<!DOCTYPE html>${renderToStaticMarkup(document)}`;
  } catch (error) {
    throw new RenderError(route.path, route.kind, error);
  }
}
