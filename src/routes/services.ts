import { absoluteUrl, paths } from '../paths';
import { tradeText } from '../content/site-data';
import { service } from '../structured-data/service';
import type { RouteContext } from './context';
import type { Route } from './route';
import { pageCard } from './social';

export function servicePageRoutes({ model, siteUrl, dir, trails, route }: RouteContext): Route[] {
  const { site } = model;
  return model.servicePages.map((page) => {
    const path = paths.service(page.slug);
    const { title, description, keywords, ...content } = page;
    const facts = { name: page.name, serviceType: page.name, description, pageUrl: absoluteUrl(siteUrl, path) };
    return route({
      path,
      kind: 'ServicePage',
      source: `${dir}/service-pages/${page.slug}.json`,
      props: { page: content, site, paths: { contact: paths.contact } },
      head: { title, description, keywords, image: page.hero.image },
      breadcrumb: { above: trails.home, name: page.name },
      schema: { type: 'WebPage', mainEntity: service(site, siteUrl, facts) },
    });
  });
}

export function tradeRoutes({ model, siteUrl, dir, trails, route, cardsVersion }: RouteContext): Route[] {
  const { site } = model;
  const trade = model.pages.trade;
  const serviceById = new Map(model.services.map((item) => [item.id, item]));
  return model.trades.map((item) => {
    const path = paths.service(item.slug);
    const fill = (text: string) => tradeText(text, item);
    const heading = fill(trade.heading);
    const shown = { title: heading, eyebrow: site.tagline };
    const card = item.socialImage ? undefined : pageCard({ cardsVersion, site, siteUrl }, item.slug, shown);
    const facts = {
      name: heading,
      serviceType: trade.serviceType,
      description: item.metaDescription,
      pageUrl: absoluteUrl(siteUrl, path),
      audience: item.plural,
    };
    return route({
      path,
      kind: 'TradePage',
      source: `${dir}/trades/${item.slug}.json`,
      card,
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
        services: item.services.map(({ service: id, description, features }) => {
          // load-site has checked that every card names a service of services.json.
          const { title, icon, image } = serviceById.get(id)!;
          return { title, icon, image, description, features, learnMore: trade.learnMore, href: paths.contact };
        }),
        site,
        paths: { home: paths.home, contact: paths.contact },
      },
      head: {
        title: fill(trade.title),
        description: item.metaDescription,
        keywords: item.keywords,
        image: item.socialImage ?? item.heroImage,
      },
      breadcrumb: { above: trails.home, name: fill(trade.breadcrumb) },
      schema: { type: 'WebPage', mainEntity: service(site, siteUrl, facts) },
    });
  });
}
