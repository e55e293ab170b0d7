/**
 * Checks that need the route table: no two pages at one path, and every link
 * written in content points at a page that exists (or, in a Markdown body, at
 * a file of public/: an image, a price list). Errors name the content file and
 * field at fault.
 */
import { ContentError } from './errors';
import type { SiteModel } from './content/model';
import { foldersAbove, pathOfLink } from './paths';
import type { Route } from './routes';

/** `publicFiles`: the files of public/, as paths under it ("logo.png"). */
export function validateRoutes(model: SiteModel, routes: readonly Route[], publicFiles: readonly string[]): void {
  const navigationFile = `${model.contentDir}/navigation.json`;
  const pages = new Set(routes.map((route) => route.path));
  if (pages.size !== routes.length || new Set(routes.map((route) => route.file)).size !== routes.length) {
    refuseSharedPaths(routes);
  }
  refusePublicFilesIn(
    publicFiles,
    routes.map((route) => route.file),
  );
  const check = linkCheck((path) => pages.has(path));
  const files = new Set(publicFiles);
  const bodyCheck = linkCheck((path) => pages.has(path) || files.has(fileOfPath(path)));
  model.navigation.header.forEach((item, index) => {
    if ('href' in item) check(navigationFile, `header[${index}].href`, item.href);
  });
  model.navigation.footer.company.forEach((link, index) =>
    check(navigationFile, `footer.company[${index}].href`, link.href),
  );
  for (const documents of [model.articles, model.legalPages]) {
    for (const { file, body } of documents) for (const href of body.links) bodyCheck(file, 'body', href);
  }
}

/**
 * Names the first page whose path an earlier page has, or whose file: /index
 * would be written to index.html, the home page's, and replace it.
 */
function refuseSharedPaths(routes: readonly Route[]): void {
  const byPath = new Map<string, Route>();
  const byFile = new Map<string, Route>();
  for (const route of routes) {
    const other = byPath.get(route.path);
    if (other)
      throw new ContentError(
        route.source,
        'slug',
        `gives the page ${route.path}, which ${other.source} already gives: each page needs its own path`,
      );
    const sameFile = byFile.get(route.file);
    if (sameFile)
      throw new ContentError(
        route.source,
        'slug',
        `gives the page ${route.path}, written to ${route.file}, where the page ${sameFile.path} (${sameFile.source}) is written: each page needs its own path`,
      );
    byPath.set(route.path, route);
    byFile.set(route.file, route);
  }
}

/** A check of links written in content against what the site serves: it throws for a link to a path that is none of it. */
export function linkCheck(isServed: (path: string) => boolean) {
  return (file: string, field: string, href: string) => {
    if (!isServed(pathOfLink(href))) {
      throw new ContentError(
        file,
        field,
        `links to "${href}", which is not a page of this site (pages are listed by \`sitegen build\` and in sitemap.xml)`,
      );
    }
  };
}

/**
 * A file of public/ where the build writes one of `paths` (files of the
 * output), or the folder one of them is in: one of the two would be lost, or
 * the build could not write at all.
 */
export function publicFileIn(
  publicFiles: readonly string[],
  paths: readonly string[],
): { file: string; path: string } | undefined {
  if (publicFiles.length === 0) return undefined;
  const files = new Set(publicFiles);
  for (const path of paths) {
    if (files.has(path)) return { file: path, path };
    const folder = foldersAbove(path).find((above) => files.has(above));
    if (folder !== undefined) return { file: folder, path };
  }
  return undefined;
}

/**
 * Throws, naming the file of public/ in the way, if one is where a page of
 * `pages` (files of the output) is written, or its folder: checked before
 * pages are written, so that a build refuses it rather than fail to write.
 */
export function refusePublicFilesIn(publicFiles: readonly string[], pages: readonly string[]): void {
  const taken = publicFileIn(publicFiles, pages);
  if (taken)
    throw new ContentError(
      `public/${taken.file}`,
      '',
      `expected no file where the build writes ${taken.file === taken.path ? 'a page' : 'the folder of a page'} (${taken.path})`,
    );
}

/** The file under public/ (or the output) a root-relative path names: "/files/price%20list.pdf" → "files/price list.pdf". */
export function fileOfPath(path: string): string {
  try {
    return decodeURIComponent(path.slice(1));
  } catch {
    return path.slice(1);
  }
}
