/**
 * The breadcrumb trails other pages hang from: the home page's, above every
 * top-level page, and the blog's, above its articles and its later pages.
 * Each is also the trail of its own page: the home and blog routes take it from here.
 */
import type { SiteData } from '../content/model';
import { paths } from '../paths';
import type { Link } from '../../templates/layout/types';

export function homeTrail(data: Pick<SiteData, 'navigation'>): readonly Link[] {
  return [{ label: data.navigation.breadcrumb.home, href: paths.home }];
}

export function blogTrail(data: Pick<SiteData, 'navigation' | 'pages'>): readonly Link[] {
  return [...homeTrail(data), { label: data.pages.blog.breadcrumb, href: paths.blog }];
}
