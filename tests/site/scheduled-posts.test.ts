/**
 * Scheduled posts, on the real build of a project copy: a post goes live
 * on its day in London, by the clock SITEGEN_NOW sets, with no file
 * changed, in a warm build and an incremental one alike; what would stop
 * the build on a scheduled post's day is refused today, naming the day; a
 * featured one takes over on its day; SITEGEN_NOW itself is checked.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { DevSite } from '../../src/dev/dev-site';
import { EditorSite } from '../../admin/editor-site';
import { tree } from '../support/output-tree';
import { backdateLegalPages, editArticle, inProjectCopy, markDraft, writeSettled } from '../support/project-copy';
import { load, read } from '../support/publishing-copy';

describe('scheduled posts', () => {
  it('go live on their day in London by the SITEGEN_NOW clock, in a warm build and an incremental one, with no file changed; an incremental build on an earlier day takes them down again', async () => {
    await inProjectCopy(async (project) => {
      await backdateLegalPages(join(project.dir, 'content'));
      await editArticle(project, 'social-media-guide', (text) => text.replace(/^date: .*$/m, 'date: "2026-03-03"'));
      const before = { SITEGEN_NOW: '2026-03-02T23:59:59Z' };
      const after = { SITEGEN_NOW: '2026-03-03T00:00:00Z' };
      const build = (out: string, env: NodeJS.ProcessEnv, { incremental = false } = {}) =>
        project.buildHere({ out, env, incremental, quiet: false });
      const live = (out: string) => existsSync(join(project.dir, out, 'blog/social-media-guide.html'));

      const waiting = await build('out', before, { incremental: true });
      expect(waiting.stdout).toContain(
        '\n  drafts     1 scheduled article left out; next: "Social Media for Tradespeople: What to Post and Where" (content/blog/social-media-guide.md) goes live on 3 March 2026\n',
      );
      expect(live('out')).toBe(false);
      expect(await read(project, 'out/blog/rss.xml')).not.toContain('social-media-guide');
      expect((await build('out', before, { incremental: true })).stdout).toMatch(/^up to date: no input changed/m);

      // The day has come: no file changed, yet the incremental build is not up to date and publishes it.
      const published = await build('out', after, { incremental: true });
      expect(published.stdout).not.toMatch(/^up to date/m);
      expect(published.stdout).not.toContain('  drafts ');
      expect(live('out')).toBe(true);
      for (const file of ['blog.html', 'sitemap.xml', 'blog/rss.xml', 'blog/category/social-media.html'])
        expect(await read(project, `out/${file}`), file).toContain('social-media-guide');
      await rm(join(project.dir, 'whole'), { recursive: true, force: true });
      expect((await build('whole', after)).stderr).toBe('');
      expect(await tree(join(project.dir, 'out'))).toEqual(await tree(join(project.dir, 'whole')));

      // The clock set back (a later day previewed, then today's): the article is taken down again, as a whole build would.
      const back = await build('out', before, { incremental: true });
      expect(back.stdout).not.toMatch(/^up to date/m);
      expect(live('out')).toBe(false);
      expect(await read(project, 'out/blog/rss.xml')).not.toContain('social-media-guide');
      await build('out', after, { incremental: true });

      // A warm build reads every article from the content index, unchanged, and publishes it all the same.
      expect(live('whole')).toBe(true);
      await build('warm', before);
      expect(live('warm')).toBe(false);
      const warm = await build('warm', after);
      expect(warm.stdout).toMatch(/^ {2}index {6}0 of 9 Markdown files changed since the last build/m);
      expect(live('warm')).toBe(true);
    });
  });

  it("refuses today what would stop the build on a scheduled article's day, naming the day: a link to one scheduled later, a redirect from a scheduled article's address", async () => {
    await inProjectCopy(async (project) => {
      const blog = join(project.dir, 'content', 'blog');
      const guide = await readFile(join(blog, 'social-media-guide.md'), 'utf8');
      const scheduled = async (slug: string, date: string, more = '') => {
        const front = (text: string) =>
          text
            .replace(/^title: .*$/m, `title: "${slug}"`)
            .replace(
              /^description: .*$/m,
              `description: "All about ${slug}, an article this test schedules to go live later."`,
            )
            .replace(/^slug: .*$/m, `slug: "${slug}"`)
            .replace(/^date: .*$/m, `date: "${date}"`);
        await writeSettled(join(blog, `${slug}.md`), `${front(guide)}${more}`);
      };
      await scheduled('part-one', '2027-01-10', '\nNext week: [part two](/blog/part-two).\n');
      await scheduled('part-two', '2027-01-17');
      const build = () => project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01' } });
      const refusal = `content/blog/part-one.md: body: line ${guide.split('\n').length + 1}: links to "/blog/part-two", which is content/blog/part-two.md, scheduled for 17 January 2027: not a page until it is published; publish it first, or remove the link (on 10 January 2027, when content/blog/part-one.md goes live, the build that day would stop)`;
      expect((await build()).stderr).toBe(`sitegen: ${refusal}\n`);
      // sitegen dev says so in its terminal, and the editor refuses a save of either article.
      const site = new DevSite(resolveConfig({ root: project.dir }, { SITEGEN_NOW: '2026-12-01T09:00:00Z' }));
      try {
        await site.update();
        expect(site.buildRefusal).toBe(refusal);
        const editor = new EditorSite(site.editorContent()!);
        const { data } = matter(await readFile(join(blog, 'part-two.md'), 'utf8'));
        expect(() => editor.check({ path: 'blog/part-two.md', data, body: 'Part two, shorter.' })).toThrow(refusal);
      } finally {
        site.close();
      }
      // Both live on one day: the link leads somewhere from the first.
      await scheduled('part-two', '2027-01-10');
      expect((await build()).stderr).toBe('');
      // A redirect from an address taken on the first of three days: named on that day, not the last.
      await scheduled('part-three', '2027-01-24');
      await scheduled('part-four', '2027-01-31');
      const redirects = join(project.dir, 'content', 'redirects.json');
      const data = JSON.parse(await readFile(redirects, 'utf8')) as { redirects: object[] };
      data.redirects.push({ from: '/blog/part-two', to: '/blog' });
      await writeSettled(redirects, JSON.stringify(data, null, 2));
      expect((await build()).stderr).toBe(
        'sitegen: content/redirects.json: redirects[2].from: redirects from /blog/part-two, which is a page of the site (made from content/blog/part-two.md): a redirect would hide it; remove the redirect, or the page (on 10 January 2027, when content/blog/part-one.md and content/blog/part-two.md go live, the build that day would stop)\n',
      );
    });
  });

  it('a featured article scheduled to go live takes over from the featured one on its day, which is then listed by its date', async () => {
    await inProjectCopy(async (project) => {
      const blog = join(project.dir, 'content', 'blog');
      const guide = await readFile(join(blog, 'social-media-guide.md'), 'utf8');
      await writeSettled(
        join(blog, 'next-featured.md'),
        guide
          .replace(/^title: .*$/m, 'title: "Next Month\'s Featured Guide"')
          .replace(
            /^description: .*$/m,
            'description: "The guide lined up to be featured from its day, with its own words."',
          )
          .replace(/^slug: .*$/m, 'slug: "next-featured"')
          .replace(/^date: .*$/m, 'date: "2027-01-10"')
          .replace('featured: false', 'featured: true'),
      );
      const titles = async (now: string) => {
        expect((await project.buildHere({ out: 'out', env: { SITEGEN_NOW: now } })).stderr).toBe('');
        const $ = await load(project, 'out/blog.html');
        return $('main article h2, main article h3')
          .map((_, title) => $(title).text())
          .get();
      };
      const localSeo = 'Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby';
      const byDate = [
        'Is Your Marketing Paying Off? Measuring ROI for Trades',
        '11 Website Mistakes That Cost Tradespeople Work',
        'Social Media for Tradespeople: What to Post and Where',
        'Online Reviews for Trades: Get More, Handle the Bad Ones',
        'Google Ads for Tradespeople: Pay for Leads, Not Clicks',
      ];
      expect(await titles('2027-01-09')).toEqual([localSeo, ...byDate]);
      // The article featured until then, of February 2024, is listed by its date: last.
      expect(await titles('2027-01-10')).toEqual(["Next Month's Featured Guide", ...byDate, localSeo]);
    });
  });

  it("refuses an article, a scheduled one too, whose title or description another article or page has, naming both files; a draft's may", async () => {
    await inProjectCopy(async (project) => {
      const blog = join(project.dir, 'content', 'blog');
      const guide = await readFile(join(blog, 'social-media-guide.md'), 'utf8');
      const copy = (change: (text: string) => string) =>
        writeSettled(
          join(blog, 'zz-later.md'),
          change(guide.replace(/^slug: .*$/m, 'slug: "zz-later"').replace(/^date: .*$/m, 'date: "2027-01-10"')),
        );
      const build = async () => (await project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01' } })).stderr;
      const title = /^title: "(.*)"$/m.exec(guide)![1];
      await copy((text) => text);
      expect(await build()).toBe(
        `sitegen: content/blog/zz-later.md: front matter: title: "${title}" is also the title of /blog/social-media-guide (content/blog/social-media-guide.md): give each page its own (on 10 January 2027, when content/blog/zz-later.md goes live, the build that day would stop)\n`,
      );
      await copy((text) => text.replace(/^title: .*$/m, 'title: "Later"'));
      expect(await build()).toMatch(
        /^sitegen: content\/blog\/zz-later\.md: front matter: description: ".+" is also the description of \/blog\/social-media-guide \(content\/blog\/social-media-guide\.md\): give each page its own \(on 10 January 2027, when content\/blog\/zz-later\.md goes live, the build that day would stop\)\n$/,
      );
      // Another kind of page's: refused today, though the clash begins only on the day the article goes live.
      await copy((text) =>
        text
          .replace(/^title: .*$/m, 'title: "Digital Marketing for Plumbers"')
          .replace(/^description: .*$/m, 'description: "How a plumbing firm wins work online, step by step."'),
      );
      expect(await build()).toBe(
        'sitegen: content/blog/zz-later.md: front matter: title: "Digital Marketing for Plumbers" is also the title of /services/plumber (content/trades/plumber.json): give each page its own (on 10 January 2027, when content/blog/zz-later.md goes live, the build that day would stop)\n',
      );
      await copy(markDraft);
      expect(await build()).toBe('');
    });
  });

  it('refuses a SITEGEN_NOW that is not an ISO date-time with its offset, or a date', async () => {
    await inProjectCopy(async (project) => {
      // The first through the executable, as a user meets it; the others in this process.
      for (const [index, value] of ['2026-03-03T09:00', 'tomorrow', '2026-02-30'].entries()) {
        const env = { SITEGEN_NOW: value };
        const result =
          index === 0 ? await project.build(['--out', 'out'], env) : await project.buildHere({ out: 'out', env });
        expect(result.code, value).toBe(1);
        expect(result.stderr).toBe(
          `sitegen: SITEGEN_NOW: expected an ISO date-time with its offset, such as 2026-03-03T09:00:00Z, or a date such as 2026-03-03, found "${value}"\n`,
        );
      }
      expect(existsSync(join(project.dir, 'out'))).toBe(false);
    });
  });
});
