/**
 * Drafts, scheduled posts and updated dates, on the real build of a project
 * copy: what is not published is in no page, list, feed, sitemap or
 * structured-data list; `--drafts` puts it all on a preview no search engine
 * indexes; a post goes live on its day in London, by the clock SITEGEN_NOW
 * sets, with no file changed, in a warm build and an incremental one alike.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import {
  isOpen,
  isPublished,
  londonDay,
  londonEndOfDay,
  londonMidnight,
  nextChange,
  nextScheduled,
  publicationStatus,
} from '../../src/content/publishing';
import { startDevServer } from '../../src/dev/dev-server';
import { DevSite } from '../../src/dev/dev-site';
import { EditorSite } from '../../admin/editor-site';
import { tree } from '../support/output-tree';
import { backdateLegalPages, inProjectCopy, writeSettled, type ProjectCopy } from '../support/project-copy';
import { readPage, siteDir } from '../support/site';

/** Edits an article's front matter in the project copy, saved a while ago so the content index may trust its time. */
async function editArticle(project: ProjectCopy, slug: string, change: (text: string) => string): Promise<void> {
  const file = join(project.dir, 'content', 'blog', `${slug}.md`);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
}

const markDraft = (text: string) => text.replace(/^readTime:/m, 'draft: true\nreadTime:');
const read = (project: ProjectCopy, file: string) => readFile(join(project.dir, file), 'utf8');
const load = async (project: ProjectCopy, file: string) => cheerio.load(await read(project, file));
const itemListUrls = ($: cheerio.CheerioAPI) =>
  (
    $('script[type="application/ld+json"]')
      .text()
      .match(/"url":"[^"]+\/blog\/[a-z-]+"/g) ?? []
  ).join(' ');

