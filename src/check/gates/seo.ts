/**
 * seo: what a crawler needs from every page but the 404: a unique title of at
 * most 60 characters and description of at most 160, a canonical URL equal to
 * the page's own URL and its sitemap entry, Open Graph tags, one h1; one
 * connected JSON-LD graph with the page's own node, every reference resolved
 * and every property Google requires for a rich result (json-ld.ts); every
 * URL of the site in it served by the site; breadcrumbs, shown and described,
 * that are the route table's trail (breadcrumbs.ts); a sitemap listing
 * exactly the pages; robots.txt naming it.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { paths } from '../../paths';
import { breadcrumbProblems } from '../breadcrumbs';
import { graphProblems, readGraph, richResultProblems, type Graph, type PageProblem } from '../json-ld';
import { routeTrails } from '../route-trails';
import type { CheckContext, Finding, GateResult } from '../types';

export async function checkSeo(context: CheckContext): Promise<GateResult> {
  const findings: Finding[] = [];
  const add = (page: string, rule: string, message: string, fix: string, target?: string) =>
    findings.push({ page, rule, message, fix, target });

  const [robots, sitemap] = await Promise.all([
    readText(join(context.dir, 'robots.txt')),
    readText(join(context.dir, 'sitemap.xml')),
  ]);
  const sitemapUrl = robots && /^Sitemap:\s*(\S+)\s*$/im.exec(robots)?.[1];
  if (!robots) add('/robots.txt', 'robots-missing', 'robots.txt is missing', 'write robots.txt with a Sitemap: line');
  else if (!sitemapUrl)
    add(
      '/robots.txt',
      'robots-sitemap',
      'robots.txt does not name the sitemap',
      'add "Sitemap: https://<site>/sitemap.xml"',
    );
  const siteOrigin = sitemapUrl ? new URL(sitemapUrl).origin : undefined;
  if (sitemapUrl && !sitemapUrl.endsWith('/sitemap.xml'))
    add(
      '/robots.txt',
      'robots-sitemap',
      `names ${sitemapUrl}, not the site's sitemap.xml`,
      'point the Sitemap: line at /sitemap.xml',
    );
  const listed = new Set(Array.from((sitemap ?? '').matchAll(/<loc>([^<]+)<\/loc>/g), (match) => decodeXml(match[1]!)));
  if (!sitemap) add('/sitemap.xml', 'sitemap-missing', 'sitemap.xml is missing', 'build the site with sitegen build');
  else {
    const problem = sitemapShapeProblem(sitemap);
    if (problem)
      add(
        '/sitemap.xml',
        'sitemap-invalid',
        problem,
        'write a <urlset> of the sitemaps.org namespace, each <loc> in its own <url>',
      );
  }

  const table = await routeTrails(context.root, context.contentDir);
  const pagePaths = new Set(context.pages.map((page) => page.path));
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const expectedUrls = new Set<string>();
  // The same files (the logo, the favicon) are named on every page: each looked for once.
  const servedFiles = new Map<string, boolean>();
  const served = (urlPath: string) => {
    if (pagePaths.has(urlPath)) return true;
    let found = servedFiles.get(urlPath);
    // A folder is not served (a static host answers 404 for it), only a file.
    if (found === undefined)
      servedFiles.set(
        urlPath,
        (found = statSync(join(context.dir, urlPath), { throwIfNoEntry: false })?.isFile() ?? false),
      );
    return found;
  };
  for (const page of context.pages) {
    const $ = cheerio.load(page.html);
    const path = page.path;
    if (path === paths.notFound) {
      if ($('meta[name="robots"]').attr('content') !== 'noindex')
        add(path, 'not-found-indexable', 'the 404 page can be indexed', 'add <meta name="robots" content="noindex">');
      continue;
    }
    const url = siteOrigin ? `${siteOrigin}${path}` : undefined;
    if (url) expectedUrls.add(url);

    const title = $('head > title').text().trim();
    if (!title) add(path, 'title-missing', 'the page has no <title>', 'give the page a title in its content file');
    else if (title.length > 60)
      add(
        path,
        'title-length',
        `the title is ${title.length} characters, more than 60: "${title}"`,
        'shorten it: search results cut titles at about 60 characters',
      );
    if (title && titles.has(title))
      add(
        path,
        'title-duplicate',
        `the title "${title}" is also the title of ${titles.get(title)}`,
        'give each page its own title',
      );
    titles.set(title, path);

    const description = ($('meta[name="description"]').attr('content') ?? '').trim();
    if (!description)
      add(path, 'description-missing', 'the page has no meta description', 'write a description of 50-160 characters');
    else if (description.length > 160)
      add(
        path,
        'description-length',
        `the description is ${description.length} characters, more than 160`,
        'shorten it to at most 160 characters',
      );
    if (description && descriptions.has(description))
      add(
        path,
        'description-duplicate',
        `the description is also that of ${descriptions.get(description)}`,
        'give each page its own description',
      );
    descriptions.set(description, path);

    const canonical = $('link[rel="canonical"]').attr('href');
    if (!canonical)
      add(
        path,
        'canonical-missing',
        'the page has no canonical link',
        'add <link rel="canonical"> with the page\'s own URL',
      );
    else if (url && canonical !== url)
      add(
        path,
        'canonical-mismatch',
        `the canonical URL is ${canonical}, not the page's own URL ${url}`,
        'make the canonical the site origin plus the page path',
      );
    const noindex = /\bnoindex\b/i.test($('meta[name="robots"]').attr('content') ?? '');
    if (canonical && sitemap && noindex && listed.has(canonical))
      add(
        path,
        'sitemap-noindex',
        `${canonical} is in sitemap.xml, yet the page asks not to be indexed`,
        'list only pages meant for search results',
      );
    else if (canonical && sitemap && !noindex && !listed.has(canonical))
      add(path, 'sitemap-missing-page', `${canonical} is not in sitemap.xml`, 'list every page in the sitemap');

    for (const property of ['og:title', 'og:description', 'og:url', 'og:type']) {
      if (!$(`meta[property="${property}"]`).attr('content'))
        add(path, 'open-graph', `the page has no ${property}`, `add <meta property="${property}">`);
    }
    const ogUrl = $('meta[property="og:url"]').attr('content');
    if (ogUrl && canonical && ogUrl !== canonical)
      add(
        path,
        'open-graph',
        `og:url ${ogUrl} differs from the canonical ${canonical}`,
        'use the canonical URL for og:url',
      );

    const h1 = $('h1').length;
    if (h1 !== 1) add(path, 'h1-count', `the page has ${h1} h1 elements`, 'give every page exactly one h1');

    const pageUrl = url ?? canonical ?? path;
    const read = readGraph($);
    const graph = 'rule' in read ? undefined : read;
    const problems =
      'rule' in read
        ? [read]
        : [
            ...graphProblems(read, pageUrl),
            ...(await richResultProblems(page.html)),
            ...unservedUrls(read, siteOrigin, served),
          ];
    problems.push(
      ...breadcrumbProblems($, graph, { url: pageUrl, origin: siteOrigin ?? '' }, table.trails.get(path), table.label),
    );
    for (const problem of problems)
      add(
        path,
        problem.rule,
        problem.message,
        problem.fix,
        problem.rule === 'breadcrumbs' ? `nav[aria-label="${table.label}"]` : 'script[type="application/ld+json"]',
      );
  }

  if (sitemap && siteOrigin) {
    for (const url of listed) {
      if (!expectedUrls.has(url))
        add(
          '/sitemap.xml',
          'sitemap-extra-url',
          `${url} is in the sitemap but is not a page of the site`,
          'list only built pages (and never the 404)',
        );
    }
  }

  return {
    gate: 'seo',
    passed: findings.length === 0,
    checked: `${context.pages.length - 1} pages, sitemap.xml (${listed.size} URLs), robots.txt`,
    findings,
    notes: [],
  };
}

/** URLs of the site's own origin in the graph (the logo, trail steps, pages) that the built site does not serve. */
function unservedUrls(graph: Graph, origin: string | undefined, served: (path: string) => boolean): PageProblem[] {
  if (!origin) return [];
  const urls = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith(`${origin}/`)) urls.add(value.replace(/#.*$/, ''));
    } else if (value && typeof value === 'object') for (const item of Object.values(value)) collect(item);
  };
  collect(graph.nodes);
  return [...urls]
    .filter((url) => !served(url.slice(origin.length)))
    .map((url) => ({
      rule: 'json-ld-url',
      message: `the structured data names ${url}, which the site does not serve`,
      fix: 'name only pages of the site and files of public/ (the logo among them)',
    }));
}

async function readText(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What is wrong with the sitemap's shape, if anything: search engines read a <urlset> of the sitemaps.org namespace, a <loc> in each <url>. */
function sitemapShapeProblem(sitemap: string): string | undefined {
  const $ = cheerio.load(sitemap, { xml: true });
  const root = $.root().children();
  if (root.length !== 1 || root[0]!.tagName !== 'urlset') return 'its root element is not one <urlset>';
  if (root.attr('xmlns') !== 'http://www.sitemaps.org/schemas/sitemap/0.9')
    return `its namespace is ${root.attr('xmlns') ?? 'missing'}, not http://www.sitemaps.org/schemas/sitemap/0.9`;
  if (!sitemap.trimEnd().endsWith('</urlset>')) return 'it does not end with </urlset>';
  const stray = root
    .children()
    .filter((_, element) => element.tagName !== 'url')
    .first();
  if (stray.length) return `it holds a <${stray[0]!.tagName}> where only <url> elements belong`;
  if ($('loc').length !== $('url > loc').length || $('url').length !== $('url > loc').length)
    return 'not every <url> holds one <loc>';
  return undefined;
}
