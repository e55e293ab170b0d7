/**
 * The blog's feeds on the real build, read by a feed parser we did not write
 * (feedsmith): RSS 2.0, Atom and JSON Feed of the newest articles in full,
 * with absolute URLs, author, category and dates; named in every page's
 * <head>, linked from the blog; every URL in them checked by the links gate.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { planSettings, resolveConfig } from '../../src/config';
import { renderMarkdown } from '../../src/content/markdown';
import { renditionUrl } from '../../src/images/image-names';
import { readSite } from '../../src/images/model-images';
import { feedFiles, withAbsoluteUrls } from '../../src/output/feeds';
import { planSite } from '../../src/plan/plan-site';
import { largeImage } from '../../src/routes/social';
import { projectRoot } from '../support/cli';
import { inProjectCopy, writeSettled } from '../support/project-copy';
import { allPaths, loadPage, siteDir, siteUrl } from '../support/site';

const feedText = (path: string) => readFile(join(siteDir(), path), 'utf8');

/** The six articles, newest first by date, as every feed lists them. */
const newestFirst = [
  ['digital-marketing-roi', '2024-10-15', 'James Thompson', 'Case Studies', 'case-studies'],
  ['website-design-mistakes', '2024-08-20', 'Priya Patel', 'Web Design', 'web-design'],
  ['social-media-guide', '2024-06-25', 'Priya Patel', 'Social Media', 'social-media'],
  ['online-reviews-guide', '2024-05-07', 'Sarah Mitchell', 'Reputation Management', 'reputation-management'],
  ['google-ads-guide', '2024-03-19', 'James Thompson', 'Google Ads', 'google-ads'],
  ['local-seo-tips', '2024-02-13', 'Sarah Mitchell', 'SEO', 'seo'],
] as const;

/** A date at the start of its day in London, as the feeds give it. */
const londonStart = (date: string) =>
  new Date(`${date}T00:00:00${date > '2024-03-31' && date < '2024-10-27' ? '+01:00' : 'Z'}`);

/** The project's site as the build plans it on 1 January 2026, and the publishing settings of that plan. */
async function plannedSite() {
  const config = resolveConfig({ root: projectRoot }, {});
  const { content, catalog } = await readSite({ contentDir: config.contentDir, projectRoot });
  const publishing = { today: '2026-01-01', drafts: false };
  const { model } = planSite({ content, images: catalog.descriptors, settings: planSettings(config) }, publishing);
  return { model, publishing };
}

