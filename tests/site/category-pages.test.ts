/**
 * Each blog category's page, /blog/category/<slug>: its own title,
 * description, canonical URL, trail and ItemList, paginated like /blog, in
 * the sitemap; a category with no published article keeps its page, which
 * says so, links to every article and is kept out of search.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { inProjectCopy, writeSettled } from '../support/project-copy';
import { categorySlugs, loadPage, siteUrl } from '../support/site';

const names: Record<string, string> = {
  seo: 'SEO',
  'google-ads': 'Google Ads',
  'social-media': 'Social Media',
  'web-design': 'Web Design',
  'reputation-management': 'Reputation Management',
  'case-studies': 'Case Studies',
};

const graphOf = ($: cheerio.CheerioAPI) =>
  JSON.parse($('script[type="application/ld+json"]').text())['@graph'] as Record<string, unknown>[];

describe('category pages', () => {
  it('each has its own h1, title, description and canonical URL, its trail, its articles and an ItemList of them', () => {
    const descriptions = new Set<string>();
    for (const slug of categorySlugs) {
      const name = names[slug]!;
      const path = `/blog/category/${slug}`;
      const $ = loadPage(path);
      expect($('h1').text(), slug).toBe(`Marketing Tips for Tradesmen: ${name}`);
      expect($('title').text(), slug).toMatch(
        new RegExp(`^Marketing Tips for Tradesmen: ${name}( \\| TradeBoost Digital)?$`),
      );
      descriptions.add($('meta[name="description"]').attr('content')!);
      expect($('link[rel="canonical"]').attr('href'), slug).toBe(`${siteUrl()}${path}`);
      expect($('meta[name="robots"]').attr('content'), slug).toBe('max-image-preview:large');
      expect(
        $('nav[aria-label="Breadcrumb"] a')
          .map((_, a) => `${$(a).text()} ${$(a).attr('href')}`)
          .get(),
        slug,
      ).toEqual(['Home /', 'Blog /blog', `${name} ${path}`]);
      expect($('nav[aria-label="Browse articles by category"] [aria-current="page"]').text(), slug).toBe(name);
      const cards = $('main article');
      expect(cards, slug).toHaveLength(1);
      expect(cards.find('p span').last().text(), slug).toBe(name);
      const list = graphOf($).find((node) => node['@id'] === `${siteUrl()}${path}#articles`);
      expect(list, slug).toMatchObject({ '@type': 'ItemList' });
      expect(
        (list!.itemListElement as { url: string }[]).map((item) => item.url),
        slug,
      ).toEqual([`${siteUrl()}${cards.find('a').attr('href')}`]);
    }
    expect(descriptions.size).toBe(6);
  });

  it('paginate like /blog, and a category with no article says so, links to them all and is not indexed; the categories keep their pages in any order', async () => {
    await inProjectCopy(async (project) => {
      const blogJson = join(project.dir, 'content/pages/blog.json');
      const blog = JSON.parse(await readFile(blogJson, 'utf8'));
      // Moved first, as a marketer drags a list's entry in the editor: the link to every article stays first.
      blog.categories.unshift(...blog.categories.splice(blog.categories.indexOf('Case Studies'), 1));
      blog.categories.push('PPC');
      blog.pagination.perPage = 2;
      await writeSettled(blogJson, JSON.stringify(blog, null, 2));
      for (const slug of ['google-ads-guide', 'online-reviews-guide']) {
        const file = join(project.dir, `content/blog/${slug}.md`);
        await writeSettled(file, (await readFile(file, 'utf8')).replace(/^category: .*$/m, 'category: "SEO"'));
      }
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const load = async (file: string) => cheerio.load(await readFile(join(project.dir, 'out', file), 'utf8'));
      const origin = 'https://www.tradeboostdigital.co.uk';

      const listing = await load('blog.html');
      expect(
        listing('nav[aria-label="Browse articles by category"] a')
          .map((_, a) => `${listing(a).text()} ${listing(a).attr('href')}`)
          .get(),
      ).toEqual([
        'All /blog',
        'Case Studies /blog/category/case-studies',
        ...['SEO', 'Google Ads', 'Social Media', 'Web Design', 'Reputation Management', 'PPC'].map(
          (name) => `${name} /blog/category/${name.toLowerCase().replaceAll(' ', '-')}`,
        ),
      ]);
      const first = await load('blog/category/seo.html');
      expect(first('main article')).toHaveLength(2);
      expect(
        first('nav[aria-label="Blog pages"] a')
          .map((_, a) => `${first(a).attr('rel')} ${first(a).attr('href')}`)
          .get(),
      ).toEqual(['next /blog/category/seo/page/2']);
      const second = await load('blog/category/seo/page/2.html');
      expect(second('title').text()).toBe('Marketing Tips for Tradesmen: SEO, Page 2');
      expect(second('link[rel="canonical"]').attr('href')).toBe(`${origin}/blog/category/seo/page/2`);
      expect(second('main article')).toHaveLength(1);
      expect(
        second('nav[aria-label="Breadcrumb"] a')
          .map((_, a) => second(a).text())
          .get(),
      ).toEqual(['Home', 'Blog', 'SEO', 'Page 2']);
      expect(second('nav[aria-label="Blog pages"] p').text()).toBe('Page 2 of 2');

      const empty = await load('blog/category/ppc.html');
      expect(empty('h1').text()).toBe('Marketing Tips for Tradesmen: PPC');
      expect(empty('main article')).toHaveLength(0);
      expect(empty('main p').eq(1).text()).toBe('There are no articles on PPC yet. Read all our articles');
      expect(empty('main p').eq(1).find('a').attr('href')).toBe('/blog');
      expect(empty('meta[name="robots"]').attr('content')).toBe('noindex');
      expect(empty('link[rel="canonical"]').attr('href')).toBe(`${origin}/blog/category/ppc`);
      const sitemap = await readFile(join(project.dir, 'out/sitemap.xml'), 'utf8');
      expect(sitemap).toContain(`<loc>${origin}/blog/category/seo/page/2</loc>`);
      expect(sitemap).not.toContain('/blog/category/ppc');

      // The gates a crawler's view depends on pass with these pages in the site.
      const results = await checkSite({ root: project.dir, dir: join(project.dir, 'out'), only: ['links', 'seo'] });
      expect(results.flatMap((result) => result.findings)).toEqual([]);
    });
  });

  it('a category whose only article is announced as Coming Soon (no slug, so no page) is not indexed, in no sitemap, and has no empty ItemList', async () => {
    await inProjectCopy(async (project) => {
      const edit = async (file: string, change: (text: string) => string) =>
        writeSettled(join(project.dir, file), change(await readFile(join(project.dir, file), 'utf8')));
      // The one Case Studies article, announced rather than published; the link to it from another article goes.
      await edit('content/blog/digital-marketing-roi.md', (text) => text.replace(/^slug: .*\n/m, ''));
      await edit('content/blog/google-ads-guide.md', (text) =>
        text.replaceAll('(/blog/digital-marketing-roi)', '(/blog)'),
      );
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const $ = cheerio.load(await readFile(join(project.dir, 'out/blog/category/case-studies.html'), 'utf8'));
      expect($('main article h3').text()).toBe('Is Your Marketing Paying Off? Measuring ROI for Trades');
      expect($('meta[name="robots"]').attr('content')).toBe('noindex');
      expect(graphOf($).map((node) => node['@type'])).not.toContain('ItemList');
      expect(await readFile(join(project.dir, 'out/sitemap.xml'), 'utf8')).not.toContain('/blog/category/case-studies');
    });
  });

  it('refuses two categories that would share a page, and one whose page title would be too long, naming the file and field', async () => {
    await inProjectCopy(async (project) => {
      const blogJson = join(project.dir, 'content/pages/blog.json');
      const blog = JSON.parse(await readFile(blogJson, 'utf8'));
      const refused = async (category: string) => {
        await writeFile(blogJson, JSON.stringify({ ...blog, categories: [...blog.categories, category] }, null, 2));
        return (await project.buildHere({ out: 'out' })).stderr;
      };
      expect(await refused('Web-Design')).toBe(
        'sitegen: content/pages/blog.json: categories[6]: "Web-Design" would have the page /blog/category/web-design, as "Web Design" has\n',
      );
      expect(await refused('Reviews, Reputation and Word of Mouth Marketing')).toBe(
        'sitegen: content/pages/blog.json: category.title: with "Reviews, Reputation and Word of Mouth Marketing" filled in it is 77 characters: expected 1 to 60, the length search results show\n',
      );
    });
  });
});
