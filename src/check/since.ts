/** `--since`: each URL of an old sitemap must still be a page or a redirect; else, a redirect to the likeliest page. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import * as cheerio from 'cheerio';
import * as v from 'valibot';
import { redirectFrom } from '../content/schemas/redirects';
import { SitegenError, messageOf, messageWithCause } from '../errors';
import { redirectFor } from '../server/redirects-file';
import { decoded, fileAlike, fileFor, listingOf } from '../paths';
import { servedStatus } from './built-site';
import type { CheckContext, Finding } from './types';

export async function vanishedUrls(context: CheckContext): Promise<{ findings: Finding[]; urls: number }> {
  if (!context.since) return { findings: [], urls: 0 };
  const urls = await sitemapUrls(context.since, context.root);
  const pages = new Set(context.pages.map((page) => page.path));
  const files = new Set(context.pages.map((page) => fileFor(page.path)));
  const alike = new Set(context.pages.map((page) => fileAlike(page.path)));
  const findings: Finding[] = [];
  for (const url of urls) {
    const path = pathOf(url);
    // An old /about.html or /index.html is still a page: hosts serve it (GitHub Pages, S3) or send it on (Netlify,
    // preview). One in other capitals (/About) is none on those hosts, and only their settings can redirect it: the
    // build refuses it in redirects.json, as a case-insensitive disk takes its file for the page's.
    if (files.has(fileFor(path)) || redirectFor(context.redirects, path)) continue;
    const inFile = v.is(redirectFrom, path) && !alike.has(fileAlike(path));
    // A listing's later page comes and goes with its articles (a redirect would stop the build on its return).
    if (pages.has(listingOf(path) ?? '')) continue;
    // A file the sitemap listed (a price list) is still there if the site serves it.
    if ((await servedStatus(context.origin, path)) === 200) continue;
    // One the file cannot hold is redirected in the host's settings (Cloudflare's), which the live site already answers.
    if (!inFile && (await redirectsLive(url))) continue;
    const to = likeliestPage(path.toLowerCase().replace(/\.\w+$/, ''), pages); // an old site's /Contact.php: /contact
    findings.push({
      page: path,
      rule: 'vanished-url',
      target: url,
      message: `was live (it is in ${context.since}) and is now neither a page nor a redirect: its visitors and rankings would be lost`,
      fix: inFile
        ? `add a redirect to content/redirects.json: { "from": "${path}", "to": "${to}" }${aliasHint(path, to)}`
        : `redirect it to ${to} in the host's settings (content/redirects.json takes paths of letters A to Z, digits, - and _, with one extension at most, such as .html or .php, none a page's in other capitals), which this check then sees on the live site`,
    });
  }
  return { findings, urls: urls.length };
}

/** Whether the live site answers `url` with a redirect; no answer (the site unreachable) is none. */
const redirectsLive = (url: string): Promise<boolean> =>
  fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.status >= 300 && response.status < 400,
    () => false,
  );

async function readSitemap(since: string, root: string): Promise<string> {
  if (/^https?:\/\//i.test(since)) {
    const response = await fetch(since, { signal: AbortSignal.timeout(30_000) }).catch((error: unknown) => {
      throw new SitegenError(`--since: could not fetch ${since}: ${messageWithCause(error)}`);
    });
    if (!response.ok) throw new SitegenError(`--since: ${since} answered ${response.status}, not a sitemap`);
    return response.text();
  }
  return readFile(resolve(root, since), 'utf8').catch((error: unknown) => {
    throw new SitegenError(`--since: cannot read ${since}: ${messageOf(error)}`);
  });
}

/** A sitemap's URLs; a sitemap index's (WordPress's sitemap_index.xml), those of each sitemap it lists. */
async function sitemapUrls(since: string, root: string, listed = false): Promise<string[]> {
  const $ = cheerio.load(await readSitemap(since, root), { xml: true });
  const lists = $('sitemapindex > sitemap > loc').map((_, loc) => $(loc).text().trim());
  if (!listed && lists.length > 0)
    return (await Promise.all(lists.get().map((list) => sitemapUrls(list, root, true)))).flat();
  if ($.root().children('urlset').length !== 1)
    throw new SitegenError(
      `--since: ${since} is not a sitemap: expected a <urlset> of <url> elements or a <sitemapindex>`,
    );
  const urls = Array.from($('urlset > url > loc'), (loc) => $(loc).text().trim());
  // A check that read no URL, or skipped one it could not read, would pass on what it never compared.
  const notUrl = urls.find((url) => !URL.canParse(url));
  if (notUrl !== undefined || (urls.length === 0 && !listed))
    throw new SitegenError(
      `--since: ${since}: expected <loc> elements of absolute URLs, found ${notUrl === undefined ? 'none' : `"${notUrl}"`}`,
    );
  return urls;
}

/** A URL's path as the site's pages are named: decoded, without a trailing slash. */
function pathOf(url: string): string {
  const path = decoded(new URL(url).pathname);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A vanished URL's best page: the one sharing most slug words, a sibling first, else the closest page above. */
function likeliestPage(path: string, pages: ReadonlySet<string>): string {
  // The same page moved under a folder: WordPress's /category/seo is /blog/category/seo.
  const moved = [...pages].find((page) => page.endsWith(path));
  if (moved) return moved;
  const slash = path.lastIndexOf('/');
  const parent = path.slice(0, slash) || '/';
  const words = new Set(path.slice(slash + 1).split('-'));
  let best: { page: string; shared: number } | undefined;
  for (const page of pages) {
    const sibling = page.lastIndexOf('/') === slash && page.startsWith(path.slice(0, slash + 1));
    // A page elsewhere counts too (an old WordPress post at the root, now an article), by its longer words alone: a
    // "the", a "for" or a category's "seo" says little of what it is about.
    const slug = page.slice(page.lastIndexOf('/') + 1).split('-');
    const shared = slug.filter((word) => words.has(word) && (sibling || word.length > 3)).length + (sibling ? 0.5 : 0);
    if (shared >= 1 && shared > (best?.shared ?? 0)) best = { page, shared };
  }
  if (best) return best.page;
  for (let above = parent; ; above = above.slice(0, above.lastIndexOf('/')) || '/')
    if (pages.has(above) || above === '/') return above;
}

/** A renamed article keeps its old address best as an alias in its own front matter. */
function aliasHint(path: string, to: string): string {
  const article = /^\/blog\/([a-z0-9-]+)$/;
  const from = article.exec(path);
  return from && article.test(to) ? `, or add "${from[1]}" to the aliases in the front matter of ${to}'s article` : '';
}
