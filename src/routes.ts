/**
 * The route table: every page of the site, derived from the model. Each route
 * has its path, the file it is written to, the template that draws it, that
 * template's props and the page's <head>. Sitemap, canonicals and link checks
 * all read this one table, so they cannot disagree.
 */
import type { Article, Pages, SiteData, SiteFacts, SiteModel } from './content/model';
import type { Head, Layout, Link } from '../templates/layout/types';
import type { PageKind, PageProps } from '../templates/index';
import type { IslandProps } from '../islands/registry';
import type { LeadEndpoint } from '../islands/lib/types';
import { absoluteUrl, fileFor, paths } from './paths';
import { blogPosting, organization, service, withContext } from './structured-data';

export type Route = {
  [K in PageKind]: {
    path: string;
    file: string;
    kind: K;
    props: PageProps<K>;
    head: Head;
    /** The content file the page comes from, for error messages. */
    source: string;
    /** Listed in sitemap.xml (every page but the 404). */
    inSitemap: boolean;
    /** Last change of the page's content, where the content says (articles, legal pages). */
    lastModified?: string;
    /** Rendered by a thread that reads the article's body then (content/model.ts), not with the other pages. */
    renderedOnRead?: true;
    /** The page's HTML body from Markdown, spliced in where the template writes the prop that holds bodySlot. */
    body?: string;
  };
}[PageKind];

/**
 * What a Markdown page's props hold in place of its HTML body: the renderer
 * puts route.body there once the template has rendered around it. No text of
 * a page can contain it.
 */
export const bodySlot = '\u0000sitegen-body\u0000';

type RouteSpec<K extends PageKind> = {
  path: string;
  kind: K;
  props: PageProps<K>;
  source: string;
  head: Omit<Head, 'canonical' | 'title' | 'ogType'> & { title: string; ogType?: Head['ogType'] };
  lastModified?: string;
  renderedOnRead?: true;
  body?: string;
};

export interface SiteRoutes {
  routes: Route[];
  siteUrl: string;
}

export interface RouteOptions {
  /** Overrides content/site.json's url (from --site-url or SITE_URL). */
  siteUrl?: string | undefined;
  endpoint: LeadEndpoint;
}

const socialImageWidth = 1200;

