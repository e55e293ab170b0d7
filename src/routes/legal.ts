import { paths } from '../paths';
import type { RouteContext } from './context';
import { bodySlot, meta, type Route } from './route';

export function legalRoutes({ model, trails, route }: RouteContext): Route[] {
  return model.legalPages.map((page) =>
    route({
      path: paths.legal(page.slug),
      kind: 'Legal',
      source: page.file,
      lastModified: page.updated,
      body: page.body,
      props: {
        page: { title: page.title, updated: page.updated, html: bodySlot },
        updatedLabel: model.pages.legal.updatedLabel,
      },
      head: meta(page),
      breadcrumb: { above: trails.home, name: page.title },
      schema: { type: 'WebPage' },
    }),
  );
}
