/**
 * Moves that keep their rankings: content/redirects.json and the articles'
 * aliases become _redirects (Netlify, Cloudflare Pages) and a page at each old
 * path (GitHub Pages, S3); sitegen preview and dev answer them with their
 * status and Location; what cannot work is refused naming file and field;
 * and `sitegen check --since` names every URL that was live and vanished.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../src/check/check-command';
import { startDevServer } from '../../src/dev/dev-server';
import type { Preview } from '../../src/server/preview';
import { startTestPreview } from '../browser/support/preview';
import { runSitegen, type CliResult } from '../support/cli';
import { tree } from '../support/output-tree';
import { inProjectCopy, writeSettled, type ProjectCopy } from '../support/project-copy';
import { siteDir, siteUrl } from '../support/site';

const redirectsFile = (project: ProjectCopy) => join(project.dir, 'content', 'redirects.json');

/** content/redirects.json with these redirects after the two the site has. */
async function addRedirects(project: ProjectCopy, redirects: object[]): Promise<void> {
  const file = redirectsFile(project);
  const content = JSON.parse(await readFile(file, 'utf8')) as { redirects: object[] };
  await writeSettled(file, JSON.stringify({ ...content, redirects: [...content.redirects, ...redirects] }, null, 2));
}

async function editArticle(project: ProjectCopy, slug: string, change: (text: string) => string): Promise<void> {
  const file = join(project.dir, 'content', 'blog', `${slug}.md`);
  await writeSettled(file, change(await readFile(file, 'utf8')));
}

const withAliases = (aliases: string) => (text: string) =>
  text.replace(/^readTime:/m, `aliases: ${aliases}\nreadTime:`);

describe('the built redirects', () => {
  it('_redirects holds each redirect as Netlify (forced) and Cloudflare Pages read it', async () => {
    expect(await readFile(join(siteDir(), '_redirects'), 'utf8')).toBe(
      [
        "# Written by sitegen from content/redirects.json, the articles' aliases and the blog's pagination: edit those, not this file.",
        '# Each redirect twice: Netlify applies the first (forced, as a page for other hosts is at the old path);',
        '# Cloudflare Pages skips it as malformed and applies the second.',
        '/services /#services 301!',
        '/services /#services 301',
        '/blog/category /blog 301!',
        '/blog/category /blog 301',
        '',
      ].join('\n'),
    );
  });

  it('leaves at each old path a page that sends the browser on, names the new URL canonical and is not indexed', async () => {
    for (const [file, to] of [
      ['services.html', `${siteUrl()}/#services`],
      ['blog/category.html', `${siteUrl()}/blog`],
    ]) {
      const $ = cheerio.load(await readFile(join(siteDir(), file!), 'utf8'));
      expect($('meta[http-equiv="refresh"]').attr('content'), file).toBe(`0; url=${to}`);
      expect($('link[rel="canonical"]').attr('href'), file).toBe(to);
      expect($('meta[name="robots"]').attr('content'), file).toBe('noindex');
      expect($('title').text(), file).toBe('This page has moved');
      expect($('main a').attr('href'), file).toBe(to);
    }
  });
});

