/**
 * What crawlers read: each page's <head>, its JSON-LD, the sitemap, robots.txt
 * and the headers file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPaths, articleSlugs, loadPage, servicePageSlugs, siteDir, siteUrl, tradeSlugs } from './support/site';

const canonicalOf = (path: string) => `${siteUrl()}${path}`;

function jsonLdOf(path: string): Record<string, unknown>[] {
  const $ = loadPage(path);
  return $('script[type="application/ld+json"]')
    .map((_, script) => JSON.parse($(script).html() ?? ''))
    .get() as Record<string, unknown>[];
}

describe('page metadata', () => {
  it('every page has a unique title and description, keywords, canonical, Open Graph and Twitter tags', () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of allPaths) {
      const $ = loadPage(path);
      const title = $('title').text();
      const description = $('meta[name="description"]').attr('content') ?? '';
      expect(title.length, path).toBeGreaterThan(10);
      expect(title.length, `${path}: "${title}"`).toBeLessThanOrEqual(60);
      expect(description.length, path).toBeGreaterThan(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
      titles.add(title);
      descriptions.add(description);
      expect($('meta[name="keywords"]').attr('content'), path).toMatch(/\w+, \w+/);
      expect($('link[rel="canonical"]').attr('href'), path).toBe(canonicalOf(path));
      expect($('meta[property="og:title"]').attr('content'), path).toBe(title);
      expect($('meta[property="og:description"]').attr('content'), path).toBe(description);
      expect($('meta[property="og:url"]').attr('content'), path).toBe(canonicalOf(path));
      expect($('meta[property="og:type"]').attr('content'), path).toBe(path.startsWith('/blog/') ? 'article' : 'website');
      expect($('meta[name="twitter:card"]').attr('content'), path).toMatch(/^summary/);
      expect($('meta[name="twitter:title"]').attr('content'), path).toBe(title);
      expect($('script[type="application/ld+json"]').length, path).toBeLessThanOrEqual(1);
    }
    expect(titles.size).toBe(allPaths.length);
    expect(descriptions.size).toBe(allPaths.length);
  });

  it('the home page describes the organisation with name, url, telephone, e-mail and address', () => {
    const [org] = jsonLdOf('/');
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: 'TradeBoost Digital',
      url: `${siteUrl()}/`,
      telephone: '+448081570192',
      email: 'hello@example.com',
      address: { '@type': 'PostalAddress', addressLocality: 'Derby', addressRegion: 'Derbyshire', addressCountry: 'GB' },
    });
  });

  it('service and trade pages describe a Service offered by the organisation', () => {
    for (const slug of [...servicePageSlugs, ...tradeSlugs]) {
      const [data] = jsonLdOf(`/services/${slug}`);
      expect(data, slug).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Service',
        url: canonicalOf(`/services/${slug}`),
        provider: { '@type': 'ProfessionalService', name: 'TradeBoost Digital', url: `${siteUrl()}/` },
      });
    }
    expect(jsonLdOf('/services/carpenter-joiner')[0]).toMatchObject({ name: 'Digital Marketing for Carpenters & Joiners' });
  });

  it('articles describe a BlogPosting with headline, image, date and author', () => {
    for (const slug of articleSlugs) {
      const $ = loadPage(`/blog/${slug}`);
      const [data] = jsonLdOf(`/blog/${slug}`);
      expect(data, slug).toMatchObject({
        '@type': 'BlogPosting',
        headline: $('h1').text(),
        datePublished: $('main time').first().attr('datetime'),
        author: { '@type': 'Person', name: expect.stringMatching(/\w+ \w+/) },
        mainEntityOfPage: { '@id': canonicalOf(`/blog/${slug}`) },
      });
      expect((data!.image as string[])[0]).toMatch(/^https:\/\/images\.unsplash\.com\//);
    }
  });

  it('pages without structured data in the specification carry none', () => {
    for (const path of ['/about', '/contact', '/blog', '/careers', '/privacy-policy']) expect(jsonLdOf(path), path).toEqual([]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists every page but the 404, with absolute canonical URLs', () => {
    const xml = readFileSync(join(siteDir(), 'sitemap.xml'), 'utf8');
    const urls = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => match[1]);
    expect(urls.sort()).toEqual(allPaths.map(canonicalOf).sort());
    expect(xml).not.toContain('404');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });

  it('robots.txt allows crawling and names the sitemap', () => {
    const robots = readFileSync(join(siteDir(), 'robots.txt'), 'utf8');
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${siteUrl()}/sitemap.xml`);
  });
});

describe('_headers', () => {
  it('sets security headers for every page and long caching for hashed assets', () => {
    const headers = readFileSync(join(siteDir(), '_headers'), 'utf8');
    const [pages, assets] = headers.split('\n\n');
    expect(pages).toMatch(/^\/\*\n/);
    expect(pages).toContain("script-src 'self'");
    expect(pages).not.toContain('unsafe-inline');
    expect(pages).toContain('X-Content-Type-Options: nosniff');
    expect(pages).toContain('X-Frame-Options: DENY');
    expect(pages).toContain('Referrer-Policy: strict-origin-when-cross-origin');
    expect(assets).toBe('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it('the stylesheet is one content-hashed file under assets/', () => {
    const $ = loadPage('/');
    const href = $('link[rel="stylesheet"]').attr('href')!;
    expect(href).toMatch(/^\/assets\/styles-[0-9a-f]{10}\.css$/);
    const css = readFileSync(join(siteDir(), href), 'utf8');
    expect(css).not.toMatch(/\n\s+/);
    for (const path of allPaths) expect(loadPage(path)('link[rel="stylesheet"]').attr('href')).toBe(href);
  });
});
