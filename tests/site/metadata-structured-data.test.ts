/**
 * What crawlers read in each page's JSON-LD: one connected schema.org graph a
 * page, with the organisation, the website, the page's own node and what the
 * page is about (a service, an article, the blog's list, the open positions).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalOf } from '../support/canonical-url';
import { allPaths, articleSlugs, loadPage, servicePageSlugs, siteDir, siteUrl, tradeSlugs } from '../support/site';

type JsonNode = Record<string, unknown>;

function jsonLdOf(path: string): JsonNode[] {
  const $ = loadPage(path);
  return $('script[type="application/ld+json"]')
    .map((_, script) => JSON.parse($(script).html() ?? ''))
    .get() as JsonNode[];
}

/** The page's one JSON-LD block, as the nodes of its schema.org graph. */
function graphOf(path: string): JsonNode[] {
  const blocks = jsonLdOf(path);
  expect(blocks, path).toHaveLength(1);
  expect(blocks[0]!['@context'], path).toBe('https://schema.org');
  return blocks[0]!['@graph'] as JsonNode[];
}

function nodeById(graph: JsonNode[], id: string): JsonNode | undefined {
  return graph.find((node) => node['@id'] === id);
}

describe('structured data: one connected graph per page', () => {
  const home = () => `${siteUrl()}/`;
  const organizationId = () => `${siteUrl()}/#organization`;
  const websiteId = () => `${siteUrl()}/#website`;

  it('every page but the 404 has one schema.org @graph with the organisation, the website and its own page node', () => {
    const pageTypes: Record<string, string> = {
      '/': 'WebPage',
      '/about': 'AboutPage',
      '/contact': 'ContactPage',
      '/blog': 'CollectionPage',
      '/careers': 'WebPage',
      '/case-studies': 'WebPage',
    };
    for (const path of allPaths) {
      const graph = graphOf(path);
      const page = nodeById(graph, canonicalOf(path));
      expect(page, path).toMatchObject({
        '@type': pageTypes[path] ?? (path.startsWith('/blog/category/') ? 'CollectionPage' : 'WebPage'),
        url: canonicalOf(path),
        isPartOf: { '@id': websiteId() },
        description: loadPage(path)('meta[name="description"]').attr('content'),
      });
      expect(graph.map((node) => node['@type']).slice(0, 3), path).toEqual([
        'ProfessionalService',
        'WebSite',
        page!['@type'],
      ]);
    }
    expect(jsonLdOf('/404')).toEqual([]);
  });

  it('the organisation has its logo (a PNG the site makes from content/images/), address, map position, hours, contact point and the country it serves', () => {
    const organization = nodeById(graphOf('/'), organizationId());
    expect(organization).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'TradeBoost Digital',
      url: home(),
      telephone: '+448081570192',
      email: 'hello@example.com',
      logo: {
        '@type': 'ImageObject',
        '@id': `${siteUrl()}/#logo`,
        url: expect.stringMatching(new RegExp(`^${siteUrl()}/assets/images/logo-[0-9a-f]{12}-512\\.png$`)),
        width: { value: 512 },
        height: { value: 512 },
      },
      image: { '@id': `${siteUrl()}/#logo` },
      address: {
        '@type': 'PostalAddress',
        streetAddress: '41 Friar Gate',
        addressLocality: 'Derby',
        addressRegion: 'Derbyshire',
        postalCode: 'DE1 1DA',
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 52.9238, longitude: -1.4863 },
      openingHoursSpecification: {
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      },
      contactPoint: {
        '@type': 'ContactPoint',
        telephone: '+448081570192',
        email: 'hello@example.com',
        areaServed: 'GB',
      },
      areaServed: { '@type': 'Country', name: 'United Kingdom', identifier: 'GB' },
    });
    // No profile on a social network is given: none is claimed.
    expect(organization).not.toHaveProperty('sameAs');
    const logo = readFileSync(join(siteDir(), (organization!.logo as { url: string }).url.slice(siteUrl().length + 1)));
    // A PNG's header, then its width and height: what the structured data says they are.
    expect(logo.subarray(1, 4).toString()).toBe('PNG');
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([512, 512]);
    expect(nodeById(graphOf('/'), websiteId())).toMatchObject({
      '@type': 'WebSite',
      url: home(),
      name: 'TradeBoost Digital',
      publisher: { '@id': organizationId() },
    });
    for (const path of ['/', '/about', '/contact'])
      expect(nodeById(graphOf(path), canonicalOf(path))!.mainEntity, path).toEqual({ '@id': organizationId() });
  });

  it('service and trade pages describe a Service provided by the organisation, and a trade page its trade as the audience', () => {
    for (const slug of [...servicePageSlugs, ...tradeSlugs]) {
      const url = canonicalOf(`/services/${slug}`);
      const graph = graphOf(`/services/${slug}`);
      expect(nodeById(graph, url)!.mainEntity, slug).toEqual({ '@id': `${url}#service` });
      expect(nodeById(graph, `${url}#service`), slug).toMatchObject({
        '@type': 'Service',
        url,
        provider: { '@id': organizationId() },
        areaServed: { '@type': 'Country', identifier: 'GB' },
        serviceType: expect.any(String),
      });
    }
    expect(nodeById(graphOf('/services/local-seo'), `${canonicalOf('/services/local-seo')}#service`)).toMatchObject({
      name: 'Local SEO',
      serviceType: 'Local SEO',
    });
    expect(
      nodeById(graphOf('/services/local-seo'), `${canonicalOf('/services/local-seo')}#service`)!.audience,
    ).toBeUndefined();
    expect(
      nodeById(graphOf('/services/carpenter-joiner'), `${canonicalOf('/services/carpenter-joiner')}#service`),
    ).toMatchObject({
      name: 'Digital Marketing for Carpenters & Joiners',
      serviceType: 'Digital marketing',
      audience: { '@type': 'BusinessAudience', audienceType: 'Carpenters & Joiners' },
    });
  });

  it('articles describe a BlogPosting with headline, image, dates and author, published by the organisation', () => {
    const authors = articleSlugs.map((slug) => {
      const $ = loadPage(`/blog/${slug}`);
      const url = canonicalOf(`/blog/${slug}`);
      const graph = graphOf(`/blog/${slug}`);
      expect(nodeById(graph, url)!.mainEntity, slug).toEqual({ '@id': `${url}#article` });
      const posting = nodeById(graph, `${url}#article`);
      const byline = $('main article p a[href^="/about#"]');
      expect(posting, slug).toMatchObject({
        '@type': 'BlogPosting',
        headline: $('h1').text(),
        datePublished: $('main time').first().attr('datetime'),
        dateModified: $('main time').first().attr('datetime'),
        // Named as the byline names them, with the profile the byline links to: Google tells two authors apart by it.
        author: {
          '@type': 'Person',
          '@id': canonicalOf(byline.attr('href')!),
          name: byline.text(),
          url: canonicalOf(byline.attr('href')!),
        },
        publisher: { '@id': organizationId() },
        mainEntityOfPage: { '@id': url },
      });
      // As JPEG, which every crawler takes, whatever format its Accept header would have the image host choose.
      expect((posting!.image as string[])[0]).toMatch(
        /^https:\/\/images\.unsplash\.com\/photo-[\w-]+\?fm=jpg&fit=crop&w=1200&h=630&q=70$/,
      );
      return [byline.text(), (posting!.author as { url: string }).url] as const;
    });
    // Each author's profile is their card among the team on /about, where the graph has the same Person by its @id.
    const about = loadPage('/about');
    const aboutGraph = graphOf('/about');
    for (const [name, url] of authors) {
      expect(url.startsWith(canonicalOf('/about#')), name).toBe(true);
      expect(about(`#team li[id="${new URL(url).hash.slice(1)}"] h3`).text()).toBe(name);
      expect(nodeById(aboutGraph, url), name).toMatchObject({ '@type': 'Person', name });
    }
    expect(new Set(authors.map(([name]) => name))).toEqual(
      new Set(['Sarah Mitchell', 'James Thompson', 'Priya Patel']),
    );
  });

  it('the about page describes each member of the team as a Person working for the organisation, at their card', () => {
    const about = loadPage('/about');
    const people = graphOf('/about').filter((node) => node['@type'] === 'Person');
    const cards = about('#team li[id]')
      .toArray()
      .map((card) => ({
        '@type': 'Person',
        '@id': canonicalOf(`/about#${card.attribs.id}`),
        url: canonicalOf(`/about#${card.attribs.id}`),
        name: about(card).find('h3').text(),
        jobTitle: about(card).find('h3 + p').text(),
        worksFor: { '@id': organizationId() },
      }));
    expect(cards.map((card) => card.name)).toEqual(['Sarah Mitchell', 'James Thompson', 'Priya Patel']);
    expect(people).toEqual(cards);
  });

  it("articles give Open Graph their date, as their BlogPosting's datePublished, and no modified time without an update", () => {
    const published = articleSlugs.map((slug) => {
      const $ = loadPage(`/blog/${slug}`);
      const posting = nodeById(graphOf(`/blog/${slug}`), `${canonicalOf(`/blog/${slug}`)}#article`)!;
      expect($('meta[property="article:published_time"]').attr('content'), slug).toBe(posting.datePublished);
      expect($('meta[property="article:modified_time"]'), slug).toHaveLength(0);
      return [slug, $('meta[property="article:published_time"]').attr('content')];
    });
    expect(Object.fromEntries(published)).toEqual({
      'local-seo-tips': '2024-02-13',
      'google-ads-guide': '2024-03-19',
      'online-reviews-guide': '2024-05-07',
      'social-media-guide': '2024-06-25',
      'website-design-mistakes': '2024-08-20',
      'digital-marketing-roi': '2024-10-15',
    });
    // Only an article's page is an article.
    for (const path of allPaths.filter((path) => !articleSlugs.some((slug) => path === `/blog/${slug}`)))
      expect(loadPage(path)('meta[property^="article:"]'), path).toHaveLength(0);
  });

  it('the blog index is a CollectionPage listing its articles in the order it shows them', () => {
    const $ = loadPage('/blog');
    const list = nodeById(graphOf('/blog'), `${canonicalOf('/blog')}#articles`);
    const shown = $('main article a[href^="/blog/"]')
      .map((_, a) => canonicalOf($(a).attr('href')!))
      .get();
    expect(shown).toHaveLength(6);
    expect(list).toMatchObject({ '@type': 'ItemList' });
    expect(
      (list!.itemListElement as { url: string; position: number }[]).map((item) => [item.position, item.url]),
    ).toEqual(shown.map((url, index) => [index + 1, url]));
  });

  it('each open position on /careers is a complete JobPosting, pointing at its own place on the page', () => {
    const $ = loadPage('/careers');
    const careers = canonicalOf('/careers');
    const postings = graphOf('/careers').filter((node) => node['@type'] === 'JobPosting');
    expect(postings.map((posting) => [posting.title, posting.url])).toEqual([
      ['Senior Digital Marketing Specialist', `${careers}#senior-digital-marketing-specialist`],
      ['Web Developer', `${careers}#web-developer`],
      ['Account Manager', `${careers}#account-manager`],
    ]);
    for (const posting of postings) {
      const id = (posting.url as string).split('#')[1]!;
      expect($(`#${id} h3`).text()).toBe(posting.title);
      expect(posting).toMatchObject({
        employmentType: 'FULL_TIME',
        hiringOrganization: { '@id': organizationId() },
        directApply: false,
        identifier: { value: id },
      });
      expect(posting.description as string).toContain(
        `<p>${$(`#${id} > p`).text()}</p><p>What we are looking for:</p>`,
      );
      expect(posting.description as string).toMatch(/<ul>(<li>[^<]+<\/li>){5}<\/ul>$/);
      expect(posting.baseSalary, 'the agency states no salary').toBeUndefined();
    }
    expect(postings.map((posting) => [posting.datePosted, posting.validThrough])).toEqual([
      ['2026-11-02', '2027-01-31T23:59:59+00:00'],
      ['2026-11-16', '2027-01-31T23:59:59+00:00'],
      ['2026-10-26', '2027-01-15T23:59:59+00:00'],
    ]);
    expect(postings[0]).toMatchObject({
      jobLocation: {
        '@type': 'Place',
        address: { addressLocality: 'London', addressRegion: 'Greater London', addressCountry: 'GB' },
      },
    });
    expect(postings[1]).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United Kingdom' },
    });
    expect(postings[1]!.jobLocation).toBeUndefined();
    expect(postings[2]).toMatchObject({
      jobLocation: { address: { addressLocality: 'Manchester', addressCountry: 'GB' } },
    });
  });
});