describe('sitegen preview and dev', () => {
  let preview: Preview;
  beforeAll(async () => {
    preview = await startTestPreview(siteDir());
  });
  afterAll(() => preview.close());

  const answer = async (base: string, path: string) => {
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    return [response.status, response.headers.get('location')];
  };

  it('preview answers an old path with its status and Location, before the page left there, the query passed on', async () => {
    expect(await answer(preview.url, '/services')).toEqual([301, '/#services']);
    expect(await answer(preview.url, '/services/')).toEqual([301, '/#services']);
    expect(await answer(preview.url, '/blog/category?utm_source=mail')).toEqual([301, '/blog?utm_source=mail']);
    expect(await answer(preview.url, '/blog/category/seo')).toEqual([200, null]);
    // The host's configuration is not a page.
    expect(await answer(preview.url, '/_redirects')).toEqual([404, null]);
  });

  it('dev answers them from memory, and follows an edit of content/redirects.json', async () => {
    await inProjectCopy(async (project) => {
      const dev = await startDevServer({
        root: project.dir,
        port: 0,
        host: '127.0.0.1',
        leadsDir: null,
        log: () => {},
      });
      try {
        expect(await answer(dev.url, '/services')).toEqual([301, '/#services']);
        await addRedirects(project, [
          { from: '/ppc', to: '/services/google-ads', status: 302 },
          { from: '/PPC/Ads.php', to: '/services/google-ads' },
        ]);
        await dev.idle();
        await expect.poll(() => answer(dev.url, '/ppc')).toEqual([302, '/services/google-ads']);
        expect(await answer(dev.url, '/PPC/Ads.php?gclid=1')).toEqual([301, '/services/google-ads?gclid=1']);
      } finally {
        await dev.close();
      }
    });
  });
});

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

  it("an article's earlier slugs redirect to it, a chain is written straight to its end, and 302 is kept", async () => {
    await inProjectCopy(async (project) => {
      await editArticle(project, 'local-seo-tips', withAliases('["local-seo-guide", "seo-tips"]'));
      await addRedirects(project, [
        { from: '/guides/local-seo', to: '/blog/local-seo-guide' },
        { from: '/offer', to: 'https://offers.example.co.uk/spring', status: 302 },
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
        '/blog/local-seo-guide /blog/local-seo-tips 301',
        '/blog/seo-tips /blog/local-seo-tips 301',
        '',
      ]);
      const page = cheerio.load(await readFile(join(project.dir, 'out/blog/seo-tips.html'), 'utf8'));
      expect(page('link[rel="canonical"]').attr('href')).toBe(
        'https://www.tradeboostdigital.co.uk/blog/local-seo-tips',
      );
      expect(existsSync(join(project.dir, 'out/offer.html'))).toBe(true);
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
          return `  old link   content/blog/${linking}.md: body: links to "${link}", which redirects to /blog/local-seo-for-trades: link to "${instead}" instead`;
        }),
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
        await dev.idle();
        const said = ['website-design-mistakes', 'online-reviews-guide'].map(
          (linking) =>
            `old link: content/blog/${linking}.md: body: links to "/blog/local-seo-tips", which redirects to /blog/local-seo-for-trades: link to "/blog/local-seo-for-trades" instead`,
        );
        expect(oldLinks()).toEqual(said);
        await editArticle(project, 'google-ads-guide', (text) => text.replace(/^readTime: \d+$/m, 'readTime: 12'));
        await dev.idle();
        expect(oldLinks()).toEqual(said);
      } finally {
        await dev.close();
      }
    });
  });

  it('refuses, naming the file and field, a redirect to no page, from a page, in a loop, to a draft, or twice', async () => {
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
        [{ from: '/pricing', to: 'http://example.com/prices' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.to: expected a page of the site, such as "\/services\/local-seo" or "\/#services", or an https:\/\/ URL, found "http:\/\/example\.com\/prices"\n$/,
      );
      // A line break would have written a rule of its own into _redirects: here, /contact sent to another site.
      await refused(
        [{ from: '/pricing', to: 'https://example.com/\n/contact https://example.com 302' }],
        /^sitegen: content\/redirects\.json: redirects\[2\]\.to: expected a page of the site, such as "\/services\/local-seo" or "\/#services", or an https:\/\/ URL, found "https:\/\/example\.com\/\\n\/contact https:\/\/example\.com 302"\n$/,
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
        'content/redirects.json: redirects[2].from: expected a root-relative path, such as "/old-page", "/blog/old-slug" or "/Old-Page.php", found "/old page.html"',
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
      await editArticle(project, 'google-ads-guide', (text) => text.replace(/^readTime:/m, 'draft: true\nreadTime:'));
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
    });
  });
});

/**
 * `sitegen check --dir out --only links [--since <since>]` in the project
 * folder, run in this process: what the command prints, and its exit code.
 */
async function checkLinks(root: string, since?: string): Promise<CliResult> {
  let stdout = '';
  const passed = await runCheckCommand({ root, dir: 'out', only: 'links', since }, (text) => (stdout += text));
  return { code: passed ? 0 : 1, stdout, stderr: '' };
}

