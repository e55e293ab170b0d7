/**
 * A built page's breadcrumbs against the route table's trail for it: the visible trail (the page itself last, marked
 * current) and the page node's BreadcrumbList must both be it. The home page's is itself: it shows and describes none.
 */
import type { CheerioAPI } from 'cheerio';
import type { Link } from '../../templates/layout/types';
import { planSettings, publishing, requireProject, resolveConfig } from '../config';
import { sitePath } from '../paths';
import { readSite } from '../images/model-images';
import { planSite } from '../plan/plan-site';
import type { Graph, JsonObject } from './json-ld';
import type { PageProblem } from './types';

/** The site planned as the build plans it, by the project's settings and clock. */
export async function plannedSite(root: string, contentDir: string) {
  const config = resolveConfig({ root, content: contentDir });
  requireProject(config);
  const { content, catalog } = await readSite({ contentDir: config.contentDir, projectRoot: root });
  // Drafts and scheduled articles shown: a site built with --drafts, or before one went live, has their trails too.
  const shown = publishing({ ...config, drafts: true });
  return planSite({ content, images: catalog.descriptors, settings: planSettings(config) }, shown);
}

export async function routeTrails(root: string, contentDir: string) {
  const { model, routes } = await plannedSite(root, contentDir);
  const trails = new Map(routes.routes.map((route) => [route.path, route.head.breadcrumbs]));
  return { label: model.navigation.breadcrumb.label, trails };
}

const fix =
  "if content/ changed since the site was built, build it again (sitegen build); if not, render the trail from the route table's head.breadcrumbs (templates/components/Breadcrumbs.tsx, src/structured-data/page-graph.ts)";

/** A built page's trails against `page.trail`, the route table's for it (none: the page is not in the table). */
export function breadcrumbProblems(
  $: CheerioAPI,
  graph: Graph | undefined,
  page: { url: string; origin: string; trail: readonly Link[] | undefined },
  label: string,
): PageProblem[] {
  if (!page.trail) {
    const message = 'the page is not in the route table, which every trail comes from';
    return [{ rule: 'breadcrumbs', message, fix: 'build the site from the same content/ as the check reads' }];
  }
  const problems: PageProblem[] = [];
  const add = (message: string) => problems.push({ rule: 'breadcrumbs', message, fix });
  const wanted = page.trail.length > 1 ? page.trail : [];
  const show = (trail: readonly Link[]) =>
    trail.length ? trail.map((crumb) => `${crumb.label} (${crumb.href})`).join(' › ') : 'none';

  const navs = $(`nav[aria-label="${label}"]`);
  if (navs.length > 1) add(`the page shows ${navs.length} breadcrumb trails`);
  const links = navs.first().find('ol > li a');
  const visible = links.map((_, link) => ({ label: $(link).text().trim(), href: $(link).attr('href') ?? '' })).get();
  if (show(visible) !== show(wanted))
    add(`the visible trail is ${show(visible)}; the route table's is ${show(wanted)}`);
  const current = links.filter('[aria-current="page"]');
  if (wanted.length && (current.length !== 1 || !links.last().is(current)))
    add('the visible trail does not mark the page itself, its last step, with aria-current="page"');

  // Without the site's origin (robots.txt names no sitemap, which the gate reports) no address is known as its own.
  if (graph && page.origin) {
    const listId = (graph.byId.get(page.url)?.breadcrumb as JsonObject | undefined)?.['@id'];
    const list = typeof listId === 'string' ? graph.byId.get(listId) : undefined;
    const items = Array.isArray(list?.itemListElement) ? (list.itemListElement as JsonObject[]) : [];
    const described = items.map((item) => ({
      label: String(item.name ?? ''),
      href: sitePath(typeof item.item === 'string' ? item.item : '', page.origin),
    }));
    if (show(described) !== show(wanted))
      add(`the BreadcrumbList the page's node names is ${show(described)}; the route table's trail is ${show(wanted)}`);
    const positions = items.map((item) => item.position);
    if (positions.some((position, index) => position !== index + 1))
      add(`the BreadcrumbList's positions are ${positions.join(', ')}, not 1 to ${items.length} in order`);
  }
  return problems;
}
