/**
 * Checks that need the route table: no two pages at one path, and every link
 * written in content points at a page that exists. Errors name the content
 * file and field at fault.
 */
import { ContentError } from './errors';
import type { SiteModel } from './content/model';
import { pathOfLink } from './paths';
import type { Route } from './routes';

export function validateRoutes(model: SiteModel, routes: readonly Route[]): void {
  const navigationFile = `${model.contentDir}/navigation.json`;
  const byPath = new Map<string, Route>();
  for (const route of routes) {
    const other = byPath.get(route.path);
    if (other) throw new ContentError(route.source, 'slug', `gives the page ${route.path}, which ${other.source} already gives: each page needs its own path`);
    byPath.set(route.path, route);
  }

  const check = linkCheck(byPath);
  model.navigation.header.forEach((item, index) => {
    if ('href' in item) check(navigationFile, `header[${index}].href`, item.href);
  });
  model.navigation.footer.company.forEach((link, index) => check(navigationFile, `footer.company[${index}].href`, link.href));
  for (const document of [...model.articles, ...model.legalPages]) {
    for (const href of document.body.links) check(document.file, 'body', href);
  }
}

function linkCheck(byPath: ReadonlyMap<string, Route>) {
  return (file: string, field: string, href: string) => {
    if (!byPath.has(pathOfLink(href))) {
      throw new ContentError(file, field, `links to "${href}", which is not a page of this site (pages are listed by \`sitegen build\` and in sitemap.xml)`);
    }
  };
}
