/**
 * The built site against the specification, the pages of text: the blog's
 * index and its articles, and the legal pages with every legal fact and the
 * date each last changed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, describe, expect, it } from 'vitest';
import { articleSlugs, blogCategoryLinks, legalSlugs, loadPage, textOf } from '../support/site';
import { removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);

describe('blog', () => {
  it('has the seven category links with All current, one featured article, Recent Articles and a newsletter box', () => {
    const $ = loadPage('/blog');
    const links = $('nav[aria-label="Browse articles by category"] a');
    expect(links.map((_, a) => $(a).text()).get()).toEqual(blogCategoryLinks);
    expect(links.map((_, a) => $(a).attr('href')).get()).toEqual([
      '/blog',
      '/blog/category/seo',
      '/blog/category/google-ads',
      '/blog/category/social-media',
      '/blog/category/web-design',
      '/blog/category/reputation-management',
      '/blog/category/case-studies',
    ]);
    expect(links.filter('[aria-current="page"]').text()).toBe('All');
    expect($('script[src*="blog-filter"]')).toHaveLength(0);
    const articles = $('main article');
    expect(articles).toHaveLength(6);
    expect(articles.first().text()).toContain('Featured');
    expect($('#recent-heading').text()).toBe('Recent Articles');
    expect($('#recent-heading').parent().find('article')).toHaveLength(5);
    articles.each((_, article) => {
      const a = $(article);
      expect(a.find('p span').last().text()).toMatch(
        /^(SEO|Google Ads|Social Media|Web Design|Reputation Management|Case Studies)$/,
      );
      expect(a.text()).toMatch(/(Sarah Mitchell|James Thompson|Priya Patel) · \d{1,2} \w+ 2024 · ([5-9]|10) min read/);
      expect(a.find('a[href^="/blog/"]').text()).toContain('Read More');
    });
    const newsletter = $('#newsletter-heading').parent();
    expect(newsletter.find('input[type="email"]')).toHaveLength(1);
    expect(newsletter.find('button[type="submit"]').text()).toBe('Subscribe');
  });

  it('article pages show category, author, date, read time, image, body, the back link and a call to action', () => {
    const authors = { 'local-seo-tips': 'Sarah Mitchell', 'digital-marketing-roi': 'James Thompson' };
    for (const [slug, author] of Object.entries(authors)) {
      const $ = loadPage(`/blog/${slug}`);
      const article = $('main article');
      expect(article.find('a[href="/blog"]').text()).toContain('Back to Blog');
      // The byline's name leads to the author's card among the team on /about.
      const byline = article.find(`a[href="/about#${author.toLowerCase().replace(' ', '-')}"]`);
      expect([byline.text(), byline.parent().text()]).toEqual([author, `By ${author}`]);
      expect(article.find('time').attr('datetime')).toMatch(/^2024-\d\d-\d\d$/);
      expect(textOf($, 'main')).toMatch(/([5-9]|10) min read/);
      expect(article.find('img[alt]').first().attr('loading')).toBe('eager');
      expect(article.find('.prose h2').length).toBeGreaterThan(2);
      expect(article.find('.prose').text().split(/\s+/).length).toBeGreaterThan(800);
      expect(article.find('aside a[href="/contact"]')).toHaveLength(1);
    }
  });

  it("gives each heading of an article an id of its words, as GitHub does, that a link can lead to; none its page's own", async () => {
    const built = loadPage('/blog/local-seo-tips');
    expect(built('.prose h2 a').first().attr('id')).toBe('get-your-google-business-profile-right-first');
    // The ids the page has around the body, each written as a heading's words: they must take the next free id.
    const own = built('[id]')
      .filter((_, element) => built(element).closest('.prose').length === 0)
      .map((_, element) => built(element).attr('id'))
      .get();
    expect(own).toEqual(expect.arrayContaining(['main', 'consent', 'article-cta-heading']));
    const site = await workspace();
    const headings = [...own, 'Our prices'].map(
      (words) => `## ${words.replaceAll('-', ' ')}\n\nSee [our prices](#our-prices).\n`,
    );
    await site.edit('blog/local-seo-tips.md', (text) => `${text}\n${headings.join('\n')}`);
    expect(await site.buildHere()).toBe('');
    const $ = cheerio.load(await readFile(join(site.out, 'blog/local-seo-tips.html'), 'utf8'));
    const ids = $('[id]')
      .map((_, element) => $(element).attr('id'))
      .get();
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect($('#main-1').parent().text()).toBe('main');
    expect($('#our-prices').parent().prop('tagName')).toBe('H2');
  });

  it('names each table of an article or a policy, a tab stop to scroll it by, by the heading above it', () => {
    // Reached by the Tab key, a table is announced by its name: unnamed, a screen reader said "table" and no more.
    const tables = (path: string) => {
      const $ = loadPage(path);
      return $('.prose table')
        .map((_, table) => `${$(table).attr('tabindex')} ${$(table).attr('aria-label')}`)
        .get();
    };
    expect(tables('/blog/digital-marketing-roi')).toEqual([
      '0 Working through the numbers',
      '0 The side-by-side figures',
    ]);
    expect(tables('/cookie-policy')).toEqual(['0 4. What our site stores']);
  });

  it("keeps every heading of an article or a policy in Firefox's Reader View", () => {
    // Reader View (Mozilla's Readability) takes an element whose class or id has one of these words for the page's
    // furniture, and leaves it out: any element (unless another word says it is the content), and a level-1 or 2
    // heading for a few words more. An id made of a heading's words has them ("## Who we share it with").
    const furniture =
      /banner|breadcrumbs|combx|comment|community|disqus|extra|footer|header|menu|related|social|sponsor/i;
    const content = /and|article|body|column|content|main|shadow/i;
    const furnitureHeading = /hidden|banner|comment|com-|contact|footer|masthead|media|meta|promo|related|share|tags/i;
    const dropped = [...articleSlugs.map((slug) => `/blog/${slug}`), ...legalSlugs.map((slug) => `/${slug}`)].flatMap(
      (path) => {
        const $ = loadPage(path);
        return $('.prose :is(h1, h2, h3, h4, h5, h6)')
          .filter((_, heading) => {
            const words = `${$(heading).attr('class') ?? ''} ${$(heading).attr('id') ?? ''}`;
            const level = Number(heading.tagName.slice(1));
            return (furniture.test(words) && !content.test(words)) || (level <= 2 && furnitureHeading.test(words));
          })
          .map((_, heading) => `${path}: ${$(heading).text()}`)
          .get();
      },
    );
    expect(dropped).toEqual([]);
  });
});

describe('legal pages', () => {
  it('are last updated when they last changed and hold every legal fact of the specification', () => {
    const texts = Object.fromEntries(
      ['privacy-policy', 'terms-of-service', 'cookie-policy'].map((slug) => [
        slug,
        textOf(loadPage(`/${slug}`), 'main'),
      ]),
    );
    // The specification's 15 January 2024, but for the policies rewritten to say what the site stores (DECISIONS.md).
    expect(texts['terms-of-service']).toContain('Last updated 15 January 2024');
    expect(texts['privacy-policy']).toContain('Last updated 1 December 2026');
    expect(texts['cookie-policy']).toContain('Last updated 1 December 2026');
    const terms = texts['terms-of-service']!;
    for (const fact of [
      /minimum (term )?of 6 months/,
      /in advance on the 1st/,
      /within 5 business days/,
      /within 48 hours/,
      /5% (per month|monthly)/,
      /30 days overdue/,
      /30 days'? written notice/,
      /preceding 12 months/,
      /30 days/,
      /England and Wales/,
      /arbitration[^.]*London/,
      /under 18|under-18/i,
    ]) {
      expect(terms).toMatch(fact);
    }
    expect(texts['privacy-policy']).toMatch(/under 18|under-18/i);
    // Nothing the site stores lasts beyond 12 months (the specification's "most cookies expire within 1-2 years" was of cookies the site never set).
    expect(texts['cookie-policy']).toMatch(/12 months, then we ask again/);
    expect(texts['cookie-policy']).not.toMatch(/_ga|_gcl|_fbp|Google Analytics|Meta Pixel/);
  });
});
