/**
 * Updated dates, on the real build of a project copy: shown on the
 * article, its structured data's dateModified, its Open Graph modified
 * time and its sitemap lastmod; one before its date or still to come
 * refused. And, on the site built once a run, lastmod only where a true
 * date is known.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { backdateLegalPages, editArticle, inProjectCopy } from '../support/project-copy';
import { load, read } from '../support/publishing-copy';
import { readPage, siteDir } from '../support/site';

describe('updated dates', () => {
  it("are shown on the article, are its BlogPosting's dateModified, its Open Graph modified time and its sitemap lastmod; one before its date or still to come is refused, as is a legal page's still to come", async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'local-seo-tips', (text) =>
        text.replace(/^readTime:/m, 'updated: "2026-03-03"\nreadTime:'),
      );
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const $ = await load(project, 'out/blog/local-seo-tips.html');
      expect($('main article p').eq(1).text()).toMatch(/13 February 2024\s*Updated 3 March 2026\s*8 min read$/);
      expect($('main time[datetime="2026-03-03"]').text()).toBe('3 March 2026');
      const posting = JSON.parse($('script[type="application/ld+json"]').text())['@graph'].find(
        (node: { '@type': string }) => node['@type'] === 'BlogPosting',
      );
      expect([posting.datePublished, posting.dateModified]).toEqual(['2024-02-13', '2026-03-03']);
      const openGraph = ['published', 'modified'].map((time) =>
        $(`meta[property="article:${time}_time"]`).attr('content'),
      );
      expect(openGraph).toEqual(['2024-02-13', '2026-03-03']);
      expect(await read(project, 'out/sitemap.xml')).toContain(
        '<loc>https://www.tradeboostdigital.co.uk/blog/local-seo-tips</loc><lastmod>2026-03-03</lastmod>',
      );
      const json = JSON.parse(await read(project, 'out/blog/feed.json'));
      expect(json.items.find((item: { url: string }) => item.url.endsWith('/local-seo-tips'))).toMatchObject({
        date_published: '2024-02-13T00:00:00.000Z',
        date_modified: '2026-03-03T00:00:00.000Z',
      });

      await editArticle(project, 'local-seo-tips', (text) =>
        text.replace('updated: "2026-03-03"', 'updated: "2024-01-01"'),
      );
      const refused = await project.buildHere({ out: 'out' });
      expect(refused.stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: front matter: updated: expected a date on or after its date (2024-02-13), found 2024-01-01\n',
      );

      // A day still to come (a mistyped year) is refused until that day begins in London.
      await editArticle(project, 'local-seo-tips', (text) =>
        text.replace('updated: "2024-01-01"', 'updated: "2026-12-01"'),
      );
      await backdateLegalPages(join(project.dir, 'content'));
      const early = await project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-11-30T23:59:59Z' } });
      expect(early.stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: front matter: updated: expected a date no later than today in London (2026-11-30), found 2026-12-01\n',
      );
      expect((await project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01T00:00:00Z' } })).stderr).toBe('');
      // A legal page's "Last updated" too, shown on the page and in the sitemap.
      await backdateLegalPages(join(project.dir, 'content'), '2026-12-02');
      const legal = await project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01T23:59:59Z' } });
      expect(legal.stderr).toBe(
        'sitegen: content/legal/privacy-policy.md: front matter: updated: expected a date no later than today in London (2026-12-01), found 2026-12-02\n',
      );
    });
  });

  it('lastmod appears only where a true date is known: an article (its date) and a legal page (last updated)', async () => {
    const xml = await readFile(join(siteDir(), 'sitemap.xml'), 'utf8');
    const entries = Array.from(xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g));
    expect(entries).toHaveLength(53);
    for (const [, url, lastmod] of entries) {
      const path = new URL(url!).pathname;
      const $ = cheerio.load(readPage(path));
      const expected = /^\/blog\/(?!category\/)[a-z-]+$/.test(path)
        ? $('main time').first().attr('datetime')
        : { '/terms-of-service': '2024-01-15', '/privacy-policy': '2026-12-01', '/cookie-policy': '2026-12-01' }[path];
      expect(lastmod, path).toBe(expected);
    }
  });
});
