/**
 * Drafts, on the real build of a project copy: what is not published is in
 * no page, list, feed, sitemap or structured-data list; `--drafts` puts it
 * all on a preview no search engine indexes; a published page that links
 * to a draft stops the build.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { runSitegen } from '../support/cli';
import { tree } from '../support/output-tree';
import { editArticle, inProjectCopy, markDraft } from '../support/project-copy';
import { load, read } from '../support/publishing-copy';

const itemListUrls = ($: cheerio.CheerioAPI) =>
  (
    $('script[type="application/ld+json"]')
      .text()
      .match(/"url":"[^"]+\/blog\/[a-z-]+"/g) ?? []
  ).join(' ');

describe('drafts', () => {
  it('--drafts with none says so, and that every page asks not to be indexed', async () => {
    await inProjectCopy(async (project) => {
      const preview = await project.buildHere({ out: 'preview', drafts: true, quiet: false });
      expect(preview.stdout).toContain(
        '\n  drafts     no drafts on the site (--drafts): every page asks not to be indexed\n',
      );
    });
  });

  it('are in no page, list, category page, sitemap, feed or JSON-LD list of a build; --drafts previews them, nothing indexed', async () => {
    await inProjectCopy(async (project) => {
      // No other article links to it: a link from a published one would stop the build (below).
      await editArticle(project, 'social-media-guide', markDraft);
      const built = await project.buildHere({ out: 'out', quiet: false });
      expect(built.stderr).toBe('');
      expect(built.stdout).toContain('\n  drafts     1 draft (content/blog/social-media-guide.md) left out\n');
      expect(existsSync(join(project.dir, 'out/blog/social-media-guide.html'))).toBe(false);
      for (const file of ['blog.html', 'sitemap.xml', 'blog/rss.xml', 'blog/atom.xml', 'blog/feed.json']) {
        expect(await read(project, `out/${file}`), file).not.toContain('social-media-guide');
      }
      const blog = await load(project, 'out/blog.html');
      expect(blog('main article')).toHaveLength(5);
      expect(itemListUrls(blog).match(/"url"/g)).toHaveLength(5);
      // Its category has no other article: the page says so, links to every article, and is kept out of search.
      const empty = await load(project, 'out/blog/category/social-media.html');
      expect(empty('main p').eq(1).text()).toBe('There are no articles on Social Media yet. Read all our articles');
      expect(empty('main p').eq(1).find('a').attr('href')).toBe('/blog');
      expect(empty('meta[name="robots"]').attr('content')).toBe('noindex');
      expect(empty('link[rel="canonical"]').attr('href')).toBe(
        'https://www.tradeboostdigital.co.uk/blog/category/social-media',
      );
      expect(await read(project, 'out/sitemap.xml')).not.toContain('/blog/category/social-media');

      const preview = await project.buildHere({ out: 'preview', drafts: true, quiet: false });
      expect(preview.stdout).toContain(
        '\n  drafts     1 draft (content/blog/social-media-guide.md) on the site (--drafts): every page asks not to be indexed\n',
      );
      const draft = await load(project, 'preview/blog/social-media-guide.html');
      expect(draft('main [role="note"]').text()).toBe('Draft, not published');
      const listed = await load(project, 'preview/blog.html');
      expect(listed('main article')).toHaveLength(6);
      expect(listed('main article').filter((_, card) => listed(card).text().includes('Draft'))).toHaveLength(1);
      expect(await read(project, 'preview/blog/rss.xml')).toContain('/blog/social-media-guide</link>');
      for (const file of ['index.html', 'about.html', 'blog.html', 'blog/social-media-guide.html', '404.html']) {
        expect((await load(project, `preview/${file}`))('meta[name="robots"]').attr('content'), file).toBe('noindex');
      }
      expect(await read(project, 'preview/sitemap.xml')).not.toContain('<url>');
      expect(await read(project, 'preview/_headers')).toMatch(/^\/\*\n(?: {2}.+\n)* {2}X-Robots-Tag: noindex\n/);
      expect(await read(project, 'out/_headers')).not.toContain('X-Robots-Tag');
      // Deployed by mistake, the preview would take the site out of search results: sitegen check says so.
      const checked = await runSitegen(['check', '--only', 'seo', '--dir', 'preview'], { cwd: project.dir });
      expect([checked.code, checked.stdout]).toEqual([
        1,
        expect.stringContaining(
          '  ✗ /sitemap.xml  sitemap-empty\n      sitemap.xml lists no page\n      fix: publish a build made without --drafts\n',
        ),
      ]);
    });
  });

  it('a published page that links to a draft fails the build, naming both files, and leaves the output as it was', async () => {
    await inProjectCopy(async (project) => {
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const before = await tree(join(project.dir, 'out'));
      await editArticle(project, 'local-seo-tips', markDraft);
      const result = await project.buildHere({ out: 'out' });
      expect(result.code).toBe(1);
      // Two published articles link to it: the newer is named, and the line of its link.
      const text = await readFile(join(project.dir, 'content/blog/website-design-mistakes.md'), 'utf8');
      const lineOfLink = text.split('\n').findIndex((line) => line.includes('](/blog/local-seo-tips)')) + 1;
      expect(result.stderr).toBe(
        `sitegen: content/blog/website-design-mistakes.md: body: line ${lineOfLink}: links to "/blog/local-seo-tips", which is content/blog/local-seo-tips.md, a draft (draft: true): not a page until it is published; publish it first, or remove the link\n`,
      );
      expect(await tree(join(project.dir, 'out'))).toEqual(before);
      // A preview build has the draft among its pages: the link leads somewhere.
      expect((await project.buildHere({ out: 'preview', drafts: true })).stderr).toBe('');
    });
  });

  it('a link to a draft by its old address (an alias of a renamed article) names the draft too', async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'local-seo-tips', (text) =>
        markDraft(text).replace('slug: "local-seo-tips"', 'slug: "local-seo-guide"\naliases: ["local-seo-tips"]'),
      );
      const result = await project.buildHere({ out: 'out' });
      expect(result.stderr).toMatch(
        /: links to "\/blog\/local-seo-tips", which is content\/blog\/local-seo-tips\.md, a draft \(draft: true\): not a page until it is published; publish it first, or remove the link\n$/,
      );
    });
  });
});
