import type { SiteData } from '../content/model';
import { paths } from '../paths';
import type { Layout } from '../../templates/layout/types';

/** The feeds' title, as the feeds and every page's links to them give it: the brand's, then the blog's. */
export const feedTitle = (model: SiteData) => `${model.site.name}: ${model.pages.blog.feeds.title}`;

/** The header and footer, identical on every page: known before the articles are. */
export function createLayout(model: SiteData): Layout {
  const { navigation, site } = model;
  const { feeds } = model.pages.blog;
  const title = feedTitle(model);
  const servicePageLinks = model.servicePages.map((page) => ({ label: page.name, href: paths.service(page.slug) }));
  return {
    site,
    skipLink: navigation.skipLink,
    feeds: [
      { type: 'application/rss+xml', title: `${title} (${feeds.rss})`, href: paths.feeds.rss },
      { type: 'application/atom+xml', title: `${title} (${feeds.atom})`, href: paths.feeds.atom },
      { type: 'application/feed+json', title: `${title} (${feeds.json})`, href: paths.feeds.json },
    ],
    breadcrumbLabel: navigation.breadcrumb.label,
    header: {
      links: navigation.header,
      servicesMenu: {
        ...navigation.servicesMenu,
        services: servicePageLinks,
        trades: model.trades.map((trade) => ({ label: trade.name, href: paths.service(trade.slug) })),
      },
      phoneLabel: navigation.phoneLabel,
      quoteButton: { label: navigation.quoteButton, href: paths.contact },
      menuButton: navigation.menuButton,
    },
    consent: {
      heading: navigation.consent.heading,
      text: navigation.consent.text,
      policy: { label: navigation.consent.policyLink, href: paths.legal('cookie-policy') },
      accept: navigation.consent.accept,
      reject: navigation.consent.reject,
      settings: { label: navigation.consent.settings, href: paths.legal('cookie-policy') },
    },
    footer: {
      columns: [
        { heading: navigation.footer.servicesHeading, links: servicePageLinks },
        { heading: navigation.footer.companyHeading, links: navigation.footer.company },
        {
          heading: navigation.footer.legalHeading,
          links: model.legalPages.map((page) => ({ label: page.title, href: paths.legal(page.slug) })),
        },
      ],
      contactHeading: navigation.footer.contactHeading,
      socialHeading: navigation.socialHeading,
      copyright: navigation.footer.copyright,
    },
  };
}
