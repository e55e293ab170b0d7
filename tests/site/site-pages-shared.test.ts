/**
 * The built site against the specification, in what its pages share: every
 * route and no other, one h1 and the en-GB language a page, no placeholder
 * text, the header and footer, the not-found page, and images sized, described
 * and loaded as their place on the page asks.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPaths, loadPage, redirectPaths, siteDir, textOf, tradeSlugs } from '../support/site';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(siteDir(), join(entry.parentPath, entry.name)))
    .sort();
}

describe('routes', () => {
  it('writes the 48 HTML files of the specification, the 6 category pages and the 2 redirect pages, and no others', () => {
    const expected = [
      ...allPaths.map((path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`)),
      ...redirectPaths.map((path) => `${path.slice(1)}/index.html`),
      '404.html',
    ].sort();
    expect(htmlFiles(siteDir())).toEqual(expected);
    expect(expected).toHaveLength(56);
  });

  it("names no two links alike that lead to different places, in a screen reader's list of a page's links", () => {
    for (const path of allPaths) {
      const $ = loadPage(path);
      const places = new Map<string, Set<string>>();
      // A link to the page itself (a breadcrumb's last) is said as the current page, whatever its words.
      $('a[href]:not([aria-current="page"])').each((_, a) => {
        const link = $(a);
        // As a screen reader names it: by its aria-label, else by its words, what is hidden from it left out.
        const words = link.clone().find('[aria-hidden="true"]').remove().end().text();
        const name = (link.attr('aria-label') ?? words).replace(/\s+/g, ' ').trim();
        places.set(name, new Set([...(places.get(name) ?? []), link.attr('href')!]));
      });
      const alike = [...places].filter(([, hrefs]) => hrefs.size > 1).map(([name, hrefs]) => `${name}: ${[...hrefs]}`);
      expect(alike, path).toEqual([]);
    }
  });

  it('gives every page one h1 and the en-GB language', () => {
    for (const path of allPaths) {
      const $ = loadPage(path);
      expect($('html').attr('lang'), path).toBe('en-GB');
      expect($('h1'), path).toHaveLength(1);
    }
  });

  it('leaves no placeholder text anywhere', () => {
    for (const path of allPaths) {
      const text = textOf(loadPage(path));
      expect(text, path).not.toMatch(
        /lorem|ipsum|TODO|placeholder|\{plural\}|\{singular\}|\{role\}|undefined|\[object Object\]/i,
      );
    }
  });

  it('spells email one way, as the forms label it, on every page', () => {
    for (const path of allPaths) expect(textOf(loadPage(path)).match(/.{0,40}\be-mail.{0,20}/gi), path).toBeNull();
  });
});

describe('shared header and footer', () => {
  it('are on every page, with the brand, phone, Get Quote, navigation and every footer link', () => {
    const footerLinks = [
      '/services/local-seo',
      '/services/google-ads',
      '/services/ai-services',
      '/services/website-design',
      '/services/reputation-management',
      '/about',
      '/case-studies',
      '/blog',
      '/careers',
      '/contact',
      '/privacy-policy',
      '/terms-of-service',
      '/cookie-policy',
    ];
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      const header = $('header');
      expect(header.find('a[href="/"]').first().text(), path).toContain('TradeBoost Digital');
      // Phone numbers are written with non-breaking spaces, so they never wrap.
      expect(header.find('a[href="tel:+448081570192"]').text(), path).toContain('0808\u00a0157\u00a00192');
      expect(
        header.find('a[href="/contact"]').filter((_, a) => $(a).text() === 'Get Quote').length,
        path,
      ).toBeGreaterThan(0);
      const nav = header.find('nav[aria-label="Main"]');
      for (const href of ['/', '/about', '/contact', '/#testimonials'])
        expect(nav.find(`a[href="${href}"]`).length, `${path} ${href}`).toBe(1);
      const menu = nav.find('details[data-menu="services"]');
      expect(menu.find('summary').text()).toBe('Services');
      expect(menu.find('a[href^="/services/"]'), path).toHaveLength(5 + 27);

      const footer = $('footer');
      for (const href of footerLinks)
        expect(footer.find(`a[href="${href}"]:not([data-consent-settings])`).length, `${path} footer ${href}`).toBe(1);
      // The consent question asked again (islands/enhance/consent.ts); without script, the policy.
      expect(
        footer
          .find('a[data-consent-settings]')
          .map((_, a) => `${$(a).text()} ${$(a).attr('href')}`)
          .get(),
        path,
      ).toEqual(['Cookie settings /cookie-policy']);
      // Four social icons with no targets, as the specification draws them: the agency has given no profile yet.
      expect(footer.find('[role="img"][aria-label^="TradeBoost Digital on "] svg'), path).toHaveLength(4);
      expect(footer.find('a[href^="https://"]'), path).toHaveLength(0);
      expect(footer.find('a[href="tel:+448081570192"]').text()).toBe('0808\u00a0157\u00a00192');
      expect(footer.find('a[href="mailto:hello@example.com"]').text()).toBe('hello@example.com');
      expect(footer.find('address').text()).toContain('Derby, Derbyshire');
      expect(textOf($, 'footer')).toContain('We help UK tradespeople');
    }
  });

  it("name the phone's menu as the bar's navigation, by what it holds rather than the device it is drawn for", () => {
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      // Each drawn at its own widths, never both at once: a screen reader says "Main navigation" or "Main menu navigation".
      expect(
        $('header nav')
          .map((_, nav) => $(nav).attr('aria-label'))
          .get(),
        path,
      ).toEqual(['Main', 'Main menu']);
      expect($('details[data-menu="mobile"] > nav').attr('aria-label'), path).toBe('Main menu');
    }
  });

  it('mark the links to the page itself as the current page, for a screen reader, and no other link', () => {
    const current = (path: string, where = 'header, footer') => {
      const $ = loadPage(path);
      return $(where)
        .find('a')
        .map((_, a) => ($(a).attr('aria-current') === undefined ? [] : [`${$(a).attr('aria-current')} ${$(a).text()}`]))
        .get();
    };
    for (const path of [...allPaths, '/404']) {
      const $ = loadPage(path);
      const own = $('header a, footer a').filter((_, a) => $(a).attr('href') === path);
      expect(current(path), path).toEqual(own.map((_, a) => `page ${$(a).text()}`).get());
    }
    // The logo, and the menu in the bar and in the phone's.
    expect(current('/', 'header')).toEqual(['page TradeBoost Digital', 'page Home', 'page Home']);
    expect(current('/services/plumber', 'header')).toEqual(['page Plumber', 'page Plumber']);
    expect(current('/about', 'footer')).toEqual(['page About Us']);
    expect(current('/blog/local-seo-tips')).toEqual([]);
  });

  it('lists every trade by its name in the Services menu, A to Z, also in the mobile menu, without JavaScript', () => {
    const $ = loadPage('/about');
    const links = $('nav[aria-label="Main"] details[data-menu="services"] a[href^="/services/"]').slice(5);
    const trades = links.map((_, a) => $(a).attr('href')).get();
    expect(trades.sort()).toEqual(tradeSlugs.map((slug) => `/services/${slug}`).sort());
    const names = links.map((_, a) => $(a).text()).get();
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'en-GB')));
    expect(names.slice(0, 3)).toEqual(['Bricklayer', 'Builder', 'Carpenter / Joiner']);
    expect($('nav[aria-label="Main"] a[href="/services/window-door-fitter"]').text()).toBe(
      'Window / Door Fitter (Glazier)',
    );
    expect($('details[data-menu="mobile"] nav a[href^="/services/"]')).toHaveLength(32);
  });
});

describe('read without CSS', () => {
  // Words side by side in one line of the layout (a row of buttons, a byline, badges) are separate words to a text
  // browser, a reader mode or a page whose stylesheet did not come, which set them as the markup does: a space between.
  it('runs no two words together where the layout alone kept them apart', () => {
    const phrasing = 'a, abbr, b, button, cite, code, em, i, label, small, span, strong, time';
    const touching = [...allPaths, '/404'].flatMap((path) => {
      const $ = loadPage(path);
      $('script, style, noscript, template').remove();
      // A form control or an image's words stand between the words beside it, as a text browser draws them.
      $('input, select, textarea').replaceWith(' ');
      $('img').each((_, img) => void $(img).replaceWith(` ${img.attribs.alt ?? ''} `));
      return $('body *')
        .get()
        .flatMap((element) =>
          element.children.slice(1).map((after, index) => [element.children[index]!, after] as const),
        )
        .filter((pair) => pair.every((node) => node.type === 'text' || $(node).is(phrasing)))
        .filter((pair) => pair.some((node) => node.type !== 'text'))
        .map(([before, after]) => `${$(before).text().slice(-20)}|${$(after).text().slice(0, 20)}`)
        .filter((junction) => /[\p{L}\p{N}]\|[\p{L}\p{N}]/u.test(junction))
        .map((junction) => `${path} ${junction}`);
    });
    expect(touching).toEqual([]);
  });

  it("draws every icon at an icon's size, not as wide as the page, where its stylesheet has not come", () => {
    const unsized = [...allPaths, '/404'].flatMap((path) => {
      const $ = loadPage(path);
      return $('svg:not([width][height])')
        .map((_, svg) => `${path} ${$(svg).attr('class')}`)
        .get();
    });
    expect(unsized).toEqual([]);
  });
});

describe('not-found page', () => {
  it('says Oops! Page not found, shows 404 and links home', () => {
    const $ = loadPage('/404');
    expect($('h1').text()).toBe('Oops! Page not found');
    expect(textOf($, 'main')).toContain('404');
    expect($('main a[href="/"]').text()).toBe('Return to Home');
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
  });
});

describe('images', () => {
  it('have explicit size, alt text, a srcset, and load lazily below the fold', () => {
    for (const path of ['/', '/about', '/services/plumber', '/blog', '/blog/local-seo-tips']) {
      const $ = loadPage(path);
      const images = $('main img');
      expect(images.length, path).toBeGreaterThan(0);
      images.each((_, img) => {
        const i = $(img);
        expect(i.attr('width'), path).toMatch(/^\d+$/);
        expect(i.attr('height'), path).toMatch(/^\d+$/);
        // A testimonial's portrait, beside the name it shows, is decorative.
        if (i.closest('figcaption').length > 0) expect(i.attr('alt'), path).toBe('');
        else expect(i.attr('alt')?.length, path).toBeGreaterThan(5);
        expect(i.attr('src'), path).toMatch(/^https:\/\/images\.unsplash\.com\/photo-/);
        expect(i.attr('srcset')?.split(', ').length, path).toBeGreaterThanOrEqual(1);
      });
    }
    const home = loadPage('/');
    expect(
      home('#services img')
        .map((_, img) => home(img).attr('loading'))
        .get(),
    ).toEqual(Array(6).fill('lazy'));
    // A category page has no featured card: its first card's photo is its main image, the others wait until scrolled to.
    const category = loadPage('/blog/category/seo');
    expect(
      category('main article img')
        .map((_, img) => `${category(img).attr('loading')} ${category(img).attr('fetchpriority') ?? ''}`.trim())
        .get(),
    ).toEqual(['eager high', ...Array(category('main article img').length - 1).fill('lazy')]);
    const trade = loadPage('/services/plumber');
    expect(trade('main > section').first().find('img').attr('loading')).toBe('eager');
    expect(trade('main > section').first().find('img').attr('fetchpriority')).toBe('high');
    // The about and careers pages' story photo, their one photo, sits beside their first words on a desktop: it loads at once.
    for (const path of ['/about', '/careers']) {
      expect(loadPage(path)('#story-heading, #why-heading').closest('section').find('img').attr('loading'), path).toBe(
        'eager',
      );
    }
    expect(trade('#services img').first().attr('srcset')).toMatch(/w=400\S* 400w, \S*w=800\S* 800w/);
  });

  it("the header draws the logo from content/images/: WebP and PNG at 36 and 72 pixels, beside the brand's name", () => {
    const $ = loadPage('/about');
    const brand = $('header a[href="/"]').first();
    expect(brand.text()).toBe('TradeBoost Digital');
    const sources = brand.find('picture source');
    const logo = '/assets/images/logo-[0-9a-f]{12}';
    expect(sources.map((_, source) => $(source).attr('type')).get()).toEqual(['image/webp']);
    sources.each((_, source) => {
      const format = $(source).attr('type')!.slice('image/'.length);
      expect($(source).attr('srcset')).toMatch(new RegExp(`^${logo}-36\\.${format} 36w, ${logo}-72\\.${format} 72w$`));
    });
    const img = brand.find('picture img');
    // The name beside it says what the logo says: screen readers skip the image.
    expect([img.attr('alt'), img.attr('width'), img.attr('height'), img.attr('loading')]).toEqual([
      '',
      '36',
      '36',
      'eager',
    ]);
    expect(img.attr('src')).toMatch(new RegExp(`^${logo}-36\\.png$`));
  });
});