describe('the feeds', () => {
  it('RSS 2.0: every article in full, newest first, with its link, author, category and date, all URLs absolute', async () => {
    const rss = parseRssFeed(await feedText('blog/rss.xml'));
    const url = siteUrl();
    expect(rss.title).toBe('TradeBoost Digital: Marketing Tips for Tradesmen');
    expect(rss.link).toBe(`${url}/blog`);
    expect(rss.language).toBe('en-GB');
    // The feed's date is its newest article's, never the time of the build.
    expect(new Date(rss.lastBuildDate!)).toEqual(londonStart('2024-10-15'));
    expect(rss.atom?.links).toEqual([{ href: `${url}/blog/rss.xml`, rel: 'self', type: 'application/rss+xml' }]);
    expect(rss.items!.map((item) => item.link)).toEqual(newestFirst.map(([slug]) => `${url}/blog/${slug}`));
    rss.items!.forEach((item, index) => {
      const [slug, date, author, category, categorySlug] = newestFirst[index]!;
      expect(new Date(item.pubDate!), slug).toEqual(londonStart(date));
      expect(item.authors, slug).toEqual([{ email: 'hello@example.com', name: author }]);
      expect(item.categories, slug).toEqual([{ name: category, domain: `${url}/blog/category/${categorySlug}` }]);
      expect(item.enclosures?.[0]?.url, slug).toMatch(/^https:\/\/images\.unsplash\.com\/photo-[\w-]+\?fm=jpg/);
      const body = item.content!.encoded!;
      expect(body.split(/\s+/).length, slug).toBeGreaterThan(800);
      expect(body, slug).toContain('<h2><a id="');
      for (const [, link] of body.matchAll(/ (?:href|src)="([^"]*)"/g))
        expect(link, slug).toMatch(/^(https:|mailto:|tel:)/);
    });
    // A link written root-relative in Markdown is absolute in the feed.
    expect(rss.items![3]!.content!.encoded).toContain(`<a href="${url}/blog/local-seo-tips">`);
  });

  it('Atom: the same entries, with content, summary, author, category, published and updated dates', async () => {
    const atom = parseAtomFeed(await feedText('blog/atom.xml'));
    const url = siteUrl();
    expect(atom.id).toBe(`${url}/blog`);
    expect(new Date(atom.updated!)).toEqual(londonStart('2024-10-15'));
    expect(atom.links).toEqual([
      { href: `${url}/blog`, rel: 'alternate' },
      { href: `${url}/blog/atom.xml`, rel: 'self' },
    ]);
    expect(atom.entries!.map((entry) => entry.id)).toEqual(newestFirst.map(([slug]) => `${url}/blog/${slug}`));
    atom.entries!.forEach((entry, index) => {
      const [slug, date, author, category, categorySlug] = newestFirst[index]!;
      expect(entry.authors?.[0]?.name, slug).toBe(author);
      expect(entry.categories, slug).toEqual([
        { term: category, label: category, scheme: `${url}/blog/category/${categorySlug}` },
      ]);
      expect(new Date(entry.published!), slug).toEqual(londonStart(date));
      expect(entry.updated, slug).toBe(entry.published);
      expect(entry.content?.type, slug).toBe('html');
      expect(entry.content?.value, slug).toContain('<h2><a id="');
      expect(entry.summary?.value.length, slug).toBeGreaterThan(50);
    });
  });

  it('JSON Feed: the same items, with content_html, summary, image, author, tags and dates', async () => {
    const json = parseJsonFeed(JSON.parse(await feedText('blog/feed.json')));
    const url = siteUrl();
    expect(json.home_page_url).toBe(`${url}/blog`);
    expect(json.feed_url).toBe(`${url}/blog/feed.json`);
    expect(json.items!.map((item) => item.url)).toEqual(newestFirst.map(([slug]) => `${url}/blog/${slug}`));
    json.items!.forEach((item, index) => {
      const [slug, date, author, category] = newestFirst[index]!;
      expect(item.id, slug).toBe(item.url);
      expect(item.authors, slug).toEqual([{ name: author }]);
      expect(item.tags, slug).toEqual([category]);
      expect(new Date(item.date_published!), slug).toEqual(londonStart(date));
      expect(item.image, slug).toMatch(/^https:\/\/images\.unsplash\.com\//);
      expect(item.content_html, slug).toContain('<h2><a id="');
    });
  });

  it("are named in every page's <head>, and linked visibly from the blog", () => {
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      expect(
        $('head link[rel="alternate"]')
          .map((_, link) => `${$(link).attr('type')} ${$(link).attr('href')}`)
          .get(),
        path,
      ).toEqual([
        'application/rss+xml /blog/rss.xml',
        'application/atom+xml /blog/atom.xml',
        'application/feed+json /blog/feed.json',
      ]);
    }
    const $ = loadPage('/blog');
    const line = $('main p').filter((_, p) => $(p).text().startsWith('Follow the blog'));
    expect(line.text()).toBe('Follow the blog in your feed reader: RSS · Atom · JSON Feed');
    expect(
      line
        .find('a')
        .map((_, a) => $(a).attr('href'))
        .get(),
    ).toEqual(['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json']);
  });

  it('hold as many articles as content/pages/blog.json says', async () => {
    await inProjectCopy(async (project) => {
      const file = join(project.dir, 'content/pages/blog.json');
      await writeSettled(file, (await readFile(file, 'utf8')).replace('"count": 20', '"count": 2'));
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const rss = parseRssFeed(await readFile(join(project.dir, 'out/blog/rss.xml'), 'utf8'));
      expect(rss.items!.map((item) => item.link!.replace(/^.*\//, ''))).toEqual([
        'digital-marketing-roi',
        'website-design-mistakes',
      ]);
    });
  });

  it('makes root-relative and in-page links absolute, and leaves the rest as written', () => {
    const html =
      '<p><a href="/blog/x">x</a> <a href="#top">t</a> <img src="/logo.png" alt=""> <a href="https://a.example/">a</a> <a href="//cdn.example/">c</a> <code>href="/not-a-link"</code></p>';
    expect(withAbsoluteUrls(html, 'https://site.example', 'https://site.example/blog/y')).toBe(
      '<p><a href="https://site.example/blog/x">x</a> <a href="https://site.example/blog/y#top">t</a> <img src="https://site.example/logo.png" alt=""> <a href="https://a.example/">a</a> <a href="//cdn.example/">c</a> <code>href="/not-a-link"</code></p>',
    );
  });

  it("say which of the site's own images they name, for the build to make: the logo's icons, an article's own photo", async () => {
    const { model, publishing } = await plannedSite();
    // The newest article drawn with a photo of content/images/ (the logo's file stands in for one).
    const newest = model.articles.find((article) => article.slug === newestFirst[0][0])!;
    const photo = { ...newest, image: { ...newest.image, local: model.site.logo.local! } };
    const articles = model.articles.map((article) => (article === newest ? photo : article));
    const feeds = feedFiles({ ...model, articles }, publishing, 'https://site.example', () => '<p>Body.</p>');
    const named = feeds.files.flatMap(({ content }) => [
      ...String(content).matchAll(/https:\/\/site\.example\/(assets\/images\/[\w.-]+)/g),
    ]);
    expect([...new Set(feeds.images)].sort()).toEqual([...new Set(named.map((match) => match[1]))].sort());
    const logo = (width: number) => renditionUrl(model.site.logo.local!, width, 'png').slice(1);
    expect(feeds.images).toEqual(expect.arrayContaining([logo(180), logo(32), largeImage('', photo.image).path]));
  });
});

describe('an article whose title and excerpt hold what HTML would read as markup', () => {
  it('reads as written in every feed: escaped where readers take it for HTML (Atom’s title and summary, RSS’s description); as text elsewhere', async () => {
    const { model, publishing } = await plannedSite();
    const [title, excerpt] = ['How to write a <title> tag & more', 'Why <b>bold</b> words win & lose ]]> clicks.'];
    const articles = model.articles.map((article) =>
      article.slug === newestFirst[0][0] ? { ...article, title, excerpt } : article,
    );
    const feeds = feedFiles({ ...model, articles }, publishing, 'https://site.example', () => '<p>Body.</p>');
    const [rss, atom, json] = feeds.files.map(({ content }) => String(content));
    expect(atom).toContain('<title type="html"><![CDATA[How to write a &lt;title&gt; tag &amp; more]]></title>');
    expect(atom).toContain(
      '<summary type="html"><![CDATA[Why &lt;b&gt;bold&lt;/b&gt; words win &amp; lose ]]&gt; clicks.]]></summary>',
    );
    expect(parseRssFeed(rss!).items![0]).toMatchObject({
      title,
      description: 'Why &lt;b&gt;bold&lt;/b&gt; words win &amp; lose ]]&gt; clicks.',
    });
    expect(parseJsonFeed(JSON.parse(json!)).items![0]).toMatchObject({ title, summary: excerpt });
  });
});

describe('a table whose columns are aligned in Markdown', () => {
  it("keeps its columns aligned in every feed, which a reader shows without the page's stylesheet", async () => {
    const { model, publishing } = await plannedSite();
    const { html } = renderMarkdown('| Plan | Leads | Price |\n|:---|:---:|---:|\n| Starter | 12 | £99 |\n');
    const [rss, atom, json] = feedFiles(model, publishing, 'https://site.example', () => html).files.map(
      ({ content }) => String(content),
    );
    const bodies = {
      rss: parseRssFeed(rss!).items![0]!.content!.encoded!,
      atom: parseAtomFeed(atom!).entries![0]!.content!.value!,
      json: parseJsonFeed(JSON.parse(json!)).items![0]!.content_html!,
    };
    for (const [feed, body] of Object.entries(bodies)) {
      const $ = cheerio.load(body);
      // Readers keep one or the other: a style's text-align, or HTML's older align attribute.
      const cells = $('th, td')
        .map((_, cell) => `${$(cell).text()}: ${$(cell).css('text-align')}, ${$(cell).attr('align')}`)
        .get();
      expect(cells, feed).toEqual([
        'Plan: left, left',
        'Leads: center, center',
        'Price: right, right',
        'Starter: left, left',
        '12: center, center',
        '£99: right, right',
      ]);
    }
  });
});

describe('an article moved to a new slug', () => {
  it('keeps its first address as its ID in every feed, so that readers do not show it again as new; no link to check', async () => {
    await inProjectCopy(async (project) => {
      const moved = join(project.dir, 'content/blog/social-media-guide.md');
      await writeSettled(
        moved,
        (await readFile(moved, 'utf8')).replace(
          'slug: "social-media-guide"',
          'slug: "social-media-for-trades"\naliases: ["social-media-guide", "social-media-tips"]',
        ),
      );
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const feed = (path: string) => readFile(join(project.dir, 'out/blog', path), 'utf8');
      const channel = parseRssFeed(await feed('rss.xml'));
      const url = new URL(channel.link!).origin;
      const [oldUrl, newUrl] = [`${url}/blog/social-media-guide`, `${url}/blog/social-media-for-trades`];
      const rss = channel.items!;
      const atom = parseAtomFeed(await feed('atom.xml')).entries!;
      const json = parseJsonFeed(JSON.parse(await feed('feed.json'))).items!;
      expect(rss.map((item) => item.guid?.value)).toEqual(
        newestFirst.map(([slug]) => (slug === 'social-media-guide' ? oldUrl : `${url}/blog/${slug}`)),
      );
      expect(atom.map((entry) => entry.id)).toEqual(rss.map((item) => item.guid?.value));
      expect(json.map((item) => item.id)).toEqual(rss.map((item) => item.guid?.value));
      expect([rss[2]!.link, atom[2]!.links?.[0]?.href, json[2]!.url]).toEqual([newUrl, newUrl, newUrl]);
      // The old address answers with a redirect: as an ID it is a name, not a link the gate follows.
      const [links] = await checkSite({ root: project.dir, dir: join(project.dir, 'out'), only: ['links'] });
      expect(links!.findings).toEqual([]);
    });
  }, 60_000);
});

describe('the links gate on the feeds', () => {
  it('fails for a URL in a feed that the site does not serve, and one that is not absolute', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitegen-feeds-'));
    try {
      await cp(siteDir(), dir, { recursive: true });
      const rss = join(dir, 'blog/rss.xml');
      const url = siteUrl();
      await writeFile(
        rss,
        (await readFile(rss, 'utf8'))
          .replace(`<link>${url}/blog/google-ads-guide</link>`, `<link>${url}/blog/gone-away</link>`)
          .replace(`href="${url}/blog/local-seo-tips"`, 'href="/blog/local-seo-tips"'),
      );
      // A JSON Feed's summary is text: what looks like a tag in it is no link.
      const json = join(dir, 'blog/feed.json');
      const feed = JSON.parse(await readFile(json, 'utf8'));
      feed.items[0].summary = 'Why <b>bold</b> claims & <img src=x> fail';
      await writeFile(json, JSON.stringify(feed));
      const [links] = await checkSite({ root: projectRoot, dir, only: ['links'] });
      expect(links!.passed).toBe(false);
      expect(links!.findings).toEqual([
        expect.objectContaining({
          page: '/blog/rss.xml',
          target: '/blog/local-seo-tips',
          message: 'is not an absolute URL: a feed reader cannot tell what it points at',
        }),
        expect.objectContaining({ page: '/blog/rss.xml', target: `${url}/blog/gone-away`, message: 'answered 404' }),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
