/**
 * Nothing from content can inject markup, and what it writes shows as written; a build writes over the output before
 * last and nowhere else; good input builds the same bytes every time.
 */
import { lstat, mkdir, readFile, readdir, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { buildCaseTimeout } from '../support/build-refusals';
import { projectRoot } from '../support/cli';
import { fingerprint } from '../support/fingerprint';
import { siteDir, siteUrl } from '../support/site';
import { buildHere, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

describe('safe output', () => {
  it.concurrent(
    // A tag in a title is refused (refusals-front-matter): no content text can close the JSON-LD's script.
    'a < in prose and in a title, and HTML in backticks, show as written, in the page and its JSON-LD',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/google-ads-guide.md',
        (text) =>
          text.replace(/^title: .*$/m, 'title: "Ads from < £5 & <3 \\"quoted\\" guide"') +
          '\nBudgets < £50 a day work; the `<script>` tag and <https://ads.google.com> too.\n',
      );
      expect(await site.buildHere()).toBe('');
      const html = await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8');
      expect(html).toContain('the <code>&lt;script&gt;</code> tag');
      expect(cheerio.load(html)('main p:contains("Budgets")').text()).toBe(
        'Budgets < £50 a day work; the <script> tag and https://ads.google.com too.',
      );
      const $ = cheerio.load(html);
      expect(
        $('script:not([src])')
          .map((_, s) => $(s).attr('type'))
          .get(),
      ).toEqual(['speculationrules', 'application/ld+json']);
      expect(
        $('script[src]')
          .map((_, s) => $(s).attr('src'))
          .get(),
      ).toEqual([
        expect.stringMatching(/^\/assets\/consent-\w+\.js$/),
        expect.stringMatching(/^\/assets\/menus-\w+\.js$/),
      ]);
      const data = JSON.parse($('script[type="application/ld+json"]').html()!) as {
        '@graph': { '@type': string; headline?: string }[];
      };
      expect(data['@graph'].find((node) => node['@type'] === 'BlogPosting')?.headline).toBe(
        'Ads from < £5 & <3 "quoted" guide',
      );
      expect($('h1').text()).toBe('Ads from < £5 & <3 "quoted" guide');
    },
  );

  it.concurrent(
    'a footnote shows as a numbered link to its note, listed after the text, in the page and its feeds',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/local-seo-tips.md',
        (text) =>
          `${text}\nMost homeowners read reviews first[^survey].\n\n[^survey]: BrightLocal's survey, [2024](https://www.brightlocal.com/).\n`,
      );
      expect(await site.buildHere()).toBe('');
      const $ = cheerio.load(await readFile(join(site.out, 'blog/local-seo-tips.html'), 'utf8'));
      const reference = $('main p:contains("Most homeowners") sup a');
      expect([reference.text(), reference.attr('href')]).toEqual(['1', '#footnote-survey']);
      expect($('main section.footnotes h2.sr-only').text()).toBe('Footnotes');
      expect($('main section.footnotes li').text().trim()).toBe("BrightLocal's survey, 2024. ↩");
      expect($('#footnote-survey a[aria-label="Back to reference survey"]').attr('href')).toBe('#footnote-ref-survey');
      const feed = JSON.parse(await readFile(join(site.out, 'blog/feed.json'), 'utf8')) as {
        items: { url: string; content_html: string }[];
      };
      const item = feed.items.find((entry) => entry.url.endsWith('/blog/local-seo-tips'))!;
      expect(item.content_html).toContain(`href="${item.url}#footnote-survey"`);
      // The html gate (html-validate, the W3C checker) and the links gate, anchors included, take it as it is.
      const gates = await checkSite({
        root: projectRoot,
        dir: site.out,
        content: site.content,
        only: ['html', 'links'],
      });
      expect(gates.map(({ gate, findings }) => [gate, findings])).toEqual([
        ['html', []],
        ['links', []],
      ]);
    },
  );

  it.concurrent(
    'a link in Markdown to a page with a query string and a fragment builds, written as it was',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/local-seo-tips.md',
        (text) => `${text}\n[Book a call](/contact?from=blog&x=1#contact-form-heading)\n`,
      );
      expect(await site.buildHere()).toBe('');
      const $ = cheerio.load(await readFile(join(site.out, 'blog/local-seo-tips.html'), 'utf8'));
      expect($('main a:contains("Book a call")').attr('href')).toBe('/contact?from=blog&x=1#contact-form-heading');
    },
  );

  it.concurrent(
    'an article without a slug is listed as Coming Soon, with no page and no sitemap entry, and the build says so',
    async () => {
      const site = await workspace();
      await site.edit('blog/social-media-guide.md', (text) => text.replace(/^slug: .*\n/m, ''));
      const built = await site.build();
      expect(built.code).toBe(0);
      expect(built.stdout).toMatch(
        /\n {2}no slug {4}\S*content\/blog\/social-media-guide\.md: listed as "Coming Soon", no page\n/,
      );
      const blog = cheerio.load(await readFile(join(site.out, 'blog.html'), 'utf8'));
      const card = blog('main article').filter((_, article) =>
        blog(article).find('h3').text().startsWith('Social Media for Tradespeople'),
      );
      expect(card).toHaveLength(1);
      expect(card.text()).toContain('Coming Soon');
      expect(card.find('a')).toHaveLength(0);
      expect(blog('main article a[href^="/blog/"]')).toHaveLength(5);
      await expect(readFile(join(site.out, 'blog/social-media-guide.html'))).rejects.toThrow();
      expect(await readFile(join(site.out, 'sitemap.xml'), 'utf8')).not.toContain('social-media-guide');
    },
  );

  it.concurrent(
    'a build writes over the output before last: what this build did not make is gone, unchanged pages keep their time, build after build',
    async () => {
      const site = await workspace();
      await rm(site.out, { recursive: true });
      expect(await site.buildHere()).toBe('');
      const article = join(site.out, 'blog/google-ads-guide.html');
      // The time a file's bytes were first written, as a deploy by rsync compares it: within a millisecond.
      const firstTime = (await stat(article)).mtimeMs;
      const keepsItsTime = async () => expect(Math.abs((await stat(article)).mtimeMs - firstTime)).toBeLessThan(1);
      // The second build starts from an empty folder and keeps the first one's output beside it, as dist.previous: its
      // page of the same bytes takes the first one's time, and so on, however the two folders take turns.
      expect(await site.buildHere()).toBe('');
      expect((await readdir(site.dir)).sort()).toEqual(['content', 'dist', 'dist.previous']);
      await keepsItsTime();
      // The third writes over the first build's files: an unchanged page is not rewritten; a deleted article's page goes.
      await unlink(join(site.content, 'blog/social-media-guide.md'));
      await site.edit('blog/online-reviews-guide.md', (text) =>
        text.replace(/^title: .*$/m, 'title: "Online Reviews, Edited for This Test"'),
      );
      expect(await site.buildHere()).toBe('');
      await keepsItsTime();
      expect(await site.buildHere()).toBe('');
      await keepsItsTime();
      await expect(stat(join(site.out, 'blog/social-media-guide.html'))).rejects.toThrow();
      expect(await readFile(join(site.out, 'blog/online-reviews-guide.html'), 'utf8')).toContain(
        'Online Reviews, Edited for This Test',
      );
      // Exactly the files a build from nothing makes.
      await rm(join(site.dir, 'fresh'), { recursive: true, force: true });
      expect(await buildHere({ content: site.content, out: join(site.dir, 'fresh'), siteUrl: siteUrl() })).toBe('');
      expect(await fingerprint(site.out)).toEqual(await fingerprint(join(site.dir, 'fresh')));
    },
  );

  it.concurrent(
    'a link someone put in the output before last takes no write outside it: the links go, files are written in their place',
    async () => {
      const site = await workspace();
      // The workspace's output becomes the output before last, which the next build writes over.
      expect(await site.buildHere()).toBe('');
      const previous = join(site.dir, 'dist.previous');
      const victim = join(site.dir, 'victim.txt');
      const elsewhere = join(site.dir, 'elsewhere');
      await writeFile(victim, 'untouched\n');
      await mkdir(elsewhere);
      await rm(join(previous, 'index.html'));
      await symlink(victim, join(previous, 'index.html'));
      await rm(join(previous, 'blog'), { recursive: true });
      await symlink(elsewhere, join(previous, 'blog'));
      expect(await site.buildHere()).toBe('');
      expect(await readFile(victim, 'utf8')).toBe('untouched\n');
      expect(await readdir(elsewhere)).toEqual([]);
      expect((await lstat(join(site.out, 'index.html'))).isFile()).toBe(true);
      expect((await lstat(join(site.out, 'blog'))).isDirectory()).toBe(true);
      expect(await fingerprint(site.out)).toEqual(await fingerprint(siteDir()));
    },
  );

  it.concurrent('two builds of the same input are byte-identical', async () => {
    const site = await workspace();
    await rm(site.out, { recursive: true });
    expect(await site.buildHere()).toBe('');
    const again = await fingerprint(site.out);
    expect(again).toEqual(await fingerprint(siteDir()));
  });
});
