/**
 * A blog that paginates, as crawlers and visitors find it: the first page of a
 * paginated listing answers at the address of its others (`/page/1`) by a
 * permanent redirect, in the `_redirects` hosts and `sitegen preview` read.
 * Their ItemLists number the articles on from the pages before. The site is a
 * copy with two articles a page, three of its six articles in SEO (/blog has
 * three pages, /blog/category/seo two, every other category one), and one
 * announced as Coming Soon, with no page of its own, on /blog/page/2.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preview } from '../../src/server/preview';
import { startTestPreview } from '../browser/support/preview';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';

let project: ProjectCopy;
let preview: Preview;
const out = () => join(project.dir, 'out');

beforeAll(async () => {
  project = await copyProject();
  const blogJson = join(project.dir, 'content/pages/blog.json');
  const blog = JSON.parse(await readFile(blogJson, 'utf8'));
  blog.pagination.perPage = 2;
  await writeSettled(blogJson, JSON.stringify(blog, null, 2));
  for (const slug of ['google-ads-guide', 'online-reviews-guide']) {
    const file = join(project.dir, `content/blog/${slug}.md`);
    await writeSettled(file, (await readFile(file, 'utf8')).replace(/^category: .*$/m, 'category: "SEO"'));
  }
  const unlinked = join(project.dir, 'content/blog/social-media-guide.md');
  await writeSettled(unlinked, (await readFile(unlinked, 'utf8')).replace(/^slug: .*\n/m, ''));
  const built = await project.buildHere({ out: 'out' });
  if (built.stderr) throw new Error(built.stderr);
  preview = await startTestPreview(out());
});
afterAll(async () => {
  await preview?.close();
  await project?.remove();
});

describe("a listing's later pages", () => {
  it('mark their category as the current one, but not as the current page, which its link is not', async () => {
    const marked = async (file: string) => {
      const $ = cheerio.load(await readFile(join(out(), file), 'utf8'));
      return $('main nav[aria-label] a[aria-current]')
        .map((_, a) => `${$(a).text()} ${$(a).attr('aria-current')}`)
        .get();
    };
    expect(await marked('blog.html')).toEqual(['All page']);
    expect(await marked('blog/page/2.html')).toEqual(['All true']);
    expect(await marked('blog/category/seo.html')).toEqual(['SEO page']);
    expect(await marked('blog/category/seo/page/2.html')).toEqual(['SEO true']);
  });
});

describe("a listing's links to its other pages", () => {
  it('are read by their words alone, no space before or after: the arrows drawn beside them are hidden from screen readers', async () => {
    const $ = cheerio.load(await readFile(join(out(), 'blog/page/2.html'), 'utf8'));
    const read = $('nav[aria-label="Blog pages"] a')
      .map((_, a) => $(a).clone().find('[aria-hidden="true"]').remove().end().text())
      .get();
    expect(read).toEqual(['Newer articles', 'Older articles']);
    expect($('nav[aria-label="Blog pages"] a').text()).toBe('← Newer articlesOlder articles →');
  });
});

describe('a paginated listing at the address of its first page', () => {
  const answer = async (path: string) => {
    const response = await fetch(`${preview.url}${path}`, { redirect: 'manual' });
    return [response.status, response.headers.get('location')];
  };

  it('sitegen preview sends /page/1 on to the listing for good, only where the listing has a page 2', async () => {
    expect(await answer('/blog/page/1')).toEqual([301, '/blog']);
    expect(await answer('/blog/page/1/')).toEqual([301, '/blog']);
    expect(await answer('/blog/page/1?utm_source=mail')).toEqual([301, '/blog?utm_source=mail']);
    expect(await answer('/blog/category/seo/page/1')).toEqual([301, '/blog/category/seo']);
    expect(await answer('/blog/page/2')).toEqual([200, null]);
    // A listing of one page has no other pages whose address a visitor could have kept.
    expect(await answer('/blog/category/social-media/page/1')).toEqual([404, null]);
  });

  it('_redirects holds them, for Netlify and Cloudflare Pages, with a page at each for hosts that read none', async () => {
    const lines = (await readFile(join(out(), '_redirects'), 'utf8')).split('\n').filter((line) => !/^#|!$/.test(line));
    expect(lines).toEqual([
      '/blog/page/1 /blog 301',
      '/blog/category/seo/page/1 /blog/category/seo 301',
      '/services /#services 301',
      '/blog/category /blog 301',
      '',
    ]);
    const page = cheerio.load(await readFile(join(out(), 'blog/category/seo/page/1/index.html'), 'utf8'));
    expect(page('link[rel="canonical"]').attr('href')).toBe('https://www.tradeboostdigital.co.uk/blog/category/seo');
    expect(page('meta[name="robots"]').attr('content')).toBe('noindex');
    // Nor are they pages: the sitemap lists the listings' pages as before.
    const sitemap = await readFile(join(out(), 'sitemap.xml'), 'utf8');
    expect(sitemap.match(/<loc>[^<]*\/page\/\d+<\/loc>/g)).toEqual(
      ['/blog/page/2', '/blog/page/3', '/blog/category/seo/page/2'].map(
        (path) => `<loc>https://www.tradeboostdigital.co.uk${path}</loc>`,
      ),
    );
  });
});

describe("a paginated listing's ItemList", () => {
  /** The positions and URLs of a page's ItemList, and the URLs of the articles it shows with a page of their own. */
  const listOf = async (file: string) => {
    const $ = cheerio.load(await readFile(join(out(), file), 'utf8'));
    const graph = JSON.parse($('script[type="application/ld+json"]').text())['@graph'] as Record<string, unknown>[];
    const list = graph.find((node) => node['@type'] === 'ItemList')!;
    const items = list.itemListElement as { position: number; url: string }[];
    const shown = $('main article a[href^="/blog/"]').map((_, a) => `${origin}${$(a).attr('href')}`);
    return { items: items.map((item) => [item.position, item.url]), shown: shown.get() };
  };
  const origin = 'https://www.tradeboostdigital.co.uk';
  const article = (slug: string) => `${origin}/blog/${slug}`;

  it('numbers its articles on from the pages before, the Coming Soon one, in no list, not counted', async () => {
    expect(await listOf('blog.html')).toEqual({
      items: [
        [1, article('local-seo-tips')],
        [2, article('digital-marketing-roi')],
      ],
      shown: [article('local-seo-tips'), article('digital-marketing-roi')],
    });
    expect(await listOf('blog/page/2.html')).toEqual({
      items: [[3, article('website-design-mistakes')]],
      shown: [article('website-design-mistakes')],
    });
    expect(await listOf('blog/page/3.html')).toEqual({
      items: [
        [4, article('online-reviews-guide')],
        [5, article('google-ads-guide')],
      ],
      shown: [article('online-reviews-guide'), article('google-ads-guide')],
    });
    expect((await listOf('blog/category/seo.html')).items).toEqual([
      [1, article('local-seo-tips')],
      [2, article('online-reviews-guide')],
    ]);
    expect((await listOf('blog/category/seo/page/2.html')).items).toEqual([[3, article('google-ads-guide')]]);
  });
});
