/** Links in feeds: every URL absolute (a feed reader has no page to resolve it against), and the site's own served. */
import * as cheerio from 'cheerio';
import { attributeValues, readBuiltFile, servedStatus } from './built-site';
import { stringsIn } from './json-ld';
import { readSitemap } from './sitemap';
import type { CheckContext, Finding } from './types';

export async function checkFeedLinks(context: CheckContext) {
  const $ = cheerio.load(context.pages.find((page) => page.path === '/')?.html ?? '');
  const feeds = attributeValues($, 'link[rel="alternate"]', 'href').filter((href) => href.startsWith('/'));
  // The origin the build wrote its absolute URLs with.
  const { origin } = readSitemap(context.dir);
  // `internal` counts the feeds' URLs of the site; `external` ones (stock photos) are listed with the pages' own.
  const result = { findings: [] as Finding[], feeds, internal: 0, external: [] as string[] };
  for (const feed of feeds) {
    const text = readBuiltFile(context.dir, feed)?.toString('utf8');
    // A feed the pages name but the site lacks is a broken link of theirs, which linkinator reports.
    if (text === undefined) continue;
    const add = (target: string, message: string, fix: string) =>
      result.findings.push({ page: feed, rule: 'broken-link', target, message, fix });
    for (const url of urlsIn(text, feed.endsWith('.json'))) {
      if (!/^https?:\/\//.test(url))
        add(url, 'is not an absolute URL: a feed reader cannot tell what it points at', 'write it with the origin');
      else if (origin === undefined || new URL(url).origin !== origin) {
        result.external.push(url);
        if (context.external) {
          const status =
            (await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined))?.status ?? 0;
          if (status !== 200) add(url, status ? `answered ${status}` : 'could not be fetched', 'update or remove it');
        }
      } else {
        result.internal += 1;
        const { pathname, search } = new URL(url);
        const status = await statusLeadingTo(context.origin, `${pathname}${search}`);
        if (status !== 200) add(url, `answered ${status}`, 'point the link at a page of the site, or build the page');
      }
    }
  }
  return result;
}

/** A link to an old address works, by its redirect (the build names it, an old link): what counts is where it leads. */
async function statusLeadingTo(origin: string, path: string): Promise<number> {
  const response = await fetch(`${origin}${path}`, { method: 'HEAD', redirect: 'manual' });
  const to = response.headers.get('location');
  return response.status >= 300 && response.status < 400 && to?.startsWith('/')
    ? servedStatus(origin, to)
    : response.status;
}

/** Every URL in a feed: XML's attributes and texts, or JSON's values, and the links and images of the HTML inside them. */
function urlsIn(text: string, json: boolean): Set<string> {
  const urls = new Set<string>();
  const take = (value: string, html = true) => {
    const trimmed = value.trim();
    if (/^https?:\/\//.test(trimmed)) urls.add(trimmed);
    else if (html && trimmed.includes('<')) for (const url of htmlUrls(trimmed)) urls.add(url);
  };
  if (json) {
    // A JSON Feed's HTML is its items' content_html: a summary or a title is text, whatever it holds.
    const { items = [], ...feed } = JSON.parse(text) as { items?: { id?: string; content_html?: string }[] };
    // An item's id is a name, not a link.
    for (const value of stringsIn([feed, items.map(({ id, content_html, ...item }) => item)])) take(value, false);
    for (const item of items) for (const url of htmlUrls(item.content_html ?? '')) urls.add(url);
    return urls;
  }
  const $ = cheerio.load(text, { xml: true });
  $('*').each((_, element) => {
    // Namespaces are names that look like URLs, not links.
    for (const [name, value] of Object.entries($(element).attr() ?? {})) if (!name.startsWith('xmlns')) take(value);
    // Nor are Atom's ids and RSS's guids that say they are no permalink: an article that moved keeps its first address.
    if ($(element).is('id, guid[isPermaLink="false"]')) return;
    const own = $(element)
      .contents()
      .filter((_, node) => node.type === 'text' || node.type === 'cdata')
      .text();
    if (own) take(own);
  });
  return urls;
}

function htmlUrls(html: string): string[] {
  const $ = cheerio.load(html);
  const urls = [...attributeValues($, 'a', 'href'), ...attributeValues($, 'img', 'src')];
  return urls.filter((url) => !/^(?:mailto|tel):/.test(url));
}
