/**
 * Breadcrumbs on the built site: every page but the home page shows its
 * trail (a nav of links, the page itself last and marked as the current
 * page) and describes the same trail as the BreadcrumbList its page node
 * names, both made from the route table; each trail is the trail of the page
 * above it plus the page itself.
 */
import { describe, expect, it } from 'vitest';
import { allPaths, loadPage, siteUrl } from '../support/site';

interface Step {
  name: string;
  path: string;
}

function visibleTrail(path: string): Step[] {
  const $ = loadPage(path);
  return $('nav[aria-label="Breadcrumb"] ol > li a')
    .map((_, a) => ({ name: $(a).text(), path: $(a).attr('href')! }))
    .get();
}

function describedTrail(path: string): Step[] {
  const $ = loadPage(path);
  const graph = JSON.parse($('script[type="application/ld+json"]').html()!)['@graph'] as Record<string, unknown>[];
  const page = graph.find((node) => node['@id'] === `${siteUrl()}${path}`)!;
  const listId = (page.breadcrumb as { '@id': string } | undefined)?.['@id'];
  const list = graph.find((node) => node['@id'] === listId);
  if (!list) return [];
  expect(list['@type']).toBe('BreadcrumbList');
  const items = list.itemListElement as { position: number; name: string; item: string }[];
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  return items.map((item) => ({ name: item.name, path: item.item.slice(siteUrl().length) }));
}

describe('breadcrumbs', () => {
  it('the home page shows and describes none', () => {
    expect(loadPage('/')('nav[aria-label="Breadcrumb"]')).toHaveLength(0);
    expect(describedTrail('/')).toEqual([]);
    expect(loadPage('/')('script[type="application/ld+json"]').html()).not.toContain('BreadcrumbList');
  });

  it('read from the home page to the page itself, in the words of its content', () => {
    expect(visibleTrail('/about')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'About Us', path: '/about' },
    ]);
    expect(visibleTrail('/blog/local-seo-tips')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
      { name: 'Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby', path: '/blog/local-seo-tips' },
    ]);
    expect(visibleTrail('/services/carpenter-joiner')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Marketing for Carpenters & Joiners', path: '/services/carpenter-joiner' },
    ]);
    expect(visibleTrail('/services/local-seo')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Local SEO', path: '/services/local-seo' },
    ]);
    expect(visibleTrail('/privacy-policy')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Privacy Policy', path: '/privacy-policy' },
    ]);
  });

  it('on the 404 page, served at any path, name the page without a link: /404 is not found either', () => {
    expect(visibleTrail('/404')).toEqual([{ name: 'Home', path: '/' }]);
    const current = loadPage('/404')('nav[aria-label="Breadcrumb"] [aria-current="page"]');
    expect(current.text()).toBe('Page Not Found');
    expect(current.is('a, [href]')).toBe(false);
  });

  it('on every other page: shown once, above the content, the page itself marked current, and the same trail described for search engines', () => {
    for (const path of allPaths.filter((item) => item !== '/')) {
      const $ = loadPage(path);
      const nav = $('nav[aria-label="Breadcrumb"]');
      expect(nav, path).toHaveLength(1);
      expect(nav.next().is('main'), path).toBe(true);
      const trail = visibleTrail(path);
      expect(trail[0], path).toEqual({ name: 'Home', path: '/' });
      expect(trail.at(-1)!.path, path).toBe(path);
      expect(nav.find('[aria-current="page"]').attr('href'), path).toBe(path);
      expect(nav.find('[aria-current]'), path).toHaveLength(1);
      expect(describedTrail(path), path).toEqual(trail);
    }
  });

  it('each trail is the trail of the page above it, plus the page itself', () => {
    for (const path of allPaths.filter((item) => item !== '/')) {
      const trail = visibleTrail(path);
      const above = trail.at(-2)!;
      const aboveTrail = above.path === '/' ? [above] : visibleTrail(above.path);
      expect(trail.slice(0, -1), path).toEqual(aboveTrail);
    }
  });
});
