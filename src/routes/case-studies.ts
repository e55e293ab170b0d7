import { paths } from '../paths';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

export function caseStudiesRoute({ model, dir, trails, route }: RouteContext): Route {
  const page = model.pages.caseStudies;
  return route({
    path: paths.caseStudies,
    kind: 'CaseStudies',
    source: `${dir}/pages/case-studies.json`,
    props: { page, caseStudies: model.caseStudies, paths: { contact: paths.contact } },
    head: { ...meta(page), image: model.caseStudies[0]?.image },
    breadcrumb: { above: trails.home, name: page.breadcrumb },
    schema: { type: 'WebPage' },
  });
}
