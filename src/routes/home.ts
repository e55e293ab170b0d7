import { formOptions } from '../../supabase/functions/_shared/lead-options.ts';
import { paths } from '../paths';
import type { RouteContext } from './context';
import { meta, type Route } from './route';

export function homeRoute(context: RouteContext): Route {
  const { model, endpoint, dir, toaster, formCopy, contactForm, formNotes, trails, route } = context;
  const { site, forms } = model;
  const home = model.pages.home;
  return route({
    path: paths.home,
    kind: 'Home',
    source: `${dir}/pages/home.json`,
    props: {
      page: home,
      site,
      services: model.services.map((item) => ({ ...item, learnMore: home.services.learnMore, href: paths.contact })),
      testimonials: model.testimonials,
      stats: model.stats,
      heroForm: {
        variant: 'hero',
        labelledBy: 'hero-form-heading',
        copy: { ...formCopy, submit: forms.hero.submit },
        endpoint,
        options: formOptions.hero,
      },
      contactForm,
      formNotes,
      formHeadings: { hero: forms.hero.heading, heroText: forms.hero.text, contact: forms.contact.heading },
      toaster,
      paths: { contact: paths.contact, caseStudies: paths.caseStudies },
    },
    head: { ...meta(home), image: home.hero.image },
    breadcrumb: { trail: trails.home },
    schema: { type: 'WebPage', mainEntity: 'organization' },
  });
}
