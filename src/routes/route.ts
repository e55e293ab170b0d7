/**
 * What a route is, and how the table makes one from what it says about a
 * page: its file, full title, canonical URL and place in the sitemap follow.
 */
import type { Head, Link } from '../../templates/layout/types';
import type { PageKind, PageProps } from '../../templates/index';
import type { SiteFacts } from '../content/model';
import { absoluteUrl, fileFor } from '../paths';
import { pageGraph, type PageSchema } from '../structured-data/page-graph';

export type Route = {
  [K in PageKind]: {
    path: string;
    file: string;
    kind: K;
    props: PageProps<K>;
    head: Head;
    /** The content file the page comes from, for error messages. */
    source: string;
    /** Listed in sitemap.xml (every page but the 404). */
    inSitemap: boolean;
    /** Last change of the page's content, where the content says (articles, legal pages). */
    lastModified?: string;
    /** Rendered by a thread that reads the article's body then (content/model.ts), not with the other pages. */
    renderedOnRead?: true;
  };
}[PageKind];

export type RouteSpec<K extends PageKind> = {
  path: string;
  kind: K;
  props: PageProps<K>;
  source: string;
  head: Omit<Head, 'canonical' | 'title' | 'ogType' | 'breadcrumbs' | 'jsonLd'> & { title: string; ogType?: Head['ogType'] };
  /** The page's place in breadcrumb trails: the trail of the page above it (none above the home page), and its own name. */
  breadcrumb: { above: readonly Link[]; name: string };
  /** What the page tells search engines (its type and the things it describes): every page has it but the 404. */
  schema?: PageSchema;
  lastModified?: string;
  renderedOnRead?: true;
};

/**
 * Objects are copied with Object.assign rather than spread: on Node 20's V8 a
 * spread followed by more properties costs several times as much, and a
 * large site makes a route per article.
 */
export function pageRoute<K extends PageKind>(site: SiteFacts, siteUrl: string, spec: RouteSpec<K>): Route {
  const { title: base, description, ogType = 'website' } = spec.head;
  const title = `${base} | ${site.name}`.length <= 60 ? `${base} | ${site.name}` : base;
  const canonical = absoluteUrl(siteUrl, spec.path);
  const breadcrumbs = [...spec.breadcrumb.above, { label: spec.breadcrumb.name, href: spec.path }];
  const jsonLd = spec.schema && pageGraph(site, siteUrl, { url: canonical, name: base, description, breadcrumbs }, spec.schema);
  const route = {
    path: spec.path,
    file: fileFor(spec.path),
    kind: spec.kind,
    props: spec.props,
    source: spec.source,
    inSitemap: !spec.head.noindex,
    lastModified: spec.lastModified,
    head: Object.assign({}, spec.head, { title, ogType, canonical, breadcrumbs, jsonLd }),
  } as Route;
  if (spec.renderedOnRead) route.renderedOnRead = true;
  return route;
}

/** The <head> fields most pages take straight from their content. */
export function meta(page: { title: string; description: string; keywords: readonly string[] }) {
  return { title: page.title, description: page.description, keywords: page.keywords };
}
