/** What the routes of several page kinds share, worked out once for the table. */
import type { Article, SiteData, SiteModel } from '../content/model';
import { isPublished, type Publishing } from '../content/publishing';
import type { LocalImage } from '../images/image-names';
import { paths } from '../paths';
import { formOptions } from '../../supabase/functions/_shared/lead-options.ts';
import type { LeadEndpoint } from '../../islands/lib/types';
import type { PageKind } from '../../templates/index';
import type { Link, LinkedText } from '../../templates/layout/types';
import { pageRoute, type KeptRoutes, type Route, type RouteSpec } from './route';

/** What the site is made with besides its content and its clock (config.ts's planSettings). */
export interface SiteSettings {
  /** Overrides content/site.json's url (from --site-url or SITE_URL). */
  siteUrl?: string | undefined;
  endpoint: LeadEndpoint;
  /** Every page asks not to be indexed: a preview build (build --drafts), which no search engine should keep. */
  noindex?: boolean;
  /** What every social card is drawn with (images/site-images.ts); without it, pages draw no card (the editor's). */
  cardsVersion?: string;
}

export interface RouteOptions extends SiteSettings {
  publishing: Publishing;
  kept?: KeptRoutes | undefined;
  /** What the templates need of each image of content/images/, by src (images/content-images.ts). */
  images: ReadonlyMap<string, LocalImage>;
}

export type RouteContext = ReturnType<typeof routeContext>;

export function routeContext(model: SiteModel, options: RouteOptions) {
  const { site, forms } = model;
  // One pass over the articles for everything the kinds need of all of them: the dev server makes the table after every edit.
  const published: Article[] = [];
  const unpublished = new Map<string, Article>();
  const byCategory = new Map<string, Article[]>();
  for (const article of model.articles) {
    if (isPublished(article, options.publishing)) {
      published.push(article);
      const listed = byCategory.get(article.category);
      if (listed) listed.push(article);
      else byCategory.set(article.category, [article]);
    } else if (article.slug)
      for (const slug of [article.slug, ...(article.aliases ?? [])]) unpublished.set(paths.article(slug), article);
  }
  // The newest featured article on the site leads every list it is in: one scheduled featured takes over on its day.
  const featured = published.find((article) => article.featured);
  if (featured)
    for (const list of [published, byCategory.get(featured.category)!])
      list.unshift(...list.splice(list.indexOf(featured), 1));
  const siteUrl = options.siteUrl ?? site.url;
  const toasts = forms.toasts;
  const formCopy = { fields: forms.fields, requiredNote: forms.requiredNote, submitting: forms.submitting, toasts };
  const phone = { text: site.phone, href: site.phoneHref };
  const contactLinks = { phone, email: { text: site.email, href: `mailto:${site.email}` } };
  return {
    model,
    siteUrl,
    endpoint: options.endpoint,
    publishing: options.publishing,
    /** The articles on the site (isPublished), newest first, the featured one first: every list of them is made from these. */
    published,
    /** The articles not on the site yet (drafts, scheduled), by the path each will have. */
    unpublished,
    byCategory,
    /** The content folder as messages name it, for each route's source. */
    dir: model.contentDir,
    toaster: { label: toasts.region, dismiss: toasts.dismiss },
    formCopy,
    contactForm: {
      variant: 'contact' as const,
      labelledBy: 'contact-form-heading',
      copy: { ...formCopy, submit: forms.contact.submit, note: forms.contact.note },
      endpoint: options.endpoint,
      options: formOptions.contact,
    },
    formNotes: {
      withoutScript: linkedText(forms.withoutScript, contactLinks),
      waiting: linkedText(forms.waiting, contactLinks),
      privacy: linkedText(forms.privacy.text, {
        privacyPolicy: { text: forms.privacy.link, href: paths.legal('privacy-policy') },
      }),
    },
    trails: { home: homeTrail(model), blog: blogTrail(model) },
    cardsVersion: options.cardsVersion,
    route: <K extends PageKind>(spec: RouteSpec<K>): Route =>
      pageRoute(site, siteUrl, options.noindex ? { ...spec, head: { ...spec.head, noindex: true } } : spec),
    kept: <T>(key: string, inputs: readonly unknown[], make: () => T): T =>
      options.kept ? options.kept.route(key, inputs, make) : make(),
  };
}

const linkedText = (template: string, links: Record<string, { text: string; href: string }>): LinkedText =>
  template.split(/(\{\w+\})/).flatMap((part) => {
    const link = /^\{\w+\}$/.test(part) ? links[part.slice(1, -1)] : undefined;
    return link ? [link] : part ? [{ text: part }] : [];
  });

/** The trails other pages hang from; each is also its own page's, which the home and blog routes take from here. */
const homeTrail = (data: Pick<SiteData, 'navigation'>): readonly Link[] => [
  { label: data.navigation.breadcrumb.home, href: paths.home },
];

export function blogTrail(data: Pick<SiteData, 'navigation' | 'pages'>): readonly Link[] {
  return [...homeTrail(data), { label: data.pages.blog.breadcrumb, href: paths.blog }];
}
