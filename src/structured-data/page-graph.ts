/**
 * A page's structured data: one JSON-LD graph whose nodes point at each other
 * by @id. Every page has the organisation, the website and its own page node
 * (part of the website), with its breadcrumb trail; a page that describes
 * something more (a service, an article, job postings) adds those nodes, and
 * its page node names the main one.
 */
import type { BreadcrumbList, Graph, WebPage } from 'schema-dts';
import type { SiteFacts } from '../content/model';
import { absoluteUrl } from '../paths';
import type { Link } from '../../templates/layout/types';
import type { GraphNode } from './graph-node';
import { organization, ref, siteIds, website } from './site-nodes';

/** The schema.org types of the site's pages: WebPage and the kinds of it they are. */
export const pageTypes = ['WebPage', 'AboutPage', 'ContactPage', 'CollectionPage'] as const;

/** What a page tells search engines beyond the nodes the whole site shares. */
export interface PageSchema {
  type: (typeof pageTypes)[number];
  /** What the page is chiefly about: a node of its own (a service, an article, a list), or the organisation itself. */
  mainEntity?: GraphNode | 'organization';
  /** More things the page describes (the careers page's job postings). */
  nodes?: readonly GraphNode[];
  /** The site's own images those nodes name besides the logo, by their paths under the output: the build makes them. */
  images?: readonly string[];
}

interface PageFacts {
  /** The page's canonical URL: its node's @id. */
  url: string;
  name: string;
  description: string;
  /** From the home page to this page; a trail of one (the home page's) is none. */
  breadcrumbs: readonly Link[];
}

export function pageGraph(site: SiteFacts, siteUrl: string, page: PageFacts, schema: PageSchema): Graph {
  const ids = siteIds(siteUrl);
  const { mainEntity } = schema;
  const trail = page.breadcrumbs.length > 1 ? breadcrumbList(siteUrl, page) : undefined;
  const pageNode = {
    '@type': schema.type,
    '@id': page.url,
    url: page.url,
    name: page.name,
    description: page.description,
    isPartOf: ref(ids.website),
    ...(trail && { breadcrumb: ref(trail['@id']) }),
    ...(mainEntity && { mainEntity: ref(mainEntity === 'organization' ? ids.organization : mainEntity['@id']) }),
  } satisfies WebPage;
  const nodes: GraphNode[] = [organization(site, siteUrl), website(site, siteUrl), pageNode];
  if (trail) nodes.push(trail);
  if (mainEntity && mainEntity !== 'organization') nodes.push(mainEntity);
  if (schema.nodes) nodes.push(...schema.nodes);
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** The trail as search results show it: each step's name and URL, in order from the home page. */
function breadcrumbList(siteUrl: string, page: PageFacts): GraphNode<BreadcrumbList> {
  return {
    '@type': 'BreadcrumbList',
    '@id': `${page.url}#breadcrumb`,
    itemListElement: page.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(siteUrl, crumb.href),
    })),
  };
}
