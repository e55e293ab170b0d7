/**
 * The files crawlers and hosts read beside the pages: the sitemap, robots.txt
 * and the headers file, with the one content-hashed stylesheet it caches.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalOf } from '../support/canonical-url';
import { allPaths, loadPage, siteDir, siteUrl } from '../support/site';

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists every page but the 404, with absolute canonical URLs', () => {
    const xml = readFileSync(join(siteDir(), 'sitemap.xml'), 'utf8');
    const urls = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => match[1]);
    expect(urls.sort()).toEqual(allPaths.map(canonicalOf).sort());
    expect(xml).not.toContain('404');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
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

  it("allows the pages only what they use: images from the site and the stock photos' host, no plugin, no other base or form target, never framed", () => {
    const headers = readFileSync(join(siteDir(), '_headers'), 'utf8');
    const policy = /^ {2}Content-Security-Policy: (.*)$/m.exec(headers.split('\n\n')[0]!)![1]!;
    const directives = Object.fromEntries(
      policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    // No data: image: no page draws one, and content may name only the site's files and the stock photos.
    expect(directives['img-src']).toEqual(["'self'", 'https://images.unsplash.com']);
    // Built without SUPABASE_URL: the forms post to the site itself.
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(headers).toContain('  Strict-Transport-Security: max-age=31536000; includeSubDomains\n');
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
