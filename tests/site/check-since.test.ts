/**
 * `sitegen check --since` names every URL of the live site's sitemap that
 * vanished (neither a page nor a redirect now), with the redirect that would
 * keep it; the redirects it suggests for an old site's URLs build and pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { startTestPreview } from '../browser/support/preview';
import { runSitegen } from '../support/cli';
import { editArticle, inProjectCopy, type ProjectCopy } from '../support/project-copy';
import { addRedirects, checkLinks, withAliases } from '../support/redirects-copy';

/** A sitemap of the live site listing `paths`. */
const urlset = (paths: string[], origin = 'https://www.tradeboostdigital.co.uk') =>
  `<urlset>${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('')}</urlset>`;

/**
 * A stand-in for the live site while `work` runs with its origin: each path answered with `answer`'s text, or, for a
 * number, with that status and a Location of / (a redirect made in the host's settings).
 */
async function withLiveSite(
  answer: (path: string, host: string) => string | number,
  work: (origin: string) => Promise<void>,
) {
  const live = createServer((request, response) => {
    const answered = answer(request.url!, request.headers.host!);
    if (typeof answered === 'string') return response.end(answered);
    response.writeHead(answered, { location: '/' }).end();
  });
  await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
  try {
    await work(`http://127.0.0.1:${(live.address() as AddressInfo).port}`);
  } finally {
    live.close();
  }
}

/**
 * A test in a copy of the project built into out/: two crawls of the whole site by the links gate take longer than the
 * default time a test may take on a busy machine.
 */
function inBuiltCopy(name: string, work: (project: ProjectCopy) => Promise<void>) {
  it(name, { timeout: 120_000 }, () =>
    inProjectCopy(async (project) => {
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      await work(project);
    }),
  );
}

