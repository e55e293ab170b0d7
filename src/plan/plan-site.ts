/**
 * The site plan, by one function for the build, `sitegen dev`, the editor and `sitegen check`; a build thread makes its
 * own articles' pages from the plan's article context as this function makes them. Pure, and free of Node's modules:
 * the editor runs it in the browser.
 */
import type { Article, SiteModel } from '../content/model';
import type { Publishing } from '../content/publishing';
import { ImageResolver } from '../images/content-images';
import type { LocalImage } from '../images/image-names';
import { articleRoute, createRoutes, KeptRoutes, siteRedirects } from '../routes';
import type { ArticleRouteContext, Route, SiteSettings } from '../routes';

export interface SiteSources {
  /** The site model as content/ holds it, its images not yet given what the templates need of them. */
  content: SiteModel;
  /** What the templates need of each file of content/images/ the content names, by src (images/source-images.ts). */
  images: ReadonlyMap<string, LocalImage>;
  settings: SiteSettings;
  /** The last plan, kept where what it was made from is the same (sitegen dev, the editor's previews). */
  kept?: KeptPlan;
}

/** What a plan keeps for the next: its routes, and its model's images, each made again only where their sources changed. */
export class KeptPlan {
  readonly routes = new KeptRoutes();
  readonly images = new ImageResolver();
}

export type SitePlan = ReturnType<typeof planSite>;

/** The plan keeps its sources: what the site will be on another day is planned from them (scheduled-days.ts). */
export function planSite(sources: SiteSources, publishing: Publishing) {
  const { content, images, settings, kept } = sources;
  const model = (kept?.images ?? new ImageResolver()).resolve(content, images);
  const routes = createRoutes(model, { ...settings, publishing, images, kept: kept?.routes });
  const cards = new Map(routes.routes.flatMap((route) => (route.card ? [[route.card.path, route.card.content]] : [])));
  const redirects = siteRedirects(model, routes, publishing);
  // The site's own images, as the plan knows them: the pages record which renditions they draw (render/).
  return { model, routes, redirects, images: { descriptors: images, cards }, publishing, sources };
}

/** The pages of some articles as planSite makes them, from the plan's article context alone (a build thread's). */
export function planArticles(articles: readonly Article[], context: ArticleRouteContext): Route[] {
  const images = new ImageResolver();
  return articles.flatMap((article) => articleRoute(images.resolve(article, context.images), context) ?? []);
}
