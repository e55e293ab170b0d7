import { paths } from '../paths';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

export function aboutRoute({ model, dir, trails, route }: RouteContext): Route {
  const about = model.pages.about;
  return route({
    path: paths.about,
    kind: 'About',
    source: `${dir}/pages/about.json`,
    props: { page: about, team: model.team },
    head: { ...meta(about), image: about.story.image },
    breadcrumb: { above: trails.home, name: about.breadcrumb },
    schema: { type: 'AboutPage', mainEntity: 'organization' },
  });
}
