/** seo: what a crawler needs of every page but the 404, its JSON-LD and breadcrumbs, the sitemap and robots.txt. */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { paths } from '../../paths';
import { breadcrumbProblems, routeTrails } from '../breadcrumbs';
import { isBuiltFile } from '../built-site';
import { graphProblems, readGraph, richResultProblems, stringsIn, type Graph } from '../json-ld';
import { checkRobots, checkSitemapFile, checkSitemapUrls, readSitemap, type Sitemap } from '../sitemap';
import { gateResult, reportTo } from '../types';
import type { BuiltPage, CheckContext, Finding, GateResult, PageProblem, Report } from '../types';

export async function checkSeo(context: CheckContext): Promise<GateResult> {
  const findings: Finding[] = [];
  const site = await siteOf(context);
  checkRobots(site.sitemap, reportTo(findings, '/robots.txt'));
  checkSitemapFile(site.sitemap, reportTo(findings, '/sitemap.xml'));
  for (const page of context.pages) await checkPage(page, site, reportTo(findings, page.path));
  checkSitemapUrls(site.sitemap, context.pages, reportTo(findings, '/sitemap.xml'));
  const checked = `${context.pages.length - 1} pages, sitemap.xml (${site.sitemap.listed.size} URLs), robots.txt`;
  return gateResult('seo', checked, findings);
}

/** What every page is checked against; `seen` maps each title and description to the last page that had it. */
type Site = Awaited<ReturnType<typeof siteOf>>;

async function siteOf(context: CheckContext) {
  const pagePaths = new Set(context.pages.map((page) => page.path));
  return {
    // A page, or a file: a static host answers 404 for a folder.
    served: (path: string) => pagePaths.has(path) || isBuiltFile(context.dir, path),
    sitemap: readSitemap(context.dir),
    trails: await routeTrails(context.root, context.contentDir),
    seen: { title: new Map<string, string>(), description: new Map<string, string>() },
  };
}

async function checkPage(page: BuiltPage, site: Site, report: Report): Promise<void> {
  const $ = cheerio.load(page.html);
  if (page.path === paths.notFound) {
    if ($('meta[name="robots"]').attr('content') !== 'noindex')
      report('not-found-indexable', 'the 404 page can be indexed', 'add <meta name="robots" content="noindex">');
    return;
  }
  const url = site.sitemap.origin ? `${site.sitemap.origin}${page.path}` : undefined;
  const canonical = $('link[rel="canonical"]').attr('href');
  checkText('title', $('head > title').text().trim(), page.path, site, report);
  checkText('description', ($('meta[name="description"]').attr('content') ?? '').trim(), page.path, site, report);
  checkCanonical(canonical, url, report);
  checkSitemapEntry($, canonical, site.sitemap, report);
  checkOpenGraph($, canonical, report);
  const h1 = $('h1').length;
  if (h1 !== 1) report('h1-count', `the page has ${h1} h1 elements`, 'give every page exactly one h1');
  await checkStructuredData($, page, url ?? canonical ?? page.path, site, report);
}

/** What a title and a meta description must be: present, short enough for search results, and the page's own. */
const texts = {
  title: {
    limit: 60,
    missing: 'the page has no <title>',
    missingFix: 'give the page a title in its content file',
    long: (title: string) => `the title is ${title.length} characters, more than 60: "${title}"`,
    longFix: 'shorten it: search results cut titles at about 60 characters',
    duplicate: (title: string, page: string) => `the title "${title}" is also the title of ${page}`,
    duplicateFix: 'give each page its own title',
  },
  description: {
    limit: 160,
    missing: 'the page has no meta description',
    missingFix: 'write a description of 50-160 characters',
    long: (description: string) => `the description is ${description.length} characters, more than 160`,
    longFix: 'shorten it to at most 160 characters',
    duplicate: (_: string, page: string) => `the description is also that of ${page}`,
    duplicateFix: 'give each page its own description',
  },
};

function checkText(kind: keyof typeof texts, text: string, path: string, site: Site, report: Report): void {
  const { limit, missing, missingFix, long, longFix, duplicate, duplicateFix } = texts[kind];
  const seen = site.seen[kind];
  if (!text) report(`${kind}-missing`, missing, missingFix);
  else if (text.length > limit) report(`${kind}-length`, long(text), longFix);
  const words = text.toLowerCase(); // "careers" and "Careers" are one title to a searcher
  if (text && seen.has(words)) report(`${kind}-duplicate`, duplicate(text, seen.get(words)!), duplicateFix);
  seen.set(words, path);
}

function checkCanonical(canonical: string | undefined, url: string | undefined, report: Report): void {
  if (!canonical)
    report('canonical-missing', 'the page has no canonical link', `add <link rel="canonical"> with the page's own URL`);
  else if (url && canonical !== url) {
    const problem = `the canonical URL is ${canonical}, not the page's own URL ${url}`;
    report('canonical-mismatch', problem, 'make the canonical the site origin plus the page path');
  }
}

/** The sitemap lists a page, by its canonical URL, exactly when the page lets search engines index it. */
function checkSitemapEntry($: CheerioAPI, canonical: string | undefined, sitemap: Sitemap, report: Report): void {
  if (!canonical || !sitemap.xml) return;
  const noindex = /\bnoindex\b/i.test($('meta[name="robots"]').attr('content') ?? '');
  if (noindex && sitemap.listed.has(canonical)) {
    const problem = `${canonical} is in sitemap.xml, yet the page asks not to be indexed`;
    report('sitemap-noindex', problem, 'list only pages meant for search results');
  } else if (!noindex && !sitemap.listed.has(canonical))
    report('sitemap-missing-page', `${canonical} is not in sitemap.xml`, 'list every page in the sitemap');
}

function checkOpenGraph($: CheerioAPI, canonical: string | undefined, report: Report): void {
  for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image'])
    if (!$(`meta[property="${property}"]`).attr('content'))
      report('open-graph', `the page has no ${property}`, `add <meta property="${property}">`);
  const ogUrl = $('meta[property="og:url"]').attr('content');
  if (ogUrl && canonical && ogUrl !== canonical)
    report('open-graph', `og:url ${ogUrl} differs from the canonical ${canonical}`, 'use the canonical URL for og:url');
}

async function checkStructuredData($: CheerioAPI, page: BuiltPage, url: string, site: Site, report: Report) {
  const read = readGraph($);
  const graph = 'rule' in read ? undefined : read;
  const problems =
    'rule' in read
      ? [read]
      : [...graphProblems(read, url), ...(await richResultProblems(page.html)), ...unservedUrls(read, site)];
  for (const { rule, message, fix } of problems) report(rule, message, fix, 'script[type="application/ld+json"]');
  const { trails, label } = site.trails;
  const self = { url, origin: site.sitemap.origin ?? '', trail: trails.get(page.path) };
  for (const { rule, message, fix } of breadcrumbProblems($, graph, self, label))
    report(rule, message, fix, `nav[aria-label="${label}"]`);
}

function unservedUrls(graph: Graph, site: Site): PageProblem[] {
  const origin = site.sitemap.origin;
  if (!origin) return [];
  const urls = stringsIn(graph.nodes)
    .filter((text) => text.startsWith(`${origin}/`))
    .map((url) => url.replace(/#.*$/, ''));
  return [...new Set(urls)]
    .filter((url) => !site.served(url.slice(origin.length)))
    .map((url) => ({
      rule: 'json-ld-url',
      message: `the structured data names ${url}, which the site does not serve`,
      fix: 'name only pages of the site and files of public/ (the logo among them)',
    }));
}
