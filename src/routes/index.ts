/** The route table, every page of the site: sitemap, canonicals and link checks all read it, and cannot disagree. */
import type { SiteModel } from '../content/model';
import { articleRoute, articleRouteContext } from './article';
import { blogIndexRoutes, categoryRoutes } from './blog';
import { careersRoute } from './careers';
import { aboutRoute, caseStudiesRoute, contactRoute, legalRoutes, notFoundRoute } from './content-pages';
import { routeContext, type RouteOptions } from './context';
import { homeRoute } from './home';
import type { Route } from './route';
import { servicePageRoutes, tradeRoutes } from './services';

export { bodySlot, KeptRoutes, pageTitle, type Route } from './route';
export type { SiteSettings } from './context';
export { articleRoute, articleRouteContext, type ArticleRouteContext } from './article';
export { siteRedirects, type Redirect } from './redirects';
export { createLayout } from './layout';

export type SiteRoutes = ReturnType<typeof createRoutes>;

/** Every page, in the order the build report and the sitemap list them. */
export function createRoutes(model: SiteModel, options: RouteOptions) {
  const context = routeContext(model, options);
  const { site, navigation, team } = model;
  const { siteUrl } = context;
  const { noindex, cardsVersion, images } = options;
  const { today, drafts } = options.publishing;
  // What every article's page is made with: the build threads make their articles' routes from it.
  const articles = context.kept(
    'article context',
    [site, navigation, team, model.pages.blog, model.categories, siteUrl, today, drafts, noindex, cardsVersion, images],
    () => articleRouteContext(model, options),
  );
  // The pages that list no article are made again only when the rest of the site changed, not for an edited article.
  const siteData = Object.entries(model).flatMap(([name, value]) => (name === 'articles' ? [] : [value]));
  const { first, last } = context.kept(
    'pages without articles',
    [siteUrl, options.endpoint.url, options.endpoint.anonKey, noindex, cardsVersion, ...siteData],
    () => ({
      first: [homeRoute, aboutRoute, caseStudiesRoute, careersRoute, contactRoute].map((make) => make(context)),
      last: [...servicePageRoutes(context), ...tradeRoutes(context), ...legalRoutes(context), notFoundRoute(context)],
    }),
  );
  const articlePages = model.articles.flatMap(
    (article) => context.kept(article.file, [article, articles], () => articleRoute(article, articles)) ?? [],
  );
  const routes = [...first, ...blogIndexRoutes(context), ...categoryRoutes(context), ...articlePages, ...last];
  options.kept?.done();
  // Every page by its path: the first, should two share one (validatePlan refuses that).
  const pages = new Map<string, Route>();
  for (const route of routes) if (!pages.has(route.path)) pages.set(route.path, route);
  return { routes, siteUrl, pages, unpublished: context.unpublished, articles };
}
