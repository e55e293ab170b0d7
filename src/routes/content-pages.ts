/** Single pages, each from its file of content/pages/ (about, case studies, contact, the 404), and the legal pages. */
import { paths } from '../paths';
import { teamMember } from '../structured-data/site-nodes';
import type { RouteContext } from './context';
import { bodySlot, meta, type Route } from './route';

export function aboutRoute({ model, siteUrl, dir, trails, route }: RouteContext): Route {
  const about = model.pages.about;
  return route({
    path: paths.about,
    kind: 'About',
    source: `${dir}/pages/about.json`,
    props: { page: about, team: model.team },
    head: { ...meta(about), image: about.story.image },
    breadcrumb: { above: trails.home, name: about.breadcrumb },
    schema: { type: 'AboutPage', mainEntity: 'organization', nodes: model.team.map((it) => teamMember(siteUrl, it)) },
  });
}

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

export function contactRoute(context: RouteContext): Route {
  const { model, dir, toaster, contactForm, formNotes, trails, route } = context;
  const contact = model.pages.contact;
  return route({
    path: paths.contact,
    kind: 'Contact',
    source: `${dir}/pages/contact.json`,
    props: {
      page: contact,
      site: model.site,
      form: contactForm,
      formNotes,
      formHeading: model.forms.contact.heading,
      toaster,
    },
    head: meta(contact),
    breadcrumb: { above: trails.home, name: contact.breadcrumb },
    schema: { type: 'ContactPage', mainEntity: 'organization' },
  });
}

export const legalRoutes = ({ model, trails, route }: RouteContext): Route[] =>
  model.legalPages.map((page) =>
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
