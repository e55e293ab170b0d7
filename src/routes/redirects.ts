/**
 * The site's redirects (content/redirects.json's, each published article's earlier slugs, a paginated listing's
 * /page/1) checked against the route table. A chain (a → b → c) is written as a → c and b → c: no one is sent on twice.
 */
import { ContentError, didYouMean } from '../errors';
import type { Article, SiteModel } from '../content/model';
import { isPublished, type Publishing } from '../content/publishing';
import { fileAlike, fileFor, listingOf, pathOfLink, paths, siteFilePaths, sitePath } from '../paths';
import type { SiteRoutes } from './index';
import type { Route } from './route';
import { formatDate } from '../../templates/lib/format';

/** From an old path, in the site's URL form, to a page of the site (root-relative, perhaps with a #fragment) or https:. */
export type Redirect = { from: string; to: string; status: 301 | 302 };

type Declared = Redirect & { file: string; field: string };

export function siteRedirects(
  model: SiteModel,
  { pages, unpublished }: Pick<SiteRoutes, 'pages' | 'unpublished'>,
  publishing: Publishing,
): Redirect[] {
  const declared = [...firstPages(pages), ...declaredRedirects(model, publishing)];
  const byFrom = new Map<string, Declared>();
  const takenBy = (path: string, words: string) => [fileAlike(path), { path, said: `${path}, ${words}` }] as const;
  const taken = new Map(
    [...pages.values()].map(({ path, source }) => takenBy(path, `a page of the site (made from ${source})`)),
  );
  for (const redirect of declared) {
    const page = pages.get(redirect.from);
    const error = (problem: string) => new ContentError(redirect.file, redirect.field, problem);
    if (page)
      throw error(
        `redirects from ${redirect.from}, which is a page of the site (made from ${page.source}): a redirect would hide it; remove the redirect, or the page`,
      );
    // Its page would be written in that file's place (sitemap.xml/index.html), on a case-blind disk for /Sitemap.xml too.
    const own = siteFilePaths.find((path) => path === redirect.from.toLowerCase());
    if (own)
      throw error(
        `redirects from ${redirect.from}, which would take the place of ${own}, a file the build writes: remove the redirect`,
      );
    const other = byFrom.get(redirect.from);
    if (other)
      throw error(`redirects from ${redirect.from}, which ${other.file} (${other.field}) already redirects: keep one`);
    const near = taken.get(fileAlike(redirect.from));
    if (near) throw error(`redirects from ${redirect.from}, which ${sameAs(redirect.from, near)}: remove the redirect`);
    const folder = /^(.*)\/index(?:\.html?)?$/i.exec(redirect.from)?.[1];
    if (folder !== undefined)
      throw error(`redirects from ${redirect.from}, whose page hosts would serve at ${folder}/: remove the redirect`);
    taken.set(...takenBy(redirect.from, `which ${redirect.file} (${redirect.field}) redirects`));
    byFrom.set(redirect.from, redirect);
  }
  return declared.map((it) => ({ from: it.from, to: finalTarget(it, byFrom, pages, unpublished), status: it.status }));
}

/** Why hosts (and disks) take an old path for `near`, a page's path or another old path: /index.html is /. */
const sameAs = (from: string, near: { path: string; said: string }) =>
  fileFor(from) === fileFor(near.path)
    ? `hosts serve as the same page as ${near.said}`
    : `differs only in letter case from ${near.said}: case-insensitive disks (macOS, Windows) and some hosts would mix them`;

/** `/blog/page/1` (and a category's) where the listing has a page 2: an address visitors guess and crawlers keep. */
const firstPages = (pages: ReadonlyMap<string, Route>): Declared[] =>
  [...pages.values()].flatMap(({ path, source: file }) => {
    const to = path.endsWith('/page/2') && listingOf(path);
    return to ? [{ from: path.replace(/2$/, '1'), to, status: 301 as const, file, field: 'pagination' }] : [];
  });

/** content/redirects.json's redirects, then the published articles' aliases, in file order. */
function declaredRedirects(model: SiteModel, publishing: Publishing): Declared[] {
  const file = `${model.contentDir}/redirects.json`;
  const listed = model.redirects.redirects.map((redirect, i) => {
    return { ...redirect, to: sitePath(redirect.to, model.site.url), file, field: `redirects[${i}].from` };
  });
  const aliased = model.articles.flatMap((article): Declared[] => {
    if (!article.aliases || !article.slug || !isPublished(article, publishing)) return [];
    const to = paths.article(article.slug);
    return article.aliases.map((alias, index) => {
      const field = `front matter: aliases[${index}]`;
      return { from: paths.article(alias), to, status: 301, file: article.file, field };
    });
  });
  return [...listed, ...aliased];
}

function finalTarget(
  start: Declared,
  byFrom: ReadonlyMap<string, Declared>,
  pages: ReadonlyMap<string, Route>,
  unpublished: ReadonlyMap<string, Article>,
): string {
  const seen = [start.from];
  let to = start.to;
  for (;;) {
    if (to.startsWith('https:')) return to;
    const path = pathOfLink(to);
    // The 404 page is no page to send a visitor or crawler to: it would answer 200 there, a soft 404.
    if (pages.has(path) && path !== paths.notFound) return to;
    const draft = unpublished.get(path);
    const next = byFrom.get(path);
    if (draft || !next) {
      const targets = [...pages.keys()].filter((page) => page !== paths.notFound);
      const problem = draft
        ? `redirects to ${to}, which is ${draft.file}, ${draft.draft ? 'a draft' : `scheduled for ${formatDate(draft.date)}`}: not a page until it is published`
        : `redirects to ${to}, which is neither a page of the site (pages are listed in sitemap.xml) nor an https:// URL${didYouMean(path, targets)}`;
      throw new ContentError(start.file, start.field.replace(/from$/, 'to'), problem);
    }
    if (seen.includes(next.from)) {
      const problem = `redirects in a loop: ${[...seen, next.from].join(' → ')}; end it at a page`;
      throw new ContentError(start.file, start.field, problem);
    }
    seen.push(next.from);
    // A 301 keeps the fragment of the address it answers, unless it leads to a place in a page of its own.
    to = next.to.includes('#') ? next.to : `${next.to}${to.slice(path.length)}`;
  }
}
