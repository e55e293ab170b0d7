/** A page's structured data: one JSON-LD graph whose nodes point at each other by @id. */
import type { BreadcrumbList, Graph, WebPage } from 'schema-dts';
import type { SiteFacts } from '../content/model';
import { absoluteUrl } from '../paths';
import type { Link } from '../../templates/layout/types';
import { organization, ref, siteIds, website, type GraphNode } from './site-nodes';

export const pageTypes = ['WebPage', 'AboutPage', 'ContactPage', 'CollectionPage'] as const;

/** What a page tells search engines beyond the nodes the whole site shares. */
export interface PageSchema {
  type: (typeof pageTypes)[number];
  /** What the page is chiefly about: a node of its own, or the organisation. */
  mainEntity?: GraphNode | 'organization';
  nodes?: readonly GraphNode[];
  /** The site's own images those nodes name besides the logo, by their paths under the output: the build makes them. */
  images?: readonly string[];
}

type PageFacts = { url: string; name: string; description: string; breadcrumbs: readonly Link[] };

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

const breadcrumbList = (siteUrl: string, page: PageFacts): GraphNode<BreadcrumbList> => ({
  '@type': 'BreadcrumbList',
  '@id': `${page.url}#breadcrumb`,
  itemListElement: page.breadcrumbs.map((crumb, index) => ({
    '@type': 'ListItem',
    position: index + 1,
    name: crumb.label,
    item: absoluteUrl(siteUrl, crumb.href),
  })),
});
