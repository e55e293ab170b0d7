/** What a route is, and how the table makes one from what a page kind says of its page. */
import type { Head, Link } from '../../templates/layout/types';
import type { PageKind, PageProps } from '../../templates/index';
import type { Image, MarkdownBody, SiteFacts } from '../content/model';
import type { SocialCard } from '../images/card-names';
import { absoluteUrl, fileFor } from '../paths';
import { pageGraph, type PageSchema } from '../structured-data/page-graph';
import { cardImage, largeImage, logoRendition } from './social';

export type Route = {
  [K in PageKind]: Pick<RouteSpec<K>, 'path' | 'kind' | 'props' | 'source' | 'lastModified' | 'body' | 'card'> & {
    file: string;
    canonical: string;
    /** Made when first read: a large site's main thread reads no article's, the threads that render them make their own. */
    head: Head;
    inSitemap: boolean;
  };
}[PageKind];

/** Stands in a Markdown page's props for its body's HTML, placed after the render; no text of a page can contain it. */
export const bodySlot = '\u0000sitegen-body\u0000';

export type RouteSpec<K extends PageKind> = {
  path: string;
  kind: K;
  props: PageProps<K>;
  /** The content file the page comes from, for error messages. */
  source: string;
  head: Pick<Head, 'title' | 'description' | 'keywords' | 'noindex' | 'atAnyPath' | 'article'> & {
    ogType?: Head['ogType'];
    /** What social networks show when the page is shared (at the size they show it, social.ts), unless it has a card. */
    image?: Image;
  };
  /** The trail above the page and its name; or, for a page others hang from, its own trail, made once in context.ts. */
  breadcrumb: { above: readonly Link[]; name: string } | { trail: readonly Link[] };
  /** Every page has it but the 404. Made with the head, when first read. */
  schema?: PageSchema | (() => PageSchema);
  lastModified?: string;
  body?: MarkdownBody;
  card?: SocialCard;
};

export function pageRoute<K extends PageKind>(site: SiteFacts, siteUrl: string, spec: RouteSpec<K>): Route {
  const { path, kind, props, source, lastModified, body, card } = spec;
  const canonical = absoluteUrl(siteUrl, path);
  const inSitemap = !spec.head.noindex;
  const route = { path, file: fileFor(path), kind, props, canonical, source, inSitemap, lastModified } as Route;
  let head: Head | undefined;
  Object.defineProperty(route, 'head', {
    get: () => (head ??= pageHead(site, siteUrl, canonical, spec)),
    enumerable: true,
  });
  if (body) route.body = body;
  if (card) route.card = card;
  return route;
}

function pageHead<K extends PageKind>(site: SiteFacts, siteUrl: string, canonical: string, spec: RouteSpec<K>): Head {
  const { title: base, description, ogType = 'website' } = spec.head;
  const title = pageTitle(base, site.name);
  const breadcrumbs =
    'trail' in spec.breadcrumb
      ? spec.breadcrumb.trail
      : [...spec.breadcrumb.above, { label: spec.breadcrumb.name, href: spec.path }];
  const schema = typeof spec.schema === 'function' ? spec.schema() : spec.schema;
  const jsonLd = schema && pageGraph(site, siteUrl, { url: canonical, name: base, description, breadcrumbs }, schema);
  const { card, head } = spec;
  const own = card ? cardImage(siteUrl, card) : head.image && largeImage(siteUrl, head.image);
  // A page with no picture of its own is shared with the brand's logo rather than as a bare link (the 404, never shared, aside).
  const logo = schema && logoRendition(site, siteUrl);
  const large = own ?? logo;
  const alt = card ? card.content.title : (head.image?.alt ?? site.logo.alt);
  const image = large && { url: large.url, width: large.width, height: large.height, alt: alt! };
  // The site's own images the head names besides those its templates draw: its image, and its structured data's.
  const named = [large?.path, ...(logo ? [logo.path, ...(schema.images ?? [])] : [])];
  const images = [...new Set(named.filter((path) => path !== undefined))];
  return { ...head, title, ogType, canonical, breadcrumbs, jsonLd, image, images };
}

/** A page's <title>: its own, and the site's name where both fit the 60 characters search results show. */
export const pageTitle = (own: string, site: string) => (`${own} | ${site}`.length <= 60 ? `${own} | ${site}` : own);

export function meta(page: { title: string; description: string; keywords: readonly string[] }) {
  return { title: page.title, description: page.description, keywords: page.keywords };
}

/**
 * Routes kept from the last table, each made again only when what it was made from changed, by identity (what an
 * unchanged article keeps between two loads of a dev server): an update after one edit then makes the few routes the
 * edit touched, and finds the pages it touched without comparing thousands.
 */
export class KeptRoutes {
  /** By key, with the time the table was last made that asked for it: one map kept, not one made anew each time. */
  private readonly entries = new Map<string, { inputs: readonly unknown[]; routes: unknown; asked: number }>();
  private times = 0;

  /** What `key` had the last time (a route, or what else the table keeps by its inputs) if `inputs` are the same, else `make()`'s. */
  route<T>(key: string, inputs: readonly unknown[], make: () => T): T {
    let entry = this.entries.get(key);
    const same =
      entry?.inputs.length === inputs.length && entry.inputs.every((input, index) => input === inputs[index]);
    if (entry === undefined || !same) this.entries.set(key, (entry = { inputs, routes: make(), asked: 0 }));
    entry.asked = this.times + 1;
    // Stored under this key by this method only, made by a `make` of the same call site.
    return entry.routes as T;
  }

  /** The table is made: what it did not ask for this time is forgotten. */
  done(): void {
    this.times += 1;
    for (const [key, entry] of this.entries) if (entry.asked !== this.times) this.entries.delete(key);
  }
}