describe('sitegen check --since', () => {
  // Two crawls of the whole site by the links gate: longer than the default time a test may take on a busy machine.
  it(
    'names every URL of an old sitemap that is now neither a page nor a redirect, with the redirect that would keep it',
    { timeout: 120_000 },
    async () => {
      await inProjectCopy(async (project) => {
        expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
        const old = join(project.dir, 'live-sitemap.xml');
        // With later pages of two listings, which come and go with the number of their articles: not vanished URLs.
        const later = ['/blog/page/2', '/blog/category/seo/page/4'].map(
          (path) => `<url><loc>https://www.tradeboostdigital.co.uk${path}</loc></url>`,
        );
        const sitemap = await readFile(join(project.dir, 'out/sitemap.xml'), 'utf8');
        await writeFile(old, sitemap.replace('</urlset>', `${later.join('')}</urlset>`));
        // A slug changed with no alias (no article links to it, so the build has nothing to refuse): the old URL is gone.
        await editArticle(project, 'social-media-guide', (text) =>
          text.replace(/^slug: .*$/m, 'slug: "social-media-for-trades"'),
        );
        expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
        // A page every page links to gone too.
        await rm(join(project.dir, 'out/about.html'));
        const check = (since = 'live-sitemap.xml') => checkLinks(project.dir, since);
        const vanished = await check();
        expect(vanished.code).toBe(1);
        // Each broken link to it once, with how many pages hold it: the first by address, whatever the crawl's order.
        expect(vanished.stdout).toContain('  ✗ / and 52 more pages  broken-link  /about\n');
        // Each URL once, however many pages link to a broken one.
        expect(vanished.stdout).toContain(
          '55 problems · 72 distinct internal URLs (pages, assets) linked from 53 pages',
        );
        expect(vanished.stdout).toContain('  ✗ /about  vanished-url  https://www.tradeboostdigital.co.uk/about\n');
        expect(vanished.stdout).toContain(
          [
            '  ✗ /blog/social-media-guide  vanished-url  https://www.tradeboostdigital.co.uk/blog/social-media-guide',
            '      was live (it is in live-sitemap.xml) and is now neither a page nor a redirect: its visitors and rankings would be lost',
            '      fix: add a redirect to content/redirects.json: { "from": "/blog/social-media-guide", "to": "/blog/social-media-for-trades" }, or add "social-media-guide" to the aliases in the front matter of /blog/social-media-for-trades\'s article',
          ].join('\n'),
        );
        expect(vanished.stdout.match(/vanished-url/g)).toHaveLength(2);

        await editArticle(project, 'social-media-guide', withAliases('["social-media-guide"]'));
        expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
        // The live site's sitemap, fetched as CI fetches it from SITE_URL.
        const live = createServer((_, response) => response.end(readFileSync(old)));
        await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
        const url = `http://127.0.0.1:${(live.address() as AddressInfo).port}/sitemap.xml`;
        try {
          const kept = await check(url);
          expect(kept.stdout).toContain(`the 55 URLs of ${url}`);
          expect(kept.stdout).toMatch(/^ {2}links +pass {2}/m);
          expect(kept.code).toBe(0);
        } finally {
          live.close();
        }
        // What only the executable shows: the line it ends with, and its exit code.
        const unreachable = await runSitegen(
          ['check', '--dir', 'out', '--only', 'links', '--since', 'http://127.0.0.1:9/sitemap.xml'],
          { cwd: project.dir },
        );
        expect([unreachable.code, unreachable.stderr]).toEqual([
          1,
          'sitegen: --since: could not fetch http://127.0.0.1:9/sitemap.xml: fetch failed\n',
        ]);
      });
    },
  );

  it(
    "an old site's .html, .php and mixed-case URLs: the redirects it suggests build, leave a page at each old path and pass",
    { timeout: 120_000 },
    async () => {
      await inProjectCopy(async (project) => {
        expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
        // /about.html is kept: hosts serve /about's page there (GitHub Pages, S3) or send it on (Netlify).
        const old = ['/old-page.html', '/contact.php', '/Services/SEO', '/about.html'];
        const locs = old.map((path) => `<url><loc>https://www.tradeboostdigital.co.uk${path}</loc></url>`);
        await writeFile(join(project.dir, 'old-sitemap.xml'), `<urlset>${locs.join('')}</urlset>`);
        const vanished = await checkLinks(project.dir, 'old-sitemap.xml');
        expect(vanished.code).toBe(1);
        const fixes = [...vanished.stdout.matchAll(/^ {6}fix: add a redirect to content\/redirects\.json: (.*)$/gm)];
        expect(fixes.map((fix) => fix[1])).toEqual([
          '{ "from": "/old-page.html", "to": "/" }',
          '{ "from": "/contact.php", "to": "/contact" }',
          '{ "from": "/Services/SEO", "to": "/services/local-seo" }',
        ]);
        await addRedirects(
          project,
          fixes.map((fix) => JSON.parse(fix[1]!) as object),
        );
        expect((await project.buildHere({ out: 'out' })).stderr).toBe('');

        const out = join(project.dir, 'out');
        expect(await readFile(join(out, '_redirects'), 'utf8')).toContain(
          [
            '/old-page.html / 301!',
            '/old-page.html / 301',
            '/contact.php /contact 301!',
            '/contact.php /contact 301',
          ].join('\n'),
        );
        // Each left page where hosts with no _redirects look for the old path: a .php file would be no page to them.
        const left = {
          'old-page.html': '/',
          'contact.php/index.html': '/contact',
          'Services/SEO.html': '/services/local-seo',
        };
        for (const [file, to] of Object.entries(left)) {
          const $ = cheerio.load(await readFile(join(out, file), 'utf8'));
          expect(new URL($('link[rel="canonical"]').attr('href')!).pathname, file).toBe(to);
        }
        expect(existsSync(join(out, 'old-page.html.html'))).toBe(false);
        expect(existsSync(join(out, 'contact.php.html'))).toBe(false);

        const preview = await startTestPreview(out);
        try {
          const answer = async (path: string) => {
            const response = await fetch(`${preview.url}${path}`, { redirect: 'manual' });
            return [response.status, response.headers.get('location')];
          };
          expect(await answer('/old-page.html')).toEqual([301, '/']);
          expect(await answer('/contact.php?utm_source=mail')).toEqual([301, '/contact?utm_source=mail']);
          expect(await answer('/Services/SEO')).toEqual([301, '/services/local-seo']);
        } finally {
          await preview.close();
        }

        const kept = await checkLinks(project.dir, 'old-sitemap.xml');
        expect(kept.stdout).toContain('the 4 URLs of old-sitemap.xml');
        expect(kept.stdout).toMatch(/^ {2}links +pass {2}/m);
        expect(kept.code).toBe(0);
      });
    },
  );
});
