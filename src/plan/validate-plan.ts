/**
 * The site plan's checks that need the route table (the content's own are made as it is read, the redirects' as they
 * are planned): no two pages at one path, and every link written in content points at a page that exists (or, in a
 * Markdown body, at a file of public/). Errors name the content file and field at fault.
 */
import { ContentError, didYouMean } from '../errors';
import type { Article, Job, MarkdownBody } from '../content/model';
import { dayAfter, isPublished } from '../content/publishing';
import { decoded, foldersAbove, misnamedPage, pathOfLink, paths, siteFilePaths, sitePath } from '../paths';
import { pageTitle, type Route } from '../routes';
import type { SitePlan } from './plan-site';
import { formatDate } from '../../templates/lib/format';

/**
 * `publicFiles`: paths under public/ ("logo.png"); `writes`: the output's files the build writes besides its pages.
 * Returns the links to old addresses: each works, by a redirect, so an article others link to can be renamed.
 */
export function validatePlan(plan: SitePlan, publicFiles: readonly string[], writes: readonly string[] = []): string[] {
  const { model, publishing } = plan;
  const { routes, pages, unpublished } = plan.routes;
  const navigationFile = `${model.contentDir}/navigation.json`;
  const files = new Set(publicFiles);
  refuseSharedPaths(routes);
  refuseSharedWords(plan);
  const pageFiles = routes.map((route) => route.file);
  refusePublicFilesIn(files, pageFiles, { file: 'a page', folder: 'the folder of a page' });
  for (const file of publicFiles) {
    // Hosts keep assets/ a year (_headers; Netlify in any letter case): the build names each file there by its content.
    if (file.toLowerCase().startsWith('assets/')) throw new ContentError(`public/${file}`, '', inAssets);
    const path = `/${file.replace(/\/index\.html$/, '')}`;
    if (!file.endsWith('/index.html') || !pages.has(path)) continue;
    const problem = `expected no page at ${path}/, which some hosts show there or at ${path} in place of the page ${path}; remove it from public/`;
    throw new ContentError(`public/${file}`, '', problem);
  }
  const moved: MovedLinks = { to: new Map(plan.redirects.map((redirect) => [redirect.from, redirect.to])), links: [] };
  const site = { moved, jobs: { list: model.jobs, file: `${model.contentDir}/jobs.json` }, pages: [...pages.keys()] };
  const check = linkCheck((path) => pages.has(path), 'not a page of this site', { ...site, unpublished });
  // Besides the pages and public/'s files, what the build writes that a page may link to.
  const written = new Set(siteFilePaths);
  const isPageOrFile = (path: string) => pages.has(path) || written.has(path) || files.has(decoded(path.slice(1)));
  const pageOrFile = 'neither a page of this site nor a file of public/';
  const bodyCheck = linkCheck(isPageOrFile, pageOrFile, { ...site, unpublished });
  const draftCheck = linkCheck((path) => isPageOrFile(path) || unpublished.has(path), pageOrFile, site);
  // A redirect to a job's card, as a link to it, would fail the links gate from the day after its closing day.
  for (const [index, { to }] of model.redirects.redirects.entries()) {
    const path = sitePath(to, model.site.url);
    if (path.startsWith(`${paths.careers}#`))
      check(`${model.contentDir}/redirects.json`, `redirects[${index}].to`, path);
  }
  for (const [index, item] of model.navigation.header.entries())
    if ('href' in item) check(navigationFile, `header[${index}].href`, item.href);
  for (const [index, link] of model.navigation.footer.company.entries())
    check(navigationFile, `footer.company[${index}].href`, link.href);
  const checkLinks = ({ file, body }: { file: string; body: MarkdownBody }, check: typeof bodyCheck) => {
    for (const { path, line } of body.links.map(({ href, line }) => ({ path: sitePath(href, model.site.url), line })))
      if (path.startsWith('/')) check(file, `body: line ${body.line + line - 1}`, path);
  };
  for (const page of [...model.articles, ...model.legalPages]) {
    // An updated date still to come would be in the page (its feeds and the sitemap too) as if the change were made.
    if (page.updated !== undefined && page.updated > publishing.today) {
      const problem = `expected a date no later than today in London (${publishing.today}), found ${page.updated}`;
      throw new ContentError(page.file, 'front matter: updated', problem);
    }
    // A draft may link to another draft; a page on the site may not.
    checkLinks(page, 'date' in page && !isPublished(page, publishing) ? draftCheck : bodyCheck);
  }
  const own = { file: 'one of its own', folder: 'a folder of its own', fix: '; remove it from public/' };
  refusePublicFilesIn(files, writes, own);
  return moved.links;
}

/** Two pages at one file: the same path, or two paths written to one file (/index to index.html, the home page's). */
function refuseSharedPaths(routes: readonly Route[]): void {
  const byFile = new Map<string, Route>();
  for (const route of routes) {
    const other = byFile.get(route.file);
    if (other) {
      const problem =
        other.path === route.path
          ? `gives the page ${route.path}, which ${other.source} already gives: each page needs its own path`
          : `gives the page ${route.path}, written to ${route.file}, where the page ${other.path} (${other.source}) is written: each page needs its own path`;
      throw new ContentError(route.source, 'slug', problem);
    }
    byFile.set(route.file, route);
  }
  // blog/index.html is served at /blog/ too: a visitor or a crawler there gets that page for the blog's.
  for (const route of routes) {
    const other = byFile.get(route.file.replace(/\/index\.html$/, '.html'));
    if (other && other !== route) {
      const problem = `gives the page ${route.path}, written to ${route.file}, which hosts serve at ${other.path}/, the address of the page ${other.path} (${other.source}): each page needs its own path`;
      throw new ContentError(route.source, 'slug', problem);
    }
  }
}

