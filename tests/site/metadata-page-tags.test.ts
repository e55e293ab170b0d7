/**
 * What crawlers and link previews read in each page's <head>: its title,
 * description and keywords, its canonical address, its Open Graph and Twitter
 * tags, the picture a share shows and the site's icons.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { canonicalOf } from '../support/canonical-url';
import { allPaths, loadPage, siteDir, siteUrl } from '../support/site';

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
      // Google shows an indexed page's picture large (Discover, image results) only where the page allows it.
      expect($('meta[name="robots"]').attr('content'), path).toBe('max-image-preview:large');
      expect($('meta[property="og:title"]').attr('content'), path).toBe(title);
      expect($('meta[property="og:description"]').attr('content'), path).toBe(description);
      expect($('meta[property="og:url"]').attr('content'), path).toBe(canonicalOf(path));
      expect($('meta[property="og:type"]').attr('content'), path).toBe(
        path.startsWith('/blog/') && !path.startsWith('/blog/category/') ? 'article' : 'website',
      );
      expect($('meta[name="twitter:card"]').attr('content'), path).toMatch(/^summary/);
      expect($('meta[name="twitter:title"]').attr('content'), path).toBe(title);
    }
    expect(titles.size).toBe(allPaths.length);
    expect(descriptions.size).toBe(allPaths.length);
  });

  it('the 404 page, shown at whatever address was missing, names no address of its own to crawlers or link previews', () => {
    const $ = loadPage('/404');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    // A link preview of a mistyped address would otherwise be filed under /404, a page hosts answer with a 200.
    expect([$('link[rel="canonical"]').length, $('meta[property="og:url"]').length]).toEqual([0, 0]);
    expect($('meta[property="og:title"]').attr('content')).toBe($('title').text());
  });

  it('every page is shared with a picture: its own, shown large, or else the logo, small beside the words', () => {
    const logo = new RegExp(`^${siteUrl()}/assets/images/logo-[0-9a-f]{12}-512\\.png$`);
    const withLogo: string[] = [];
    for (const path of allPaths) {
      const $ = loadPage(path);
      const image = $('meta[property="og:image"]').attr('content');
      expect($('meta[name="twitter:image"]').attr('content'), path).toBe(image);
      if (!logo.test(image ?? '')) {
        expect($('meta[name="twitter:card"]').attr('content'), path).toBe('summary_large_image');
        continue;
      }
      withLogo.push(path);
      expect($('meta[name="twitter:card"]').attr('content'), path).toBe('summary');
      expect(
        ['og:image:width', 'og:image:height', 'og:image:alt'].map((name) =>
          $(`meta[property="${name}"]`).attr('content'),
        ),
        path,
      ).toEqual(['512', '512', 'TradeBoost Digital']);
    }
    expect(withLogo).toEqual(expect.arrayContaining(['/blog', '/contact', '/privacy-policy', '/blog/category/seo']));
    expect(withLogo).not.toContain('/');
  });

  it("names the logo as every page's icon: for a browser's tab, at a size Google Search shows beside a result, and for a phone's home screen", async () => {
    const icons = (path: string) =>
      loadPage(path)('link[rel="icon"], link[rel="apple-touch-icon"]')
        .toArray()
        .map(({ attribs }) => ({ rel: attribs.rel, href: attribs.href, sizes: attribs.sizes }));
    const home = icons('/');
    for (const path of allPaths) expect(icons(path), path).toEqual(home);
    const drawn = await Promise.all(
      home.map(async ({ rel, href, sizes }) => {
        const { format, width, height } = await sharp(join(siteDir(), href!)).metadata();
        return { rel, sizes, file: `${format} ${width}×${height}` };
      }),
    );
    expect(drawn).toEqual([
      { rel: 'icon', sizes: '32x32', file: 'png 32×32' },
      // Google Search asks for a square icon a multiple of 48 pixels wide (48 at least, larger recommended).
      { rel: 'icon', sizes: '96x96', file: 'png 96×96' },
      { rel: 'apple-touch-icon', sizes: undefined, file: 'png 180×180' },
    ]);
  });
});
