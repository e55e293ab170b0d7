/** A service the agency offers, on its page or a trade's: provided by the organisation, in the country it serves. */
import type { Service } from 'schema-dts';
import type { SiteFacts } from '../content/model';
import { ref, servedCountry, siteIds, type GraphNode } from './site-nodes';

interface ServiceFacts {
  name: string;
  serviceType: string;
  description: string;
  pageUrl: string;
  /** Who the service is for, where the page is for one trade (its plural: "Plumbers"). */
  audience?: string;
}

export const service = (site: SiteFacts, siteUrl: string, facts: ServiceFacts): GraphNode<Service> => ({
  '@type': 'Service',
  '@id': `${facts.pageUrl}#service`,
  name: facts.name,
  serviceType: facts.serviceType,
  description: facts.description,
  url: facts.pageUrl,
  provider: ref(siteIds(siteUrl).organization),
  areaServed: servedCountry(site),
  ...(facts.audience && { audience: { '@type': 'BusinessAudience', audienceType: facts.audience } }),
});