describe('isPublished (content/publishing.ts)', () => {
  it('publishes an article from the start of its day in London, in winter and in summer time', () => {
    const now = (instant: string) => ({ today: londonDay(new Date(instant)), drafts: false });
    const article = { date: '2026-06-01' };
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(isPublished(article, now('2026-05-31T22:59:59Z'))).toBe(false);
    expect(isPublished(article, now('2026-05-31T23:00:00Z'))).toBe(true);
    expect(isPublished({ date: '2026-01-15' }, now('2026-01-14T23:59:59Z'))).toBe(false);
    expect(isPublished({ date: '2026-01-15' }, now('2026-01-15T00:00:00Z'))).toBe(true);
    expect(londonMidnight('2026-06-01').toISOString()).toBe('2026-05-31T23:00:00.000Z');
    expect(londonMidnight('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it('never publishes a draft, whatever its date, unless drafts are shown; names the next scheduled article', () => {
    const today = '2026-03-02';
    const articles = [
      { date: '2026-03-10', title: 'later' },
      { date: '2026-01-01', draft: true, title: 'draft' },
      { date: '2026-03-03', title: 'next' },
      { date: '2026-03-01', draft: true, title: 'scheduled draft' },
      { date: '2026-02-01', title: 'live' },
    ];
    expect(articles.map((article) => publicationStatus(article, today))).toEqual([
      'scheduled',
      'draft',
      'scheduled',
      'draft',
      'published',
    ]);
    expect(articles.filter((article) => isPublished(article, { today, drafts: false })).map((a) => a.title)).toEqual([
      'live',
    ]);
    expect(articles.every((article) => isPublished(article, { today, drafts: true }))).toBe(true);
    expect(nextScheduled(articles, today)?.title).toBe('next');
  });

  it('keeps a job on the site from the day it is posted to the end of its closing day; names the first day the clock alone changes the site', () => {
    const posted = '2026-01-05';
    const jobs = [
      { datePosted: posted, validThrough: '2026-03-02' },
      { datePosted: posted, validThrough: '2026-02-28' },
      { datePosted: posted, validThrough: '2026-12-31' },
      { datePosted: '2026-03-06', validThrough: '2026-04-30' },
    ];
    expect(jobs.map((job) => isOpen(job, '2026-03-02'))).toEqual([true, false, true, false]);
    expect(isOpen(jobs[3]!, '2026-03-06')).toBe(true);
    // Its JobPosting's validThrough: the last second of its closing day, at London's offset that day.
    expect(['2027-01-31', '2026-07-31'].map(londonEndOfDay)).toEqual([
      '2027-01-31T23:59:59+00:00',
      '2026-07-31T23:59:59+01:00',
    ]);
    const articles = [{ date: '2026-03-10' }, { date: '2026-03-01' }];
    // The day after the first open job closes, before a job's posting and the next article's day; a closed job changes nothing more.
    expect(nextChange({ articles, jobs }, '2026-03-02')).toBe('2026-03-03');
    expect(nextChange({ articles, jobs: jobs.slice(2) }, '2026-03-02')).toBe('2026-03-06');
    expect(nextChange({ articles, jobs: jobs.slice(2, 3) }, '2026-03-02')).toBe('2026-03-10');
    expect(nextChange({ articles: [], jobs: jobs.slice(2, 3) }, '2026-03-02')).toBe('2027-01-01');
    expect(nextChange({ articles: articles.slice(1), jobs: jobs.slice(1, 2) }, '2026-03-02')).toBeUndefined();
  });
});

describe('drafts', () => {
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
    });
  });

  it('a published page that links to a draft fails the build, naming both files, and leaves the output as it was', async () => {
    await inProjectCopy(async (project) => {
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const before = await tree(join(project.dir, 'out'));
      await editArticle(project, 'local-seo-tips', markDraft);
      const result = await project.buildHere({ out: 'out' });
      expect(result.code).toBe(1);
      // Two published articles link to it: the newer is named.
      expect(result.stderr).toBe(
        'sitegen: content/blog/website-design-mistakes.md: body: links to "/blog/local-seo-tips", which is content/blog/local-seo-tips.md, a draft (draft: true): not a page until it is published; publish it first, or remove the link\n',
      );
      expect(await tree(join(project.dir, 'out'))).toEqual(before);
      // A preview build has the draft among its pages: the link leads somewhere.
      expect((await project.buildHere({ out: 'preview', drafts: true })).stderr).toBe('');
    });
  });
});

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
      const refusal =
        'content/blog/part-one.md: body: links to "/blog/part-two", which is content/blog/part-two.md, scheduled for 17 January 2027: not a page until it is published; publish it first, or remove the link (on 10 January 2027, when content/blog/part-one.md goes live, the build that day would stop)';
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

  it("refuses an article, a scheduled one too, whose title or description another article has, naming both files; a draft's may", async () => {
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
        `sitegen: content/blog/zz-later.md: front matter: title: "${title}" is also the title of content/blog/social-media-guide.md: give each article its own\n`,
      );
      await copy((text) => text.replace(/^title: .*$/m, 'title: "Later"'));
      expect(await build()).toMatch(
        /^sitegen: content\/blog\/zz-later\.md: front matter: description: ".+" is also the description of content\/blog\/social-media-guide\.md: give each article its own\n$/,
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

describe('jobs past their closing day', () => {
  it('leave /careers and its JobPostings on the day after, in an incremental build with no file changed; with none open or none at all, the page says so; one posted ahead appears on its day', async () => {
    await inProjectCopy(async (project) => {
      const build = (out: string, SITEGEN_NOW: string, { incremental = false } = {}) =>
        project.buildHere({ out, env: { SITEGEN_NOW }, incremental, quiet: false });
      const positions = async (out: string) => {
        const $ = await load(project, `${out}/careers.html`);
        const postings = JSON.parse($('script[type="application/ld+json"]').text()) as {
          '@graph': { '@type': string; title?: string }[];
        };
        return {
          listed: $('#positions article h3')
            .map((_, title) => $(title).text())
            .get(),
          postings: postings['@graph'].filter((node) => node['@type'] === 'JobPosting').map((node) => node.title),
          intro: $('#positions h2 + p').text(),
        };
      };
      const all = ['Senior Digital Marketing Specialist', 'Web Developer', 'Account Manager'];
      const jobsJson = await read(project, 'content/jobs.json');
      const intro =
        'Each role says whether it is full-time and where it is based. Press Apply Now to e-mail us with the role in the subject line.';

      // The Account Manager's last day.
      const open = await build('out', '2027-01-15T23:59:59Z', { incremental: true });
      expect(open.stdout).not.toContain('  jobs ');
      expect(await positions('out')).toEqual({ listed: all, postings: all, intro });
      expect((await build('out', '2027-01-15T23:59:59Z', { incremental: true })).stdout).toMatch(/^up to date/m);

      const next = await build('out', '2027-01-16T00:00:00Z', { incremental: true });
      expect(next.stdout).not.toMatch(/^up to date/m);
      expect(next.stdout).toContain(
        '\n  jobs       "Account Manager" (closed 15 January 2027) left out of /careers: remove a closed job from content/jobs.json, or give it a new validThrough\n',
      );
      expect(await positions('out')).toEqual({ listed: all.slice(0, 2), postings: all.slice(0, 2), intro });
      expect((await build('whole', '2027-01-16T00:00:00Z')).stderr).toBe('');
      expect(await tree(join(project.dir, 'out'))).toEqual(await tree(join(project.dir, 'whole')));

      // Where drafts are shown (sitegen dev, --drafts, the editor's preview), a closed job is listed, saying why it is not on the site.
      const env = { SITEGEN_NOW: '2027-01-16T00:00:00Z' };
      const drafts = await project.buildHere({ out: 'drafts', env, drafts: true, quiet: false });
      expect(drafts.stderr).toBe('');
      expect(drafts.stdout).toContain(
        '\n  jobs       "Account Manager" (closed 15 January 2027) listed on /careers with a note, not on the site: remove a closed job from content/jobs.json, or give it a new validThrough\n',
      );
      expect(await positions('drafts')).toEqual({ listed: all, postings: all.slice(0, 2), intro });
      const $ = await load(project, 'drafts/careers.html');
      expect(
        $('#positions article [role="note"]')
          .map((_, note) => $(note).text())
          .get(),
      ).toEqual(['Closed on 15 January 2027: not on the site']);
      expect($('#account-manager [role="note"]').length).toBe(1);

      expect((await build('out', '2027-02-01T00:00:00Z', { incremental: true })).stderr).toBe('');
      expect(await positions('out')).toEqual({
        listed: [],
        postings: [],
        intro:
          'We have no open positions just now. We are always glad to hear from good people, so send us your CV below.',
      });
      expect((await load(project, 'out/careers.html'))('#positions ul').length).toBe(0);

      // The closed jobs removed, as the build asks: the same page.
      const closedAway = await read(project, 'out/careers.html');
      await writeSettled(join(project.dir, 'content/jobs.json'), '{ "jobs": [] }\n');
      const none = await build('out', '2027-02-01T00:00:00Z', { incremental: true });
      expect([none.stderr, none.stdout.includes('  jobs ')]).toEqual(['', false]);
      expect(await read(project, 'out/careers.html')).toBe(closedAway);

      // A job posted ahead of its day: on the site, and in job search, from that day.
      const later = { ...JSON.parse(jobsJson).jobs[1], datePosted: '2027-02-10', validThrough: '2027-03-31' };
      await writeSettled(join(project.dir, 'content/jobs.json'), JSON.stringify({ jobs: [later] }));
      const ahead = await build('out', '2027-02-09T23:59:59Z', { incremental: true });
      expect(ahead.stdout).toContain(
        '\n  jobs       "Web Developer" (to be posted on 10 February 2027) left out of /careers\n',
      );
      expect((await positions('out')).listed).toEqual([]);
      const early = { SITEGEN_NOW: '2027-02-09T23:59:59Z' };
      expect((await project.buildHere({ out: 'drafts', env: early, drafts: true })).stderr).toBe('');
      expect((await load(project, 'drafts/careers.html'))('#web-developer [role="note"]').text()).toBe(
        'Posted on 10 February 2027: not on the site until then',
      );
      expect((await build('out', '2027-02-10T00:00:00Z', { incremental: true })).stdout).not.toMatch(/^up to date/m);
      expect(await positions('out')).toEqual({ listed: ['Web Developer'], postings: ['Web Developer'], intro });
    });
  });

  it("refuses a link to a job's card, which leaves /careers after its closing day and would then fail the links gate with no edit: naming the file, the link and the day, through an old address too", async () => {
    await inProjectCopy(async (project) => {
      const build = () => project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01' } });
      const linking = (href: string) =>
        editArticle(project, 'local-seo-tips', (text) =>
          text.replace(/\n(?:\nWe are hiring: .*\n)?$/, `\n\nWe are hiring: [a web developer](${href}).\n`),
        );
      await linking('/careers#web-developer');
      expect((await build()).stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: body: links to "/careers#web-developer", the card of the job "Web Developer" (content/jobs.json), on /careers until its closing day, 31 January 2027: from 1 February 2027 the links gate (sitegen check) would fail with no edit; link to "/careers" instead\n',
      );
      // An old address that redirects to /careers: the link lands on the card all the same.
      const redirects = join(project.dir, 'content', 'redirects.json');
      const data = JSON.parse(await read(project, 'content/redirects.json')) as { redirects: object[] };
      data.redirects.push({ from: '/jobs', to: '/careers' });
      await writeSettled(redirects, JSON.stringify(data, null, 2));
      await linking('/jobs#account-manager');
      expect((await build()).stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: body: links to "/jobs#account-manager", the card of the job "Account Manager" (content/jobs.json), on /careers until its closing day, 15 January 2027: from 16 January 2027 the links gate (sitegen check) would fail with no edit; link to "/careers" instead\n',
      );
      // As the message says: a link to the page itself, and to its list of positions, stays.
      await linking('/careers#positions');
      expect((await build()).stderr).toBe('');
    });
  });
});

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

describe('sitegen dev', () => {
  it('shows drafts and scheduled articles, each with a banner saying it is not published, and lists them marked', async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'digital-marketing-roi', markDraft);
      await editArticle(project, 'social-media-guide', (text) => text.replace(/^date: .*$/m, 'date: "2026-03-03"'));
      await backdateLegalPages(join(project.dir, 'content'));
      const site = new DevSite(resolveConfig({ root: project.dir }, { SITEGEN_NOW: '2026-03-02T12:00:00Z' }));
      try {
        await site.update();
        const banner = (path: string) => cheerio.load(site.page(path)!)('main [role="note"]').text();
        expect(banner('/blog/digital-marketing-roi')).toBe('Draft, not published');
        expect(banner('/blog/social-media-guide')).toBe('Draft, not published: scheduled for 3 March 2026');
        expect(banner('/blog/local-seo-tips')).toBe('');
        const blog = cheerio.load(site.page('/blog')!);
        const marked = blog('main article').filter((_, card) => blog(card).find('p span').first().text() === 'Draft');
        expect(
          marked
            .find('h2, h3')
            .map((_, title) => blog(title).text())
            .get(),
        ).toEqual([
          'Social Media for Tradespeople: What to Post and Where',
          'Is Your Marketing Paying Off? Measuring ROI for Trades',
        ]);
        // Not a preview for others: dev's pages are indexable as the built ones are.
        expect(cheerio.load(site.page('/blog/digital-marketing-roi')!)('meta[name="robots"]')).toHaveLength(0);
      } finally {
        site.close();
      }
    });
  });

  it('says once in its terminal that `sitegen build` would refuse a link to a draft, which dev shows, while the link stands', async () => {
    await inProjectCopy(async (project) => {
      // Another article links to this one.
      await editArticle(project, 'google-ads-guide', markDraft);
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      const refusals = () => lines.filter((line) => line.includes('sitegen build would refuse this'));
      try {
        expect(refusals()).toEqual([
          expect.stringMatching(
            /^ {2}\d\d:\d\d:\d\d sitegen build would refuse this: content\/blog\/digital-marketing-roi\.md: body: links to "\/blog\/google-ads-guide", which is content\/blog\/google-ads-guide\.md, a draft \(draft: true\): not a page until it is published; publish it first, or remove the link$/,
          ),
        ]);
        expect((await fetch(`${dev.url}/blog/digital-marketing-roi`)).status).toBe(200);
        // Another edit while it stands: not said again.
        await editArticle(project, 'local-seo-tips', (text) => text.replace(/^readTime: 8$/m, 'readTime: 9'));
        await dev.idle();
        expect(refusals()).toHaveLength(1);
        // Published: said to be over; a draft again, said again.
        await editArticle(project, 'google-ads-guide', (text) => text.replace('draft: true\n', ''));
        await dev.idle();
        expect(refusals()).toHaveLength(1);
        expect(lines.filter((line) => / sitegen build would no longer refuse it$/.test(line))).toHaveLength(1);
        await editArticle(project, 'google-ads-guide', markDraft);
        await dev.idle();
        expect(refusals()).toHaveLength(2);
      } finally {
        await dev.close();
      }
    });
  });

  it("lists a closed job with its note, and the editor's preview keeps to dev's clock where SITEGEN_NOW sets it", async () => {
    await inProjectCopy(async (project) => {
      const site = new DevSite(resolveConfig({ root: project.dir }, { SITEGEN_NOW: '2027-01-16T09:00:00Z' }));
      try {
        await site.update();
        const notes = (html: string) => cheerio.load(html)('#positions article [role="note"]').text();
        const closed = 'Closed on 15 January 2027: not on the site';
        expect(notes(site.page('/careers')!)).toBe(closed);
        const content = site.editorContent()!;
        expect(content.today).toBe('2027-01-16');
        // The preview and the checks of the editor (admin/editor-site.ts) plan the site as of this day.
        expect(new EditorSite(content).today()).toBe('2027-01-16');
        // On the real clock, the editor reads the browser's, live.
        const realTime = new DevSite(resolveConfig({ root: project.dir }, {}));
        try {
          await realTime.update();
          expect(realTime.editorContent()!.today).toBeUndefined();
        } finally {
          realTime.close();
        }
      } finally {
        site.close();
      }
    });
  });
});
