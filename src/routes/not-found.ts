import { paths } from '../paths';
import type { RouteContext } from './context';
import type { Route } from './route';

/** 404.html, shown at whatever path was missing: search engines do not index it, so it tells them nothing. */
export function notFoundRoute({ model, dir, trails, route }: RouteContext): Route {
  const page = model.pages.notFound;
  return route({
    path: paths.notFound,
    kind: 'NotFound',
    source: `${dir}/pages/404.json`,
    props: { page, paths: { home: paths.home } },
    head: { title: page.title, description: page.description, keywords: [], noindex: true, atAnyPath: true },
    breadcrumb: { above: trails.home, name: page.title },
  });
}
