/**
 * Moves that keep their rankings, as content/redirects.json and the
 * articles' aliases make them: past 1,000 redirects, what Cloudflare Pages
 * does; earlier slugs and chains; links to an old address, named by the
 * build and by dev; and what cannot work refused, naming file and field.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { projectRoot } from '../support/cli';
import { tree } from '../support/output-tree';
import { editArticle, inProjectCopy, markDraft, writeSettled } from '../support/project-copy';
import { addRedirects, checkLinks, redirectsFile, withAliases } from '../support/redirects-copy';

/** The line of an article's link to /blog/local-seo-tips, in the project's content. */
const lineOfLink = (slug: string) =>
  readFileSync(join(projectRoot, 'content/blog', `${slug}.md`), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes('](/blog/local-seo-tips)')) + 1;

describe('aliases and content/redirects.json', () => {
  it('past 1,000 redirects, says that Cloudflare Pages applies only the first 1,000, which it would not say', async () => {
    await inProjectCopy(async (project) => {
      const moved = (count: number) =>
        Array.from({ length: count }, (_, index) => ({ from: `/old-page-${index}`, to: '/about' }));
      const line = /^ {2}redirects {2}\d[\d,]* redirects: Cloudflare Pages applies the first 1,000 /m;
      // The site's own two and 998 more: the limit, said nothing of.
      await addRedirects(project, moved(998));
      const atLimit = await project.buildHere({ out: 'out', quiet: false });
      expect([atLimit.stderr, atLimit.stdout.match(line)]).toEqual(['', null]);
      await addRedirects(project, [{ from: '/one-more', to: '/about' }]);
      const past = await project.buildHere({ out: 'out', quiet: false });
      expect(past.stdout).toMatch(
        /^ {2}redirects {2}1,001 redirects: Cloudflare Pages applies the first 1,000 and answers the rest with the page left at each old path \(a 200, not a 301\); Netlify and sitegen preview apply every one$/m,
      );
    });
  });

  it("an article's earlier slugs redirect to it, a chain is written straight to its end (its fragment kept), 302 is kept, and the site's own full address is written as its path", async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'local-seo-tips', withAliases('["local-seo-guide", "seo-tips"]'));
      await addRedirects(project, [
        { from: '/guides/local-seo', to: '/blog/local-seo-guide' },
        { from: '/offer', to: 'https://offers.example.co.uk/spring', status: 302 },
        { from: '/team', to: 'https://www.tradeboostdigital.co.uk/about#team' },
        { from: '/seo-quote', to: '/guides/local-seo#article-cta-heading' },
      ]);
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const lines = (await readFile(join(project.dir, 'out/_redirects'), 'utf8'))
        .split('\n')
        .filter((line) => !line.startsWith('#'));
      expect(lines.filter((line) => !line.endsWith('!'))).toEqual([
        '/services /#services 301',
        '/blog/category /blog 301',
        '/guides/local-seo /blog/local-seo-tips 301',
        '/offer https://offers.example.co.uk/spring 302',
        '/team /about#team 301',
        // The chain's place in the page kept, as its 301s would keep it.
        '/seo-quote /blog/local-seo-tips#article-cta-heading 301',
        '/blog/local-seo-guide /blog/local-seo-tips 301',
        '/blog/seo-tips /blog/local-seo-tips 301',
        '',
      ]);
      const page = cheerio.load(await readFile(join(project.dir, 'out/blog/seo-tips/index.html'), 'utf8'));
      expect(page('link[rel="canonical"]').attr('href')).toBe(
        'https://www.tradeboostdigital.co.uk/blog/local-seo-tips',
      );
      expect(existsSync(join(project.dir, 'out/offer/index.html'))).toBe(true);
    });
  });

  it('renames an article other articles link to: each link to its old address is built, and named with its new one', async () => {
    await inProjectCopy(async (project) => {
      const renamed = (text: string) => text.replace('slug: "local-seo-tips"', 'slug: "local-seo-for-trades"');
      await editArticle(project, 'local-seo-tips', (text) => withAliases('["local-seo-tips"]')(renamed(text)));
      // One link to a place in it: kept in the address to link to instead.
      await editArticle(project, 'website-design-mistakes', (text) =>
        text.replace('](/blog/local-seo-tips)', '](/blog/local-seo-tips#article-cta-heading)'),
      );
      const { stdout, stderr } = await project.buildHere({ out: 'out', quiet: false });
      expect(stderr).toBe('');
      const oldLinks = stdout.split('\n').filter((line) => line.startsWith('  old link'));
      expect(oldLinks).toEqual(
        ['website-design-mistakes', 'online-reviews-guide'].map((linking, index) => {
          const [link, instead] = ['/blog/local-seo-tips', '/blog/local-seo-for-trades'].map(
            (path) => `${path}${index === 0 ? '#article-cta-heading' : ''}`,
          );
          return `  old link   content/blog/${linking}.md: body: line ${lineOfLink(linking)}: links to "${link}", which redirects to /blog/local-seo-for-trades: link to "${instead}" instead`;
        }),
      );
      // A line more in its front matter, its body as it was (kept rendered, not rendered again): its link's line too.
      await editArticle(project, 'website-design-mistakes', (text) => text.replace('\nslug: ', '\n# moved\nslug: '));
      const again = await project.buildHere({ out: 'out', quiet: false });
      expect(again.stdout).toMatch(
        /^ {2}index {6}\d+ of \d+ Markdown files changed since the last build, 0 bodies rendered/m,
      );
      const line = lineOfLink('website-design-mistakes') + 1;
      expect(again.stdout).toContain(
        `  old link   content/blog/website-design-mistakes.md: body: line ${line}: links to`,
      );
      const page = cheerio.load(await readFile(join(project.dir, 'out/blog/online-reviews-guide.html'), 'utf8'));
      expect(page('main a:contains("local SEO tips")').attr('href')).toBe('/blog/local-seo-tips');
      expect(existsSync(join(project.dir, 'out/blog/local-seo-for-trades.html'))).toBe(true);
      // Nor does the links gate fail them, in the pages or in the feeds that hold the articles whole.
      const links = await checkLinks(project.dir);
      expect(links.stdout).toMatch(/^ {2}links +pass {2}/m);
    });
  });

  it('dev says once in its terminal which links lead to an old address, as the build names them', async () => {
    await inProjectCopy(async (project) => {
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      const oldLinks = () => lines.filter((line) => line.includes(' old link: ')).map((line) => line.slice(11));
      try {
        expect(oldLinks()).toEqual([]);
        const renamed = (text: string) => text.replace('slug: "local-seo-tips"', 'slug: "local-seo-for-trades"');
        await editArticle(project, 'local-seo-tips', (text) => withAliases('["local-seo-tips"]')(renamed(text)));
        const said = ['website-design-mistakes', 'online-reviews-guide'].map(
          (linking) =>
            `old link: content/blog/${linking}.md: body: line ${lineOfLink(linking)}: links to "/blog/local-seo-tips", which redirects to /blog/local-seo-for-trades: link to "/blog/local-seo-for-trades" instead`,
        );
        // Waited for by its lines: dev.idle() alone may look before a busy machine's watcher has heard the save.
        await expect.poll(oldLinks).toEqual(said);
        await dev.idle();
        await editArticle(project, 'google-ads-guide', (text) => text.replace(/^readTime: \d+$/m, 'readTime: 12'));
        await dev.idle();
        expect(oldLinks()).toEqual(said);
      } finally {
        await dev.close();
      }
    });
  });

  it('refuses, naming the file and field, a redirect to no page, from a page, in a loop, to a draft, twice, or too long for Cloudflare Pages', async () => {
    await inProjectCopy(async (project) => {
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const before = await tree(join(project.dir, 'out'));
      const original = await readFile(redirectsFile(project), 'utf8');
      const refused = async (redirects: object[], expected: string | RegExp) => {
        await writeSettled(redirectsFile(project), original);
        await addRedirects(project, redirects);
        const result = await project.buildHere({ out: 'out' });
        expect(result.code, JSON.stringify(redirects)).toBe(1);
        if (typeof expected === 'string') expect(result.stderr).toBe(`sitegen: ${expected}\n`);
        else expect(result.stderr).toMatch(expected);
        expect(await tree(join(project.dir, 'out'))).toEqual(before);
      };
      await refused(
        [{ from: '/pricing', to: '/prices' }],
        'content/redirects.json: redirects[2].to: redirects to /prices, which is neither a page of the site (pages are listed in sitemap.xml) nor an https:// URL',
      );
      await refused(
        [{ from: '/pricing', to: 'https://www.tradeboostdigital.co.uk/prices' }],
        'content/redirects.json: redirects[2].to: redirects to /prices, which is neither a page of the site (pages are listed in sitemap.xml) nor an https:// URL',
      );
      // A page's address misspelt: the page meant is named, by the rule links in content are held to.
      await refused(
        [{ from: '/pricing', to: '/servces/plumber' }],
        'content/redirects.json: redirects[2].to: redirects to /servces/plumber, which is neither a page of the site (pages are listed in sitemap.xml) nor an https:// URL: did you mean "/services/plumber"?',
      );
      await refused(
        [{ from: '/pricing', to: 'http://example.com/prices' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.to: expected a page of the site, such as "\/services\/local-seo" or "\/#services", or an https:\/\/ URL, found "http:\/\/example\.com\/prices"\n$/,
      );
      // A line break would have written a rule of its own into _redirects: here, /contact sent to another site.
      await refused(
        [{ from: '/pricing', to: 'https://example.com/\n/contact https://example.com 302' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.to: expected a page of the site, such as "\/services\/local-seo" or "\/#services", or an https:\/\/ URL, found "https:\/\/example\.com\/\\n\/contact https:\/\/example\.com 302"\n$/,
      );
      // Longer, with its target, than the line of _redirects Cloudflare Pages reads: it would skip it, unsaid.
      await refused(
        [{ from: `/old${'/aaaaaaaaaa'.repeat(50)}`, to: '/contact' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.from: expected a path of at most 500 characters \(Cloudflare Pages skips a line of _redirects past 1,000\), found "\/old\/a{10}/,
      );
      await refused(
        [{ from: '/pricing', to: `https://example.com/${'c'.repeat(480)}` }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.to: expected a target of at most 490 characters \(Cloudflare Pages skips a line of _redirects past 1,000\), found "https:\/\/example\.com\/c{10}/,
      );
      await refused(
        [{ from: '/about', to: '/contact' }],
        'content/redirects.json: redirects[2].from: redirects from /about, which is a page of the site (made from content/pages/about.json): a redirect would hide it; remove the redirect, or the page',
      );
      await refused(
        [
          { from: '/a', to: '/b' },
          { from: '/b', to: '/a' },
        ],
        'content/redirects.json: redirects[2].from: redirects in a loop: /a → /b → /a; end it at a page',
      );
      await refused(
        [
          { from: '/a', to: '/contact' },
          { from: '/a/', to: '/about' },
        ],
        'content/redirects.json: redirects[3].from: redirects from /a, which content/redirects.json (redirects[2].from) already redirects: keep one',
      );
      await refused(
        [{ from: '/old page.html', to: '/contact' }],
        'content/redirects.json: redirects[2].from: expected a root-relative path (names of at most 200 characters), such as "/old-page", "/blog/old-slug" or "/Old-Page.php", found "/old page.html"',
      );
      // A name longer than a disk allows for the page left at the old path: refused here, not by the disk.
      await refused(
        [{ from: `/old/${'a'.repeat(201)}`, to: '/contact' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.from: expected a root-relative path \(names of at most 200 characters\), such as .*, found "\/old\/a+…" \(206 characters\)$/m,
      );
      // An old site's addresses a case-insensitive disk (macOS, Windows) or a host would take for another's.
      await refused(
        [{ from: '/About', to: '/contact' }],
        'content/redirects.json: redirects[2].from: redirects from /About, which differs only in letter case from /about, a page of the site (made from content/pages/about.json): case-insensitive disks (macOS, Windows) and some hosts would mix them: remove the redirect',
      );
      await refused(
        [{ from: '/about.html', to: '/contact' }],
        'content/redirects.json: redirects[2].from: redirects from /about.html, which hosts serve as the same page as /about, a page of the site (made from content/pages/about.json): remove the redirect',
      );
      // Its redirect page would be written where the build writes a file of its own, whatever its letter case.
      for (const [from, own] of [
        ['/sitemap.xml', '/sitemap.xml'],
        ['/Robots.txt', '/robots.txt'],
        ['/blog/feed.json', '/blog/feed.json'],
      ])
        await refused(
          [{ from, to: '/contact' }],
          `content/redirects.json: redirects[2].from: redirects from ${from}, which would take the place of ${own}, a file the build writes: remove the redirect`,
        );
      // Its redirect page would be written over the home page's index.html, which would then redirect to itself.
      await refused(
        [{ from: '/index.html', to: '/' }],
        'content/redirects.json: redirects[2].from: redirects from /index.html, which hosts serve as the same page as /, a page of the site (made from content/pages/home.json): remove the redirect',
      );
      // A folder's index.html, which hosts would serve at the folder's address: /blog/ would show a page left behind.
      await refused(
        [{ from: '/blog/index.html', to: '/contact' }],
        'content/redirects.json: redirects[2].from: redirects from /blog/index.html, whose page hosts would serve at /blog/: remove the redirect',
      );
      await refused(
        [
          { from: '/Old-Page.html', to: '/contact' },
          { from: '/old-page.HTML', to: '/about' },
        ],
        'content/redirects.json: redirects[3].from: redirects from /old-page.HTML, which differs only in letter case from /Old-Page.html, which content/redirects.json (redirects[2].from) redirects: case-insensitive disks (macOS, Windows) and some hosts would mix them: remove the redirect',
      );
      await refused(
        [
          { from: '/old-page', to: '/contact' },
          { from: '/old-page.html', to: '/about' },
        ],
        'content/redirects.json: redirects[3].from: redirects from /old-page.html, which hosts serve as the same page as /old-page, which content/redirects.json (redirects[2].from) redirects: remove the redirect',
      );
      await writeSettled(redirectsFile(project), original);
      await editArticle(project, 'google-ads-guide', markDraft);
      await editArticle(project, 'digital-marketing-roi', (text) =>
        text.replace('(/blog/google-ads-guide)', '(/contact)'),
      );
      await refused(
        [{ from: '/ppc', to: '/blog/google-ads-guide' }],
        'content/redirects.json: redirects[2].to: redirects to /blog/google-ads-guide, which is content/blog/google-ads-guide.md, a draft: not a page until it is published',
      );
      await writeSettled(redirectsFile(project), original);
      await editArticle(project, 'local-seo-tips', withAliases('["online-reviews-guide"]'));
      const alias = await project.buildHere({ out: 'out' });
      expect(alias.stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: front matter: aliases[0]: redirects from /blog/online-reviews-guide, which is a page of the site (made from content/blog/online-reviews-guide.md): a redirect would hide it; remove the redirect, or the page\n',
      );
      await editArticle(project, 'local-seo-tips', (text) => text.replace('["online-reviews-guide"]', '["index"]'));
      expect((await project.buildHere({ out: 'out' })).stderr).toBe(
        'sitegen: content/blog/local-seo-tips.md: front matter: aliases[0]: redirects from /blog/index, whose page hosts would serve at /blog/: remove the redirect\n',
      );
    });
  });
});
