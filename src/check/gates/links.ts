/**
 * links: linkinator crawls the site as a static host serves it (clean URLs); external URLs are fetched only with
 * --external. Anchors and stylesheets' URLs are checked here against the built files: linkinator checks an anchor only
 * if it met the id before fetching its page, and reads a stylesheet only under the first start URL.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as cheerio from 'cheerio';
import type { LinkResult } from 'linkinator';
import { messageWithCause } from '../../errors';
import { decoded, misnamedPage } from '../../paths';
import { plannedSite } from '../breadcrumbs';
import { attributeValues, isBuiltFile, readBuiltFile } from '../built-site';
import { checkFeedLinks } from '../feed-links';
import { checkRedirectLinks } from '../redirect-links';
import { redirectFor } from '../../server/redirects-file';
import { vanishedUrls } from '../since';
import { readSitemap } from '../sitemap';
import { gateResult, type BuiltPage, type CheckContext, type Finding, type GateResult } from '../types';

export async function checkLinks(context: CheckContext): Promise<GateResult> {
  // The old sitemap first: one that cannot be read stops the gate at once, not after the whole crawl.
  const since = await vanishedUrls(context);
  const { LinkChecker, LinkState } = await import('linkinator');
  const external = new Set<string>();
  const { links } = await new LinkChecker().check({
    // Every page, not only those reachable from the home page: an orphan page's links count too.
    path: context.pages.map((page) => `${context.origin}${page.path}`),
    recurse: true,
    // Extensionless URLs are pages, not folders: the base for relative links is the page itself.
    cleanUrls: true,
    concurrency: 20,
    // Only the internet needs a time limit: one on the check's own server failed sound pages, and threw uncaught.
    ...(context.external && { timeout: 10_000 }),
    linksToSkip: async (url) => {
      if (url.startsWith(context.origin) || !/^https?:/.test(url)) return false;
      external.add(url);
      return !context.external;
    },
  });
  const broken = links.filter((link) => link.state === LinkState.BROKEN);
  const [feeds, redirects] = [await checkFeedLinks(context), await checkRedirectLinks(context)];
  for (const url of feeds.external) external.add(url);
  // Each page read once, for its anchors and its share images.
  const parsed = new Map(context.pages.map((page) => [page.path, cheerio.load(page.html)]));
  // What --since asked for first: a terminal shows a gate's first findings only, and a broken copy has many.
  const findings = [
    ...since.findings,
    ...brokenLinks(broken, context),
    ...(await writtenIn(context, missingAnchors(context, parsed))),
    ...pagesMisnamed(context, parsed),
    ...brokenStylesheetUrls(context),
    ...missingShareImages(context, parsed),
    ...feeds.findings,
    ...redirects,
  ];
  // linkinator reports a broken URL once for each page linking to it.
  const internalLinks = new Set(links.flatMap((link) => (link.url.startsWith(context.origin) ? [link.url] : []))).size;
  const checked = [
    `${internalLinks} distinct internal URLs (pages, assets) linked from ${context.pages.length} pages, their anchors, share images and the stylesheets' URLs`,
    `${feeds.internal} URLs of the site in ${feeds.feeds.length} feeds, ${context.redirects.size} redirects`,
    ...(context.since ? [`the ${since.urls} URLs of ${context.since}`] : []),
  ];
  return gateResult('links', checked.join('; '), findings, externalNotes(external, context.external));
}

/** Each broken link once on each page that links to it, by page, then URL: linkinator's crawl order changes run to run. */
function brokenLinks(broken: LinkResult[], context: CheckContext): Finding[] {
  const findings = new Map<string, Finding>();
  for (const link of broken) {
    const internal = link.url.startsWith(context.origin);
    const detail = link.failureDetails
      ?.map((item) => ('message' in item ? messageWithCause(item) : `HTTP ${item.status}`))
      .join('; ');
    const target = internal ? link.url.slice(context.origin.length) || '/' : link.url;
    // linkinator reports a missing #anchor without the page that links to it: find those pages in the HTML.
    const parents = link.parent
      ? [link.parent.slice(context.origin.length) || '/']
      : context.pages.filter((page) => page.html.includes(`"${target}"`)).map((page) => page.path);
    const message = link.status
      ? `answered ${link.status}${detail ? ` (${detail})` : ''}`
      : (detail ?? 'could not be fetched');
    const fix = internal
      ? 'point the link at an existing page (or #id on it), or create the page'
      : `${link.status ? '' : 'if this machine is online, '}update or remove the external link`;
    for (const page of parents.length ? parents : [target])
      if (!findings.has(`${page} ${target}`))
        findings.set(`${page} ${target}`, { page, rule: 'broken-link', target, message, fix });
  }
  return [...findings].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([, finding]) => finding);
}

