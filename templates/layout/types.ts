import type { Graph } from 'schema-dts';
import type { SiteFacts } from '../../src/content/model';

export interface Link {
  label: string;
  href: string;
}

/** A sentence with links in it: its runs of text in order, a run with an href a link. */
export type LinkedText = { text: string; href?: string }[];

/** What a lead form says around it: how to reach the agency where JavaScript is off or the form is stuck; its privacy policy. */
export interface FormNotes {
  withoutScript: LinkedText;
  waiting: LinkedText;
  privacy: LinkedText;
}

/** What the route table decides about a page's document around its content: its <head>, and the breadcrumb trail above the content. */
export interface Head {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Absolute URL of the page. */
  canonical: string;
  ogType: 'website' | 'article';
  /** An article's dates for Open Graph, as its BlogPosting gives them (ISO 8601); `modified` only where it was updated. */
  article?: { published: string; modified?: string | undefined };
  /** What social networks show when the page is shared: an absolute URL, and the image's size and description. */
  image?: { url: string; width: number; height: number; alt: string };
  /** The site's own images the head names (its image, its structured data's), by their paths under the output: the page records them. */
  images: readonly string[];
  /** From the home page to this page, which is last; on the home page, just itself, and no trail is shown. */
  breadcrumbs: readonly Link[];
  /** The page's schema.org graph (src/structured-data/); none on the 404 page, which search engines do not index. */
  jsonLd?: Graph;
  /** Search engines are asked not to index the page (the 404, an empty category, every page of a preview build). */
  noindex?: boolean;
  /** The page has no address of its own, so no canonical link nor og:url: the 404, served at every missing path. */
  atAnyPath?: boolean;
}

/** The header and footer: the same on every page, built once per build. */
export interface Layout {
  site: SiteFacts;
  skipLink: string;
  /** The blog's feeds, named in every page's <head> for feed readers to find. */
  feeds: readonly { type: string; title: string; href: string }[];
  /** The accessible name of every page's breadcrumb trail. */
  breadcrumbLabel: string;
  header: {
    links: readonly (Link | { label: string; menu: 'services' })[];
    servicesMenu: {
      label: string;
      servicesHeading: string;
      services: readonly Link[];
      tradesHeading: string;
      trades: readonly Link[];
    };
    phoneLabel: string;
    quoteButton: Link;
    menuButton: string;
  };
  /** The banner that asks a first visit whether the site may remember how it found it (islands/enhance/consent.ts). */
  consent: {
    heading: string;
    text: string;
    policy: Link;
    accept: string;
    reject: string;
    /** The footer's "Cookie settings": a button that asks again, and without script a link to the policy. */
    settings: Link;
  };
  footer: {
    columns: readonly { heading: string; links: readonly Link[] }[];
    contactHeading: string;
    socialHeading: string;
    copyright: string;
  };
}