export function createRoutes(model: SiteModel, options: RouteOptions): SiteRoutes {
  const { site, pages, forms } = model;
  const dir = model.contentDir;
  const siteUrl = options.siteUrl ?? site.url;
  const routes: Route[] = [];
  const add = <K extends PageKind>(spec: RouteSpec<K>) => routes.push(pageRoute(siteUrl, site.name, spec));

  const toasts = forms.toasts;
  const toaster: IslandProps<'Toaster'> = { label: toasts.region, dismiss: toasts.dismiss };
  const formCopy = { fields: forms.fields, requiredNote: forms.requiredNote, submitting: forms.submitting, toasts };
  const contactForm: IslandProps<'EnquiryForm'> = {
    variant: 'contact',
    labelledBy: 'contact-form-heading',
    copy: { ...formCopy, submit: forms.contact.submit, note: forms.contact.note },
    endpoint: options.endpoint,
  };
  const serviceById = new Map(model.services.map((item) => [item.id, item]));

  // ---- home and company pages ----
  const home = pages.home;
  add({
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
        endpoint: options.endpoint,
      },
      contactForm,
      formHeadings: { hero: forms.hero.heading, heroText: forms.hero.text, contact: forms.contact.heading },
      toaster,
      paths: { contact: paths.contact, caseStudies: paths.caseStudies },
    },
    head: { title: home.title, description: home.description, keywords: home.keywords, image: home.hero.image, jsonLd: withContext(organization(site, siteUrl)) },
  });

  add({
    path: paths.about,
    kind: 'About',
    source: `${dir}/pages/about.json`,
    props: { page: pages.about, team: model.team },
    head: { ...meta(pages.about), image: pages.about.story.image },
  });

  add({
    path: paths.caseStudies,
    kind: 'CaseStudies',
    source: `${dir}/pages/case-studies.json`,
    props: { page: pages.caseStudies, caseStudies: model.caseStudies, paths: { contact: paths.contact } },
    head: { ...meta(pages.caseStudies), image: model.caseStudies[0]?.image },
  });

  const mailto = (subject: string) => `mailto:${site.email}?subject=${encodeURIComponent(subject)}`;
  const careers = pages.careers;
  add({
    path: paths.careers,
    kind: 'Careers',
    source: `${dir}/pages/careers.json`,
    props: {
      page: careers,
      jobs: model.jobs.map((job) => ({
        ...job,
        applyHref: mailto(careers.positions.applySubject.replaceAll('{role}', job.title)),
        learnMoreHref: mailto(careers.positions.learnMoreSubject.replaceAll('{role}', job.title)),
      })),
      cvHref: mailto(careers.cv.subject),
    },
    head: { ...meta(careers), image: careers.why.image },
  });

  add({
    path: paths.contact,
    kind: 'Contact',
    source: `${dir}/pages/contact.json`,
    props: { page: pages.contact, site, form: contactForm, formHeading: forms.contact.heading, toaster },
    head: meta(pages.contact),
  });

  // ---- blog ----
  const blog = pages.blog;
  const articleHref = (article: Article) => (article.slug ? paths.article(article.slug) : undefined);
  const summaries = model.articles.map((article) => ({
    title: article.title,
    excerpt: article.excerpt,
    author: article.author,
    date: article.date,
    readTime: article.readTime,
    category: article.category,
    image: { src: article.image, alt: article.imageAlt },
    href: articleHref(article),
  }));
  const newsletter = {
    labelledBy: 'newsletter-heading',
    copy: { label: forms.fields.newsletterEmail, placeholder: blog.newsletter.placeholder, button: blog.newsletter.button, submitting: forms.submitting, toasts },
    endpoint: options.endpoint,
  };
  const { perPage } = blog.pagination;
  const indexPages = Math.max(1, Math.ceil(summaries.length / perPage));
  for (let page = 1; page <= indexPages; page += 1) {
    const fill = (text: string) => text.replaceAll('{page}', String(page)).replaceAll('{pages}', String(indexPages));
    add({
      path: paths.blogPage(page),
      kind: 'Blog',
      source: `${dir}/pages/blog.json`,
      props: {
        page: blog,
        articles: summaries.slice((page - 1) * perPage, page * perPage),
        featuredFirst: page === 1,
        pagination:
          indexPages > 1
            ? {
                label: blog.pagination.label,
                position: fill(blog.pagination.position),
                newer: page > 1 ? { label: blog.pagination.newer, href: paths.blogPage(page - 1) } : undefined,
                older: page < indexPages ? { label: blog.pagination.older, href: paths.blogPage(page + 1) } : undefined,
              }
            : undefined,
        newsletter,
        toaster,
      },
      head: page === 1 ? meta(blog) : { title: fill(blog.pagination.title), description: fill(blog.pagination.description), keywords: blog.keywords },
    });
  }

  const articles = articleRouteContext(model, options.siteUrl);
  for (const article of model.articles) {
    const route = articleRoute(article, articles);
    if (route) routes.push(route);
  }

  // ---- services and trades ----
  for (const page of model.servicePages) {
    const path = paths.service(page.slug);
    const { title: pageTitle, description, keywords, ...content } = page;
    add({
      path,
      kind: 'ServicePage',
      source: `${dir}/service-pages/${page.slug}.json`,
      props: { page: content, site, paths: { contact: paths.contact } },
      head: {
        title: pageTitle,
        description,
        keywords,
        image: page.hero.image,
        jsonLd: service({ name: page.name, serviceType: page.name, description, url: absoluteUrl(siteUrl, path), site, siteUrl, audience: 'UK tradespeople' }),
      },
    });
  }

  const trade = pages.trade;
  for (const item of model.trades) {
    const path = paths.service(item.slug);
    const fill = (text: string) => text.replaceAll('{plural}', item.plural).replaceAll('{singular}', item.singular);
    const heading = fill(trade.heading);
    add({
      path,
      kind: 'TradePage',
      source: `${dir}/trades.json`,
      props: {
        copy: {
          backLabel: trade.backLabel,
          heading,
          auditCta: fill(trade.auditCta),
          servicesHeading: fill(trade.servicesHeading),
          servicesIntro: fill(trade.servicesIntro),
          ctaHeading: fill(trade.ctaHeading),
          ctaText: fill(trade.ctaText),
          consultationCta: fill(trade.consultationCta),
          phoneLabel: trade.phoneLabel,
        },
        description: item.description,
        heroImage: item.heroImage,
        services: item.services.map((card) => {
          // load-site has checked that every card names a service of services.json.
          const offered = serviceById.get(card.service)!;
          return { title: offered.title, icon: offered.icon, image: offered.image, description: card.description, features: card.features, learnMore: trade.learnMore, href: paths.contact };
        }),
        site,
        paths: { home: paths.home, contact: paths.contact },
      },
      head: {
        title: fill(trade.title),
        description: item.metaDescription,
        keywords: item.keywords,
        image: item.heroImage,
        jsonLd: service({ name: heading, serviceType: 'Digital marketing', description: item.metaDescription, url: absoluteUrl(siteUrl, path), site, siteUrl, audience: item.plural }),
      },
    });
  }

  // ---- legal and not found ----
  for (const page of model.legalPages) {
    add({
      path: paths.legal(page.slug),
      kind: 'Legal',
      source: page.file,
      lastModified: page.updated,
      props: { page: { title: page.title, updated: page.updated, html: bodySlot }, updatedLabel: pages.legal.updatedLabel },
      body: page.html,
      head: { title: page.title, description: page.description, keywords: page.keywords },
    });
  }

  add({
    path: paths.notFound,
    kind: 'NotFound',
    source: `${dir}/pages/404.json`,
    props: { page: pages.notFound, paths: { home: paths.home } },
    head: { title: pages.notFound.title, description: pages.notFound.description, keywords: [], noindex: true },
  });

  return { routes, siteUrl };
}

