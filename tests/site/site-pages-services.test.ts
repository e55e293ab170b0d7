/**
 * The built site against the specification, the service pages and the
 * trade pages: every section in order, every card, count and quoted string.
 */
import { describe, expect, it } from 'vitest';
import { loadPage, textOf, tradeSlugs } from '../support/site';

describe('service pages', () => {
  it('local SEO, Google Ads and AI services: hero, four-point grid, three cards, closing call with a tel link', () => {
    for (const slug of ['local-seo', 'google-ads', 'ai-services']) {
      const $ = loadPage(`/services/${slug}`);
      expect($('#why li'), slug).toHaveLength(4);
      expect($('#services ul').first().children('li'), slug).toHaveLength(3);
      $('#services ul')
        .first()
        .children('li')
        .each((_, card) => expect($(card).find('ul li')).toHaveLength(4));
      const cta = $('#cta-heading').parent();
      expect(cta.find('a[href="/contact"]')).toHaveLength(1);
      expect(cta.find('a[href="tel:+448081570192"]').text()).toContain('0808\u00a0157\u00a00192');
    }
    expect($text('/services/ai-services')).toContain('AI Phone Calls');
    expect($text('/services/local-seo')).not.toContain('AI Phone Calls');
  });

  it('website design: four benefits, what a website includes, and the closing lines', () => {
    const $ = loadPage('/services/website-design');
    expect(
      $('#why h3')
        .map((_, h) => $(h).text())
        .get(),
    ).toEqual(['Professional Design', 'Mobile Optimized', 'SEO Ready', 'Fast Loading']);
    const groups = $('#includes ul').first().children('li');
    expect(groups.map((_, g) => $(g).find('h3').text()).get()).toEqual([
      'Custom Design',
      'Lead Generation',
      'Technical',
    ]);
    const items = groups
      .map((_, g) =>
        $(g)
          .find('li')
          .map((__, li) => $(li).text())
          .get()
          .join(' | '),
      )
      .get();
    expect(items[0]).toMatch(/layout.*photograph.*colour.*navigation/is);
    expect(items[1]).toMatch(/contact and quote (request )?forms.*click-to-call.*service area pages.*testimonials/is);
    expect(items[2]).toMatch(/SSL certificate.*analytics setup.*search optimisation.*regular backups/is);
    const cta = $('#cta-heading').parent();
    expect($('#cta-heading').text()).toBe('Ready for a Website That Works?');
    expect(cta.find('a[href="/contact"]').text()).toBe('Start Your Project');
    expect(cta.find('a[href^="tel:"]')).toHaveLength(1);
  });

  it('reputation management: red hero, four points, the three services with their lists, and the closing lines', () => {
    const $ = loadPage('/services/reputation-management');
    expect($('main > section').first().attr('class')).toContain('bg-red-700');
    expect($('main > section').first().find('a[href="/contact"]').text()).toBe('Protect Your Reputation');
    expect(
      $('#why h3')
        .map((_, h) => $(h).text())
        .get(),
    ).toEqual(['Trust Building', 'Brand Protection', 'More Bookings', 'Professional Responses']);
    const cards = $('#services ul').first().children('li');
    expect(cards.map((_, c) => $(c).find('h3').text()).get()).toEqual([
      'Review Monitoring',
      'Review Response Management',
      'Review Generation',
    ]);
    expect(
      cards
        .eq(0)
        .find('li')
        .map((_, li) => $(li).text())
        .get(),
    ).toEqual(['24/7 monitoring', 'Google and Facebook reviews', 'Industry platforms', 'Real-time alerts']);
    expect(
      cards
        .eq(2)
        .find('li')
        .map((_, li) => $(li).text())
        .get(),
    ).toEqual(['Request automation', 'Follow-up sequences', 'Platform optimisation', 'Performance tracking']);
    expect($('#cta-heading').text()).toBe('Ready to Take Control of Your Reputation?');
    expect($('#cta-heading').parent().find('a[href="/contact"]').text()).toBe('Get Started Today');
    expect($('#cta-heading').parent().find('a[href^="tel:"]')).toHaveLength(1);
  });
});

function $text(path: string): string {
  return textOf(loadPage(path), 'main');
}

describe('trade pages', () => {
  const cases = [
    ['plumber', 'Plumbers', 'Plumber'],
    ['carpenter-joiner', 'Carpenters & Joiners', 'Carpenter & Joiner'],
    ['window-door-fitter', 'Window & Door Fitters', 'Window & Door Fitter'],
    ['handyman-handywoman', 'Handymen & Handywomen', 'Handyman & Handywoman'],
    ['gas-engineer', 'Gas Engineers', 'Gas Engineer'],
  ] as const;

  it.each(cases)(
    '/services/%s reads "Digital Marketing for %s" with its six cards and consultation button',
    (slug, plural, singular) => {
      const $ = loadPage(`/services/${slug}`);
      expect($('main a[href="/"]').first().text()).toContain('Back to Home');
      expect($('h1').text()).toBe(`Digital Marketing for ${plural}`);
      expect(
        $('main a[href="/contact"]').filter((_, a) => $(a).text() === 'Get Your Free Marketing Audit'),
      ).toHaveLength(1);
      expect($('#services-heading').text()).toBe(`Specialized Marketing Services for ${plural}`);
      const cards = $('#services article');
      expect(cards.map((_, c) => $(c).find('h3').text()).get()).toEqual([
        'Local SEO',
        'Google Ads Management',
        'AI Services',
        'Website Design',
        'Analytics & ROI Tracking',
        'Reputation Management',
      ]);
      cards.each((_, card) => {
        const c = $(card);
        expect(c.find('img[alt]')).toHaveLength(1);
        expect(c.find('svg').length).toBeGreaterThan(0);
        expect(c.find('li')).toHaveLength(4);
        expect(c.find('a[href="/contact"]').text()).toContain('Learn More');
      });
      expect($('#services article').parent().attr('class')).toMatch(/grid-cols-1 .*md:grid-cols-2 .*lg:grid-cols-3/);
      expect(
        $('main a[href="/contact"]').filter(
          (_, a) => $(a).text() === `Schedule Your Free ${singular} Marketing Consultation`,
        ),
      ).toHaveLength(1);
    },
  );

  it('every trade page has exactly six cards and its own description', () => {
    const descriptions = new Set<string>();
    for (const slug of tradeSlugs) {
      const $ = loadPage(`/services/${slug}`);
      expect($('#services article'), slug).toHaveLength(6);
      descriptions.add($('h1').next('p').text());
    }
    expect(descriptions.size).toBe(27);
  });

  it("keeps each card's title in Firefox's Reader View, which drops a box whose words are all a heading's", () => {
    // A title beside its icon in a box of their own was such a box: Reader View showed six lists, each titled by nothing.
    const untitled: string[] = [];
    for (const path of ['/', ...tradeSlugs.map((slug) => `/services/${slug}`)]) {
      const $ = loadPage(path);
      $('main :is(h2, h3, h4)').each((_, heading) => {
        const box = $(heading).parent();
        const others = box.contents().not(heading);
        if (box.children().not(heading).length > 0 && !others.text().trim())
          untitled.push(`${path}: ${$(heading).text()}`);
      });
    }
    expect(untitled).toEqual([]);
  });
});
