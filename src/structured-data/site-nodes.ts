/** The agency and its website, in every page's graph: other nodes point at them by @id rather than repeating them. */
import type { Country, IdReference, Person, ProfessionalService, Thing, WebSite } from 'schema-dts';
import type { SiteFacts, TeamMember } from '../content/model';
import { absoluteUrl, paths } from '../paths';
import { logoRendition } from '../routes/social';

/** The @id of each node the whole site shares: fragments of the home page's URL, as search engines expect. */
export function siteIds(siteUrl: string) {
  const home = absoluteUrl(siteUrl, '/');
  return { home, organization: `${home}#organization`, logo: `${home}#logo`, website: `${home}#website` };
}

/** A schema.org object with the @id other nodes point at it by: not the bare text schema-dts allows for most types. */
export type GraphNode<T extends Thing = Thing> = Exclude<T, string> & IdReference;

export const ref = (id: string): IdReference => ({ '@id': id });

export const servedCountry = (site: SiteFacts): Country => ({
  '@type': 'Country',
  name: site.areaServed.name,
  identifier: site.areaServed.code,
});

export function organization(site: SiteFacts, siteUrl: string): GraphNode<ProfessionalService> {
  const ids = siteIds(siteUrl);
  const telephone = site.phoneHref.replace(/^tel:/, '');
  const profiles = site.social.flatMap((social) => (social.href ? [social.href] : []));
  const logo = logoRendition(site, siteUrl);
  return {
    '@type': 'ProfessionalService',
    '@id': ids.organization,
    name: site.name,
    legalName: site.legalName,
    url: ids.home,
    logo: {
      '@type': 'ImageObject',
      '@id': ids.logo,
      url: logo.url,
      contentUrl: logo.url,
      width: { '@type': 'QuantitativeValue', value: logo.width, unitCode: 'E37' },
      height: { '@type': 'QuantitativeValue', value: logo.height, unitCode: 'E37' },
      caption: site.name,
    },
    image: ref(ids.logo),
    description: site.blurb,
    telephone,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: site.hours.days,
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone,
      email: site.email,
      areaServed: site.areaServed.code,
      availableLanguage: 'English',
    },
    areaServed: servedCountry(site),
    ...(profiles.length > 0 && { sameAs: profiles }),
  };
}

export function website(site: SiteFacts, siteUrl: string): GraphNode<WebSite> {
  const ids = siteIds(siteUrl);
  return {
    '@type': 'WebSite',
    '@id': ids.website,
    url: ids.home,
    name: site.name,
    description: site.tagline,
    publisher: ref(ids.organization),
  };
}

/** A member of the team, at their anchor on the about page: an article they wrote names them by the same @id. */
export function teamMember(siteUrl: string, member: TeamMember): GraphNode<Person> {
  const url = absoluteUrl(siteUrl, paths.teamMember(member.id));
  const worksFor = ref(siteIds(siteUrl).organization);
  return { '@type': 'Person', '@id': url, url, name: member.name, jobTitle: member.role, worksFor };
}
