import { paths } from '../paths';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

export function contactRoute(context: RouteContext): Route {
  const { model, dir, toaster, contactForm, formWithoutScript, trails, route } = context;
  const contact = model.pages.contact;
  return route({
    path: paths.contact,
    kind: 'Contact',
    source: `${dir}/pages/contact.json`,
    props: {
      page: contact,
      site: model.site,
      form: contactForm,
      formWithoutScript,
      formHeading: model.forms.contact.heading,
      toaster,
    },
    head: meta(contact),
    breadcrumb: { above: trails.home, name: contact.breadcrumb },
    schema: { type: 'ContactPage', mainEntity: 'organization' },
  });
}