describe('sitegen check --since', () => {
  inBuiltCopy(
    'names every URL of an old sitemap that is now neither a page nor a redirect, with the redirect that would keep it',
    async (project) => {
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
      expect(vanished.stdout).toContain('55 problems · 72 distinct internal URLs (pages, assets) linked from 53 pages');
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
      await withLiveSite(
        () => readFileSync(old, 'utf8'),
        async (origin) => {
          const kept = await check(`${origin}/sitemap.xml`);
          expect(kept.stdout).toContain(`the 55 URLs of ${origin}/sitemap.xml`);
          expect(kept.stdout).toMatch(/^ {2}links +pass {2}/m);
          expect(kept.code).toBe(0);
        },
      );
      // What only the executable shows: the line it ends with, its exit code, and why the fetch failed (a port closed).
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const url = `http://127.0.0.1:${port}/sitemap.xml`;
      const unreachable = await runSitegen(['check', '--dir', 'out', '--only', 'links', '--since', url], {
        cwd: project.dir,
      });
      expect([unreachable.code, unreachable.stderr]).toEqual([
        1,
        `sitegen: --since: could not fetch ${url}: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})\n`,
      ]);
    },
  );

  inBuiltCopy(
    "an old site's .html, .php, mixed-case and WordPress URLs: the redirects it suggests build, leave a page at each old path and pass",
    async (project) => {
      // /about.html and /index.html are kept: hosts serve the page there (GitHub Pages, S3) or send it on (Netlify).
      // /About is no page on a host that tells capitals apart (GitHub Pages, S3, preview), and content/redirects.json
      // cannot redirect it (the build refuses it: on a Mac's disk its page is /about's file): the host's settings must,
      // as for /old%20page and /caf%C3%A9.
      // /about-us/, a post at the root and a category are a WordPress site's, the post now an article.
      const old = [
        ...['/old-page.html', '/contact.php', '/Services/SEO', '/about.html', '/index.html', '/About'],
        ...['/about-us/', '/how-to-get-more-online-reviews/', '/category/seo/'],
      ];
      const unwritable = ['/old%20page', '/caf%C3%A9'];
      await writeFile(join(project.dir, 'old-sitemap.xml'), urlset([...old, ...unwritable]));
      const vanished = await checkLinks(project.dir, 'old-sitemap.xml');
      expect(vanished.code).toBe(1);
      const fixes = [...vanished.stdout.matchAll(/^ {6}fix: add a redirect to content\/redirects\.json: (.*)$/gm)];
      expect(fixes.map((fix) => fix[1])).toEqual([
        '{ "from": "/old-page.html", "to": "/" }',
        '{ "from": "/contact.php", "to": "/contact" }',
        '{ "from": "/Services/SEO", "to": "/services/local-seo" }',
        '{ "from": "/about-us", "to": "/about" }',
        '{ "from": "/how-to-get-more-online-reviews", "to": "/blog/online-reviews-guide" }',
        '{ "from": "/category/seo", "to": "/blog/category/seo" }',
      ]);
      const atHost = [...vanished.stdout.matchAll(/^ {2}✗ (.+?) {2}vanished-url .*\n.*\n {6}fix: redirect it (.*)$/gm)];
      const hostFix = (to: string) =>
        `to ${to} in the host's settings (content/redirects.json takes paths of letters A to Z, digits, - and _, with one extension at most, such as .html or .php, none a page's in other capitals), which this check then sees on the live site`;
      expect(atHost.map((fix) => [fix[1], fix[2]])).toEqual([
        ['/About', hostFix('/about')],
        ['/old page', hostFix('/')],
        ['/café', hostFix('/')],
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
      // Each left page where hosts with no _redirects look for the old path: a .php file would be no page to them, and
      // a page in a folder is theirs at /about-us/ (the WordPress address) as at /about-us.
      const left = {
        'old-page.html': '/',
        'contact.php/index.html': '/contact',
        'Services/SEO/index.html': '/services/local-seo',
        'about-us/index.html': '/about',
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

      // Those only the host can redirect: each passes once the live site answers it with a redirect, not before.
      const redirected = new Set(['/caf%C3%A9', '/About']);
      const live = (path: string) => (redirected.has(path) ? 301 : 'the old page');
      await withLiveSite(live, async (origin) => {
        await writeFile(join(project.dir, 'old-sitemap.xml'), urlset([...old, ...unwritable], origin));
        const one = await checkLinks(project.dir, 'old-sitemap.xml');
        expect(one.code).toBe(1);
        expect([...one.stdout.matchAll(/^ {2}✗ (.+?) {2}vanished-url/gm)].map((found) => found[1])).toEqual([
          '/old page',
        ]);
        redirected.add('/old%20page');
        const kept = await checkLinks(project.dir, 'old-sitemap.xml');
        expect(kept.stdout).toContain('the 11 URLs of old-sitemap.xml');
        expect(kept.stdout).toMatch(/^ {2}links +pass {2}/m);
        expect(kept.code).toBe(0);
      });
    },
  );

  inBuiltCopy(
    'reads a sitemap index, as WordPress serves its sitemaps, through every sitemap it lists',
    async (project) => {
      const sitemaps: Record<string, string> = {
        '/post-sitemap.xml': urlset(['/blog/local-seo-tips', '/blog/old-post']),
        '/page-sitemap.xml': urlset(['/about', '/contact-us']),
      };
      const answer = (path: string, host: string) => {
        if (path !== '/sitemap_index.xml') return sitemaps[path] ?? '';
        const listed = Object.keys(sitemaps).map((listed) => `<sitemap><loc>http://${host}${listed}</loc></sitemap>`);
        return `<sitemapindex>${listed.join('')}</sitemapindex>`;
      };
      await withLiveSite(answer, async (origin) => {
        const checked = await checkLinks(project.dir, `${origin}/sitemap_index.xml`);
        expect(checked.code).toBe(1);
        const vanished = [...checked.stdout.matchAll(/^ {2}✗ (\S+) {2}vanished-url/gm)].map((found) => found[1]);
        expect(vanished).toEqual(['/blog/old-post', '/contact-us']);
        expect(checked.stdout).toContain(`the 4 URLs of ${origin}/sitemap_index.xml`);
      });
    },
  );
});
