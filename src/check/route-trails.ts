/**
 * The breadcrumb trail of every page as the route table makes it, from the
 * content the site was built from: what the seo gate holds each built page's
 * visible trail and BreadcrumbList to.
 */
import { resolve } from 'node:path';
import { loadSite } from '../content/site-model';
import { createRoutes } from '../routes';
import type { Link } from '../../templates/layout/types';

export interface RouteTrails {
  /** The accessible name of every visible trail. */
  label: string;
  /** By page path; the home page's trail is the home page alone. */
  trails: ReadonlyMap<string, readonly Link[]>;
}

export async function routeTrails(root: string, contentDir: string): Promise<RouteTrails> {
  const model = loadSite({ contentDir: resolve(root, contentDir), projectRoot: root });
  // Where forms send leads shapes no trail; the route table needs some endpoint all the same. Every article is in the
  // table, drafts and scheduled ones too: a site built on another day, or with --drafts, has its trails all the same.
  const publishing = { today: '9999-12-31', drafts: true };
  const { routes } = createRoutes(model, { endpoint: { url: '', anonKey: '' }, publishing });
  return {
    label: model.navigation.breadcrumb.label,
    trails: new Map(routes.map((route) => [route.path, route.head.breadcrumbs])),
  };
}
