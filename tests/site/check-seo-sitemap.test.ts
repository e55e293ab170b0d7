/**
 * The seo gate of `sitegen check` on what a page tells search engines of
 * itself (its title, canonical URL, description, whether to index it) and on
 * the sitemap that lists the pages. Each fails, naming the page, the rule and
 * the message, on a copy of the good build broken on purpose; the gate runs
 * once on a copy holding the defects of many cases, one defect to a file
 * (inRounds).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { gateTimeout, inRounds, removeCopies, seoCase } from '../support/check-gates';
import { inProjectCopy } from '../support/project-copy';

afterAll(removeCopies);

const seoCases = {
  duplicateTitle: seoCase(
    'a duplicate title, in other capitals',
    [['careers.html', (html) => html.replace(/<title>[^<]+<\/title>/, '<title>About us | TradeBoost Digital</title>')]],
    ['/careers'],
    (findings) =>
      expect(findings).toEqual([
        expect.objectContaining({
          page: '/careers',
          rule: 'title-duplicate',
          message: expect.stringContaining('/about'),
        }),
      ]),
  ),
  canonical: seoCase(
    'a canonical URL that is not the page, and a page missing from the sitemap',
    [
      ['sitemap.xml', (xml) => xml.replace(/\s*<url><loc>[^<]+\/services\/roofer<\/loc><\/url>/, '')],
      ['careers.html', (html) => html.replace(/(rel="canonical" href="[^"]+)\/careers"/, '$1/jobs"')],
    ],
    ['/careers', '/services/roofer'],
    (findings) => {
      expect(findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/careers canonical-mismatch',
        '/careers open-graph',
        '/careers sitemap-missing-page',
        '/services/roofer sitemap-missing-page',
      ]);
      expect(findings.find((finding) => finding.rule === 'canonical-mismatch')).toMatchObject({
        message: expect.stringMatching(
          /^the canonical URL is https:\/\/\S+\/jobs, not the page's own URL https:\/\/\S+\/careers$/,
        ),
        fix: 'make the canonical the site origin plus the page path',
      });
    },
  ),
  noCanonical: seoCase(
    'a page with no canonical link',
    [['careers.html', (html) => html.replace(/<link rel="canonical"[^>]*>/, '')]],
    ['/careers'],
    (findings) =>
      expect(findings.filter((finding) => finding.rule === 'canonical-missing')).toEqual([
        expect.objectContaining({
          page: '/careers',
          message: 'the page has no canonical link',
          fix: 'add <link rel="canonical"> with the page\'s own URL',
        }),
      ]),
  ),
  noindex: seoCase(
    'a page that asks not to be indexed yet is in the sitemap',
    [
      [
        'cookie-policy.html',
        (html) =>
          html.replace('<meta name="description"', '<meta name="robots" content="noindex"/><meta name="description"'),
      ],
    ],
    ['/cookie-policy'],
    (findings) =>
      expect(findings).toEqual([
        expect.objectContaining({
          page: '/cookie-policy',
          rule: 'sitemap-noindex',
          message: expect.stringMatching(
            /^https:\/\/\S+\/cookie-policy is in sitemap\.xml, yet the page asks not to be indexed$/,
          ),
          fix: 'list only pages meant for search results',
        }),
      ]),
  ),
  noImage: seoCase(
    'a page with no og:image, which a share of it would show',
    [['case-studies.html', (html) => html.replace(/<meta property="og:image[^>]*>/g, '')]],
    ['/case-studies'],
    (findings) =>
      expect(findings).toEqual([
        expect.objectContaining({ page: '/case-studies', rule: 'open-graph', message: 'the page has no og:image' }),
      ]),
  ),
  folder: seoCase(
    'structured data that names a folder (no host serves one) and on a description of spaces',
    [
      [
        'blog.html',
        (html) =>
          html
            .replace(/("contentUrl":"https:\/\/[^/"]+)\/assets\/images\/logo-[0-9a-f]+-512\.png"/, '$1/assets"')
            .replace(/<meta name="description" content="[^"]*"/, '<meta name="description" content=" "'),
      ],
    ],
    ['/blog'],
    (findings) =>
      expect(findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/blog description-missing',
        '/blog json-ld-url',
      ]),
  ),
};

const sitemapCases = (
  [
    [
      'another namespace',
      (xml: string) => xml.replace('http://www.sitemaps.org/schemas/sitemap/0.9', 'http://example.com/not-sitemaps'),
      'its namespace is http://example.com/not-sitemaps, not http://www.sitemaps.org/schemas/sitemap/0.9',
    ],
    ['no closing tag', (xml: string) => xml.replace('</urlset>', ''), 'it does not end with </urlset>'],
    [
      'an entry that is no <url>',
      (xml: string) => xml.replace(/<url>(<loc>[^<]+\/about<\/loc>)<\/url>/, '<link>$1</link>'),
      'it holds a <link> where only <url> elements belong',
    ],
  ] as const
).map(([name, change, message]) =>
  seoCase(`a sitemap with ${name}`, [['sitemap.xml', change]], ['/sitemap.xml'], (findings) =>
    expect(findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ page: '/sitemap.xml', rule: 'sitemap-invalid', message })]),
    ),
  ),
);

const seoFindingsOf = inRounds('seo', [...Object.values(seoCases), ...sitemapCases]);

// On a copy of its own: without the sitemap's address, no page's own address is known.
const noSitemapLine = seoCase(
  'a robots.txt that names no sitemap: said, not a crash',
  [['robots.txt', (text) => text.replace(/^Sitemap:.*$/m, '')]],
  ['/robots.txt'],
  (findings) =>
    expect(findings).toEqual([
      expect.objectContaining({
        page: '/robots.txt',
        rule: 'robots-sitemap',
        message: 'robots.txt does not name the sitemap',
      }),
    ]),
);
const robotsFindingsOf = inRounds('seo', [noSitemapLine]);

describe.concurrent('seo', { timeout: gateTimeout }, () => {
  it('fails on a duplicate title', async () => {
    seoCases.duplicateTitle.expect(await seoFindingsOf(seoCases.duplicateTitle));
  });

  it('fails on a canonical URL that is not the page, and a page missing from the sitemap', async () => {
    seoCases.canonical.expect(await seoFindingsOf(seoCases.canonical));
  });

  it('fails on a page with no canonical link, saying what to add', async () => {
    seoCases.noCanonical.expect(await seoFindingsOf(seoCases.noCanonical));
  });

  it('fails on a page with no og:image, which a share of it would show', async () => {
    seoCases.noImage.expect(await seoFindingsOf(seoCases.noImage));
  });

  it('fails on a robots.txt that names no sitemap: said, not a crash', async () => {
    noSitemapLine.expect(await robotsFindingsOf(noSitemapLine));
  });
});

describe.concurrent('seo: the sitemap and what it lists', { timeout: gateTimeout }, () => {
  it.each(sitemapCases)('fails on $name', async (sitemapCase) => {
    sitemapCase.expect(await seoFindingsOf(sitemapCase));
  });

  it('fails on a page that asks not to be indexed yet is in the sitemap', async () => {
    seoCases.noindex.expect(await seoFindingsOf(seoCases.noindex));
  });

  it('fails on structured data that names a folder (no host serves one) and on a description of spaces', async () => {
    seoCases.folder.expect(await seoFindingsOf(seoCases.folder));
  });

  it("passes a file of public/ copied as it is, a search engine's verification file, which is no page of the site", async () => {
    await inProjectCopy(async (project) => {
      const file = 'google1234567890abcdef.html';
      await mkdir(join(project.dir, 'public'));
      await writeFile(join(project.dir, 'public', file), `google-site-verification: ${file}\n`);
      expect((await project.buildHere({ out: 'dist' })).code).toBe(0);
      const check = () =>
        checkSite({ root: project.dir, dir: 'dist', content: join(project.dir, 'content'), only: ['seo'] });
      expect((await check())[0]!.findings).toEqual([]);
      // Gone from public/, the file left in the output is taken for a page: one without a title, and so on.
      await rm(join(project.dir, 'public', file));
      expect((await check())[0]!.findings).toContainEqual(
        expect.objectContaining({ page: '/google1234567890abcdef', rule: 'title-missing' }),
      );
    });
  });
});