/**
 * No page with another page's title or description (an article's, a service's, a trade's), in any capitals: search
 * results could not tell them apart, and `sitegen check` fails the site (for an article to come, on its day). Of two
 * articles, the newer is named.
 */
function refuseSharedWords({ model, routes }: SitePlan): void {
  const pages = routes.routes.filter((route) => route.kind !== 'Article' && route.kind !== 'NotFound');
  const listed = new Set(routes.routes.flatMap((route) => (route.kind === 'Article' ? [route.source] : [])));
  const articles = model.articles.filter((article) => !article.draft && listed.has(article.file)).toReversed();
  // The other page is named only when there is one: a dev server checks thousands of articles at every edit.
  const named = (page: Route | Article) =>
    'path' in page ? `${page.path} (${page.source})` : `${paths.article(page.slug!)} (${page.file})`;
  for (const field of ['title', 'description'] as const) {
    const taken = new Map<string, Route | Article>();
    for (const route of pages) {
      const other = taken.get(route.head[field].toLowerCase());
      const problem = other && `its ${field}, "${route.head[field]}", is also the ${field} of ${named(other)}`;
      const where = route.kind === 'TradePage' && field === 'description' ? 'metaDescription' : '';
      if (problem) throw new ContentError(route.source, where, `${problem}: give each page its own`);
      taken.set(route.head[field].toLowerCase(), route);
    }
    for (const article of articles) {
      const words = (field === 'title' ? pageTitle(article.title, model.site.name) : article.description).toLowerCase();
      const other = taken.get(words);
      const problem = other && `"${article[field]}" is also the ${field} of ${named(other)}: give each page its own`;
      if (problem) throw new ContentError(article.file, `front matter: ${field}`, problem);
      taken.set(words, article);
    }
  }
}

const pagesListed = ' (pages are listed by `sitegen build` and in sitemap.xml)';
const inAssets = 'expected no file in assets/, which browsers keep for a year unchecked: move it elsewhere in public/';

/** Old addresses (articles' aliases, redirects.json) and where each redirects; the links found to them. */
type MovedLinks = { to: ReadonlyMap<string, string>; links: string[] };
type LinkedJobs = { list: readonly Job[]; file: string };
type Linked = { moved: MovedLinks; jobs: LinkedJobs; pages: string[]; unpublished?: ReadonlyMap<string, Article> };

/**
 * A check of links written in content against what the site serves (`none`: what a path is not, as the message says),
 * naming the article's file if the path is that of one not published yet, the page meant for a slip of a letter or two
 * (/servces), the nearest of `linked.pages`. A job's card leaves /careers the day after its closing day: a link to it,
 * accepted then, would fail the links gate (sitegen check) with no edit.
 */
function linkCheck(isServed: (path: string) => boolean, none: string, linked: Linked) {
  const { moved, jobs, pages, unpublished } = linked;
  return (file: string, field: string, href: string) => {
    const path = pathOfLink(href);
    const served = isServed(path);
    const to = served ? undefined : moved.to.get(path);
    // The link's query and fragment kept, unless its redirect leads to a place in a page already.
    const lands = to === undefined || to.includes('#') ? (to ?? href) : `${to}${href.slice(path.length)}`;
    const job = pathOfLink(lands) === paths.careers && jobs.list.find(({ id }) => lands.endsWith(`#${id}`));
    if (job) {
      const problem = `links to "${href}", the card of the job "${job.title}" (${jobs.file}), on ${paths.careers} until its closing day, ${formatDate(job.validThrough)}: from ${formatDate(dayAfter(job.validThrough))} the links gate (sitegen check) would fail with no edit; link to "${paths.careers}" instead`;
      throw new ContentError(file, field, problem);
    }
    if (to !== undefined) {
      moved.links.push(`${file}: ${field}: links to "${href}", which redirects to ${to}: link to "${lands}" instead`);
      return;
    }
    const waiting = unpublished?.get(path);
    if (waiting) {
      const why = waiting.draft ? 'a draft (draft: true)' : `scheduled for ${formatDate(waiting.date)}`;
      const problem = `links to "${href}", which is ${waiting.file}, ${why}: not a page until it is published; publish it first, or remove the link`;
      throw new ContentError(file, field, problem);
    }
    if (!served) {
      const [own, nearly] = [misnamedPage(path) ?? path.toLowerCase(), didYouMean(path, pages)];
      const listed = own && isServed(own) ? `: expected "${own}", the page's own URL` : nearly || pagesListed;
      throw new ContentError(file, field, `links to "${href}", which is ${none}${listed}`);
    }
  };
}

/**
 * A file of public/ where one of `paths` (files of the output) is written, or the folder one of them is in: one of the
 * two would be lost, or the build could not write at all: refused before anything is written, rather than a failure.
 */
function refusePublicFilesIn(
  publicFiles: ReadonlySet<string>,
  paths: readonly string[],
  what: { file: string; folder: string; fix?: string },
): void {
  for (const path of paths) {
    const taken = publicFiles.has(path) ? path : foldersAbove(path).find((above) => publicFiles.has(above));
    if (taken === undefined) continue;
    const written = `${taken === path ? what.file : what.folder} (${path})`;
    const problem = `expected no file where the build writes ${written}${what.fix ?? ''}`;
    throw new ContentError(`public/${taken}`, '', problem);
  }
}