function externalNotes(external: ReadonlySet<string>, fetched: boolean): string[] {
  if (fetched) return [`${external.size} external URLs fetched`];
  // An image at several sizes is one resource: listed once, without its size parameters.
  const resources = [...new Set([...external].map((url) => url.replace(/[?#].*$/, '')))].sort();
  return [
    `${resources.length} external resources (${external.size} URLs: stock photos at several sizes, social profiles) listed, not fetched: run with --external to fetch them`,
    ...resources.slice(0, 8).map((url) => `  ${url}`),
    ...(resources.length > 8 ? [`  … and ${resources.length - 8} more`] : []),
  ];
}

function missingAnchors(context: CheckContext, pages: ReadonlyMap<string, cheerio.CheerioAPI>): Finding[] {
  const ids = new Map<string, Set<string>>();
  for (const [path, $] of pages)
    ids.set(path, new Set([...attributeValues($, '[id]', 'id'), ...attributeValues($, 'a[name]', 'name')]));
  const findings: Finding[] = [];
  for (const [path, $] of pages)
    for (const href of new Set(attributeValues($, 'a[href*="#"], area[href*="#"]', 'href'))) {
      const link = new URL(href, `${context.origin}${path}`);
      // An old address's #id is looked for where its redirect leads: there, unless the redirect names an #id of its own.
      const to = link.origin === context.origin ? redirectFor(context.redirects, link.pathname)?.to : undefined;
      const url = to?.startsWith('/') ? new URL(to.includes('#') ? to : `${to}${link.hash}`, context.origin) : link;
      const fragment = decoded(url.hash.slice(1));
      // "#" and "#top" scroll to the top of any page; a page that is not one is a broken link, reported above.
      if (url.origin !== context.origin || ['', 'top'].includes(fragment) || !ids.has(url.pathname)) continue;
      // Browsers look for the id as written first (marked-footnote writes "[^a b]" as id="footnote-a%20b").
      if ([fragment, url.hash.slice(1)].some((id) => ids.get(url.pathname)!.has(id))) continue;
      const message = `${to ? `${link.pathname} redirects to ${url.pathname}, which` : url.pathname} has no element with the id "${fragment}"`;
      const fix = 'point the link at an id the page has, or give the target that id';
      findings.push({ page: path, rule: 'missing-anchor', target: href, message, fix });
    }
  for (const [from, { to }] of context.redirects) {
    const url = new URL(to, context.origin);
    const fragment = decoded(url.hash.slice(1));
    // A redirect to a page that is not one is reported with _redirects' other findings.
    const targetIds = to.startsWith('/') && !['', 'top'].includes(fragment) ? ids.get(url.pathname) : undefined;
    if (!targetIds || targetIds.has(fragment)) continue;
    const message = `leads to ${url.pathname}, which has no element with the id "${fragment}"`;
    const fix = 'redirect to an id the page has, or give the target that id';
    findings.push({ page: from, rule: 'broken-redirect', target: to, message, fix });
  }
  return findings;
}

/** A missing anchor's link written in its page's content file (an article's body, say): the file to mend it in. */
async function writtenIn(context: CheckContext, findings: Finding[]): Promise<Finding[]> {
  if (findings.every(({ rule }) => rule !== 'missing-anchor')) return findings;
  const { pages } = (await plannedSite(context.root, context.contentDir)).routes;
  return findings.map((finding) => {
    const source = finding.rule === 'missing-anchor' && pages.get(finding.page)?.source;
    const text = source ? readFileSync(resolve(context.root, source), 'utf8') : '';
    const at = text.indexOf(finding.target!);
    const line = text.slice(0, at).split('\n').length;
    return at < 0 ? finding : { ...finding, message: `${finding.message}: the link is in ${source}, line ${line}` };
  });
}

const pagesMisnamed = (context: CheckContext, pages: ReadonlyMap<string, cheerio.CheerioAPI>): Finding[] =>
  [...pages].flatMap(([path, $]) =>
    [...new Set(attributeValues($, 'a[href], area[href]', 'href'))].flatMap((href): Finding[] => {
      const url = new URL(href, `${context.origin}${path}`);
      const page = misnamedPage(decoded(url.pathname));
      if (url.origin !== context.origin || page === undefined || !pages.has(page)) return [];
      const message = `links to ${url.pathname}, which GitHub Pages, S3 and nginx answer with their 404 page`;
      return [{ page: path, rule: 'broken-link', target: href, message, fix: `write it ${page}, the page's own URL` }];
    }),
  );

/** url(…) references in the site's stylesheets to files the build does not have, named on the first page that loads each sheet. */
function brokenStylesheetUrls(context: CheckContext): Finding[] {
  const loadedBy = new Map<string, BuiltPage>();
  for (const page of context.pages)
    for (const match of page.html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="(\/[^"]+)"/g))
      if (!loadedBy.has(match[1]!)) loadedBy.set(match[1]!, page);
  const findings: Finding[] = [];
  for (const [sheet, page] of loadedBy) {
    const css = readBuiltFile(context.dir, sheet)?.toString('utf8');
    // A missing stylesheet is a broken link, reported above.
    if (css === undefined) continue;
    for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) {
      const reference = match[2]!.trim();
      if (/^(?:data:|https?:|#)/.test(reference)) continue;
      const url = new URL(reference, `${context.origin}${sheet}`);
      if (url.origin !== context.origin || isBuiltFile(context.dir, decoded(url.pathname))) continue;
      const message = `${sheet} refers to ${url.pathname}, which is not in the build`;
      const fix = 'add the file, or remove the reference from the stylesheet';
      findings.push({ page: page.path, rule: 'broken-link', target: url.pathname, message, fix });
    }
  }
  return findings;
}

/**
 * The image a page is shared with (og:image, twitter:image), absolute with the site's origin: no crawler follows it to
 * the build, and a share of the page without it shows no picture.
 */
function missingShareImages(context: CheckContext, pages: ReadonlyMap<string, cheerio.CheerioAPI>): Finding[] {
  // The origin the build wrote its absolute URLs with; without a sitemap to say it, the seo gate fails the site.
  const { origin } = readSitemap(context.dir);
  if (origin === undefined) return [];
  const findings: Finding[] = [];
  for (const [path, $] of pages) {
    const named = attributeValues($, 'meta[property="og:image"], meta[name="twitter:image"]', 'content');
    for (const url of new Set(named.filter((value) => URL.canParse(value)))) {
      const { origin: at, pathname } = new URL(url);
      if (at !== origin || isBuiltFile(context.dir, decoded(pathname))) continue;
      const message = `the page is shared with ${pathname} (og:image, twitter:image), which is not in the build`;
      const fix = 'build the site again, which makes it, or name an image the site has';
      findings.push({ page: path, rule: 'broken-link', target: pathname, message, fix });
    }
  }
  return findings;
}
