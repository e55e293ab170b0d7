/**
 * The breadcrumb trail of every page as the route table makes it, from the
 * content the site was built from: what the seo gate holds each built page's
 * visible trail and BreadcrumbList to.
 */
import { resolve } from 'node:path';
import { loadSiteWithImages } from '../images/model-images';
import { createRoutes } from '../routes';
import type { Link } from '../../templates/layout/types';

export interface RouteTrails {
  /** The accessible name of every visible trail. */
  label: string;
  /** By page path; the home page's trail is the home page alone. */
  trails: ReadonlyMap<string, readonly Link[]>;
}

export async function routeTrails(root: string, contentDir: string): Promise<RouteTrails> {
  const model = await loadSiteWithImages({ contentDir: resolve(root, contentDir), projectRoot: root });
  // Where forms send leads shapes no trail; the route table needs some endpoint all the same.
  const { routes } = createRoutes(model, { endpoint: { url: '', anonKey: '' }, images: new Map() });
  return {
    label: model.navigation.breadcrumb.label,
    trails: new Map(routes.map((route) => [route.path, route.head.breadcrumbs])),
  };
}