/**
 * A page's route from what the table says about it: its file, full title, canonical URL and place in the sitemap follow.
 * Objects are copied with Object.assign rather than spread: on Node 20's V8 a spread followed by more
 * properties costs several times as much, and a large site makes a route per article.
 */
function pageRoute<K extends PageKind>(siteUrl: string, siteName: string, spec: RouteSpec<K>): Route {
  const { title: base, ogType = 'website' } = spec.head;
  const title = `${base} | ${siteName}`.length <= 60 ? `${base} | ${siteName}` : base;
  const route = {
    path: spec.path,
    file: fileFor(spec.path),
    kind: spec.kind,
    props: spec.props,
    source: spec.source,
    inSitemap: !spec.head.noindex,
    lastModified: spec.lastModified,
    head: Object.assign({}, spec.head, { title, ogType, canonical: absoluteUrl(siteUrl, spec.path) }),
  } as Route;
  if (spec.renderedOnRead) route.renderedOnRead = true;
  if (spec.body !== undefined) route.body = spec.body;
  return route;
}

/**
 * What every article's page takes from the rest of the site: small, and the
 * same for the whole build, so a worker thread can be handed it once and make
 * the routes of the articles it holds (articleRoute) exactly as this table does.
 */
export interface ArticleRouteContext {
  siteUrl: string;
  site: SiteFacts;
  blog: Pages['blog'];
}

export function articleRouteContext(data: SiteData, siteUrl: string | undefined): ArticleRouteContext {
  return { siteUrl: siteUrl ?? data.site.url, site: data.site, blog: data.pages.blog };
}

/** An article's page; none for an article without a slug, which the blog lists without a page of its own. */
export function articleRoute(article: Article, { siteUrl, site, blog }: ArticleRouteContext): Route | undefined {
  if (!article.slug) return undefined;
  const path = paths.article(article.slug);
  return pageRoute(siteUrl, site.name, {
    path,
    kind: 'Article',
    source: article.file,
    lastModified: article.date,
    renderedOnRead: article.renderedOnRead,
    body: article.html,
    props: {
      article: {
        title: article.title,
        author: article.author,
        date: article.date,
        readTime: article.readTime,
        category: article.category,
        image: article.image,
        imageAlt: article.imageAlt,
        html: bodySlot,
      },
      copy: Object.assign({}, blog.article, { readTimeSuffix: blog.readTimeSuffix }),
      paths: { blog: paths.blog, contact: paths.contact },
    },
    head: {
      title: article.title,
      description: article.description,
      keywords: article.keywords,
      image: { src: article.image, alt: article.imageAlt },
      ogType: 'article',
      jsonLd: blogPosting(article, absoluteUrl(siteUrl, path), `${article.image}?auto=format&fit=crop&w=${socialImageWidth}&q=70`, site, siteUrl),
    },
  });
}

function meta(page: { title: string; description: string; keywords: readonly string[] }) {
  return { title: page.title, description: page.description, keywords: page.keywords };
}

/** The header and footer, identical on every page: known before the articles are. */
export function createLayout(model: SiteData): Layout {
  const { navigation, site } = model;
  const servicePageLinks: Link[] = model.servicePages.map((page) => ({ label: page.name, href: paths.service(page.slug) }));
  return {
    site,
    skipLink: navigation.skipLink,
    header: {
      links: navigation.header,
      servicesMenu: {
        label: navigation.servicesMenu.label,
        servicesHeading: navigation.servicesMenu.servicesHeading,
        services: servicePageLinks,
        tradesHeading: navigation.servicesMenu.tradesHeading,
        trades: model.trades.map((trade) => ({ label: trade.name, href: paths.service(trade.slug) })),
      },
      phoneLabel: navigation.phoneLabel,
      quoteButton: { label: navigation.quoteButton, href: paths.contact },
      menuButton: navigation.menuButton,
    },
    footer: {
      columns: [
        { heading: navigation.footer.servicesHeading, links: servicePageLinks },
        { heading: navigation.footer.companyHeading, links: navigation.footer.company },
        { heading: navigation.footer.legalHeading, links: model.legalPages.map((page) => ({ label: page.title, href: paths.legal(page.slug) })) },
      ],
      contactHeading: navigation.footer.contactHeading,
      socialHeading: navigation.socialHeading,
      copyright: navigation.footer.copyright,
    },
  };
}
