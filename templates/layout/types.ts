import type { Image, SiteFacts } from '../../src/content/model';

export interface Link {
  label: string;
  href: string;
}

/** Everything in the page's <head>, decided by the route table. */
export interface Head {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Absolute URL of the page. */
  canonical: string;
  ogType: 'website' | 'article';
  image?: Image;
  /** schema.org data for the page, if the page describes something search engines know (organisation, service, article). */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/** The header and footer: the same on every page, built once per build. */
export interface Layout {
  site: SiteFacts;
  skipLink: string;
  header: {
    links: readonly (Link | { label: string; menu: 'services' })[];
    servicesMenu: { label: string; servicesHeading: string; services: readonly Link[]; tradesHeading: string; trades: readonly Link[] };
    phoneLabel: string;
    quoteButton: Link;
    menuButton: string;
  };
  footer: {
    columns: readonly { heading: string; links: readonly Link[] }[];
    contactHeading: string;
    socialHeading: string;
    copyright: string;
  };
}
