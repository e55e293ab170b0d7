/**
 * The built site, page by page, against the specification: every route, every
 * section in order, every card, count and quoted string.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPaths, blogCategoryLinks, loadPage, redirectPaths, siteDir, textOf, tradeSlugs } from '../support/site';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(siteDir(), join(entry.parentPath, entry.name)))
    .sort();
}

describe('routes', () => {
  it('writes the 48 HTML files of the specification, the 6 category pages and the 2 redirect pages, and no others', () => {
    const expected = [
      ...[...allPaths, ...redirectPaths].map((path) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`)),
      '404.html',
    ].sort();
    expect(htmlFiles(siteDir())).toEqual(expected);
    expect(expected).toHaveLength(56);
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

describe('home page', () => {
  const $ = () => loadPage('/');

  it('has its sections in order: hero, services, testimonials, contact', () => {
    const ids = $()('main > section[id], main > * > section[id]')
      .map((_, el) => $()(el).attr('id'))
      .get();
    expect(ids).toEqual(['home', 'services', 'testimonials', 'contact']);
  });

  it('has the hero buttons and the short quote form', () => {
    const hero = $()('#home');
    expect(
      hero.find('a[href="/contact"]').filter((_, a) => $()(a).text() === 'Book a Free Strategy Call'),
    ).toHaveLength(1);
    expect(hero.find('a[href="/case-studies"]').text()).toBe('View Our Work');
    expect(
      hero.find('a[href="/contact"]').filter((_, a) => $()(a).text().includes('Free Marketing Audit')),
    ).toHaveLength(1);
    const form = hero.find('form');
    expect(form.find('input[name="name"]').attr('required')).toBeDefined();
    expect(form.find('input[name="email"]').attr('type')).toBe('email');
    expect(form.find('input[name="email"]').attr('required')).toBeDefined();
    expect(form.find('input[name="phone"]').attr('required')).toBeUndefined();
    expect(
      form
        .find('select[name="trade"] option')
        .map((_, o) => $()(o).attr('value'))
        .get(),
    ).toEqual(['', 'plumber', 'electrician', 'builder', 'carpenter', 'roofer', 'other']);
  });

  it('has six service cards with title, description, four features, an image and Learn More to /contact', () => {
    const cards = $()('#services article');
    expect(cards).toHaveLength(6);
    cards.each((_, card) => {
      const c = $()(card);
      expect(c.find('h3').text()).not.toBe('');
      expect(c.find('p').first().text().length).toBeGreaterThan(40);
      expect(c.find('li')).toHaveLength(4);
      expect(c.find('img[alt]')).toHaveLength(1);
      expect(c.find('a[href="/contact"]').text()).toContain('Learn More');
    });
  });

  it('has three testimonials with five stars and the statistics band', () => {
    const cards = $()('#testimonials ul > li');
    expect(cards).toHaveLength(3);
    cards.each((_, card) => expect($()(card).find('[aria-label="Rated 5 out of 5"] svg')).toHaveLength(5));
    expect(textOf($(), '#testimonials')).toMatch(/20\+ (new )?leads/);
    const page = $();
    const stats = page('#testimonials dl div')
      .map((_, el) => `${page(el).find('dd').text()} ${page(el).find('dt').text()}`)
      .get();
    expect(stats).toEqual([
      '300+ Tradesmen Helped',
      '150% Average Revenue Increase',
      '2.5M+ Leads Generated',
      '98% Client Retention',
    ]);
  });

  it('has the contact section with the full form, phone, e-mail, office and hours', () => {
    const contact = $()('#contact');
    const text = textOf($(), '#contact');
    expect(text).toContain('0808 157 0192');
    expect(text).toContain('hello@example.com');
    expect(text).toContain('Derby, Derbyshire');
    expect(text).toContain('UK');
    expect(text).toContain('Mon-Fri 9AM-6PM');
    expect(contact.find('form select[name="budget"]')).toHaveLength(1);
  });
});

describe('about page', () => {
  it('has the hero, Our Story, Our Mission with the money-back promise, four values and three team members', () => {
    const $ = loadPage('/about');
    const headings = $('main h2')
      .map((_, h) => $(h).text())
      .get();
    expect(headings).toEqual(['Our Story', 'Our Mission', 'Our Values', 'Meet Our Team']);
    expect(textOf($, 'main')).toMatch(/money-back/i);
    expect(
      $('#values h3')
        .map((_, h) => $(h).text())
        .get(),
    ).toEqual(['Results-Driven', 'Tradesman-Focused', 'Proven Excellence', 'Quick Results']);
    expect($('#team li')).toHaveLength(3);
    $('#team li').each((_, li) => {
      expect($(li).find('img[alt]')).toHaveLength(1);
      expect($(li).find('h3').text()).not.toBe('');
    });
  });
});

describe('case studies page', () => {
  it('has three case studies, each with challenge, solution, four results and a testimonial, and a button to /contact', () => {
    const $ = loadPage('/case-studies');
    const studies = $('main article');
    expect(studies).toHaveLength(3);
    studies.each((_, study) => {
      const s = $(study);
      expect(s.find('tbody tr')).toHaveLength(4);
      expect(
        s
          .find('thead th')
          .map((_, th) => $(th).text())
          .get(),
      ).toEqual(['Metric', 'Before', 'After', 'Change']);
      expect(s.find('blockquote').text().length).toBeGreaterThan(40);
      expect(s.text()).toContain('The challenge');
      expect(s.text()).toContain('Our solution');
    });
    expect($('a[href="/contact"]').filter((_, a) => $(a).text() === 'Get Your Free Strategy Call')).toHaveLength(1);
  });
});

describe('blog', () => {
  it('has the seven category links with All current, one featured article, Recent Articles and a newsletter box', () => {
    const $ = loadPage('/blog');
    const links = $('nav[aria-label="Browse articles by category"] a');
    expect(links.map((_, a) => $(a).text()).get()).toEqual(blogCategoryLinks);
    expect(links.map((_, a) => $(a).attr('href')).get()).toEqual([
      '/blog',
      '/blog/category/seo',
      '/blog/category/google-ads',
      '/blog/category/social-media',
      '/blog/category/web-design',
      '/blog/category/reputation-management',
      '/blog/category/case-studies',
    ]);
    expect(links.filter('[aria-current="page"]').text()).toBe('All');
    expect($('script[src*="blog-filter"]')).toHaveLength(0);
    const articles = $('main article');
    expect(articles).toHaveLength(6);
    expect(articles.first().text()).toContain('Featured');
    expect($('#recent-heading').text()).toBe('Recent Articles');
    expect($('#recent-heading').parent().find('article')).toHaveLength(5);
    articles.each((_, article) => {
      const a = $(article);
      expect(a.find('p span').last().text()).toMatch(
        /^(SEO|Google Ads|Social Media|Web Design|Reputation Management|Case Studies)$/,
      );
      expect(a.text()).toMatch(/(Sarah Mitchell|James Thompson|Priya Patel) · \d{1,2} \w+ 2024 · ([5-9]|10) min read/);
      expect(a.find('a[href^="/blog/"]').text()).toContain('Read More');
    });
    const newsletter = $('#newsletter-heading').parent();
    expect(newsletter.find('input[type="email"]')).toHaveLength(1);
    expect(newsletter.find('button[type="submit"]').text()).toBe('Subscribe');
  });

  it('article pages show category, author, date, read time, image, body, the back link and a call to action', () => {
    const authors = { 'local-seo-tips': 'Sarah Mitchell', 'digital-marketing-roi': 'James Thompson' };
    for (const [slug, author] of Object.entries(authors)) {
      const $ = loadPage(`/blog/${slug}`);
      const article = $('main article');
      expect(article.find('a[href="/blog"]').text()).toContain('Back to Blog');
      // The byline's name leads to the author's card among the team on /about.
      const byline = article.find(`a[href="/about#${author.toLowerCase().replace(' ', '-')}"]`);
      expect([byline.text(), byline.parent().text()]).toEqual([author, `By ${author}`]);
      expect(article.find('time').attr('datetime')).toMatch(/^2024-\d\d-\d\d$/);
      expect(textOf($, 'main')).toMatch(/([5-9]|10) min read/);
      expect(article.find('img[alt]').first().attr('loading')).toBe('eager');
      expect(article.find('.prose h2').length).toBeGreaterThan(2);
      expect(article.find('.prose').text().split(/\s+/).length).toBeGreaterThan(800);
      expect(article.find('aside a[href="/contact"]')).toHaveLength(1);
    }
  });
});

describe('careers page', () => {
  it('has the sections, four benefits with 25 days holiday, and three positions with requirements, the last day to apply and working buttons', () => {
    const $ = loadPage('/careers');
    expect($('h1').text()).toBe('Join Our Team');
    expect(
      $('main h2')
        .map((_, h) => $(h).text())
        .get(),
    ).toEqual(['Why Work With Us', 'Benefits & Perks', 'Open Positions', "Don't See the Right Role?"]);
    expect($('#benefits li')).toHaveLength(4);
    expect(textOf($, '#benefits')).toContain('25 days holiday plus bank holidays');
    const jobs = $('#positions article');
    expect(jobs.map((_, job) => $(job).find('h3').text()).get()).toEqual([
      'Senior Digital Marketing Specialist',
      'Web Developer',
      'Account Manager',
    ]);
    const expected = [
      ['Marketing', 'London (Hybrid)', 'Apply by 31 January 2027'],
      ['Development', 'Remote', 'Apply by 31 January 2027'],
      ['Client Services', 'Manchester', 'Apply by 15 January 2027'],
    ];
    jobs.each((index, job) => {
      const j = $(job);
      const [department, location, closes] = expected[index]!;
      expect(j.text()).toContain(department);
      expect(j.text()).toContain(location);
      expect(j.find('li').filter((_, li) => $(li).text() === closes)).toHaveLength(1);
      expect(j.text()).toContain('Full-time');
      expect(j.text()).toMatch(/Experience: \d+-\d+ years/);
      expect(j.find('h4 + ul li').length).toBeGreaterThanOrEqual(4);
      const title = j.find('h3').text();
      expect(
        j
          .find('a')
          .filter((_, a) => $(a).text().startsWith('Apply Now'))
          .attr('href'),
      ).toBe(`mailto:hello@example.com?subject=${encodeURIComponent(`Application: ${title}`)}`);
      expect(
        j
          .find('a')
          .filter((_, a) => $(a).text().startsWith('Learn More'))
          .attr('href'),
      ).toMatch(/^mailto:hello@example\.com\?subject=.+/);
    });
    expect(
      $('a')
        .filter((_, a) => $(a).text() === 'Send Your CV')
        .attr('href'),
    ).toMatch(/^mailto:hello@example\.com\?subject=/);
  });
});

describe('contact page', () => {
  it('has selling points, contact details and the full form with every field, option and required mark', () => {
    const $ = loadPage('/contact');
    const text = textOf($, 'main');
    for (const fact of ['0808 157 0192', 'hello@example.com', 'Derby', 'Mon-Fri 9AM-6PM', 'within 24 hours'])
      expect(text).toContain(fact);
    const form = $('main form');
    expect(form).toHaveLength(1);
    for (const name of ['name', 'email', 'phone'])
      expect(form.find(`input[name="${name}"]`).attr('required'), name).toBeDefined();
    expect(form.find('select[name="trade"]').attr('required')).toBeDefined();
    expect(form.find('input[name="phone"]').attr('type')).toBe('tel');
    expect(form.find('label[for="contact-name"]').text()).toBe('Full name *');
    expect(
      form
        .find('select[name="trade"] option')
        .map((_, o) => $(o).text())
        .get(),
    ).toEqual([
      'Select your trade',
      'Plumber',
      'Electrician',
      'Builder',
      'Carpenter',
      'Roofer',
      'Landscaper',
      'Painter & Decorator',
      'Heating Engineer',
      'Kitchen Fitter',
      'Other',
    ]);
    expect(
      form
        .find('select[name="budget"] option')
        .map((_, o) => $(o).attr('value'))
        .get(),
    ).toEqual(['', '0-500', '500-1000', '1000-2500', '2500-5000', '5000+']);
    // Read aloud as ranges: "£0 - £500" can be read as a minus.
    expect(
      form
        .find('select[name="budget"] option')
        .map((_, o) => $(o).text())
        .get()
        .slice(1),
    ).toEqual([
      '£0 to £500 per month',
      '£500 to £1,000 per month',
      '£1,000 to £2,500 per month',
      '£2,500 to £5,000 per month',
      '£5,000+ per month',
    ]);
    expect(
      form
        .find('input[name="services_interested[]"]')
        .map((_, i) => $(i).attr('value'))
        .get(),
    ).toEqual(['Local SEO', 'Google Ads', 'AI Services', 'Website Design', 'Reputation Management']);
    for (const name of ['business_name', 'location'])
      expect(form.find(`input[name="${name}"]`).attr('required'), name).toBeUndefined();
    expect(form.find('textarea[name="message"]')).toHaveLength(1);
  });
});

describe('legal pages', () => {
  it('are last updated when they last changed and hold every legal fact of the specification', () => {
    const texts = Object.fromEntries(
      ['privacy-policy', 'terms-of-service', 'cookie-policy'].map((slug) => [
        slug,
        textOf(loadPage(`/${slug}`), 'main'),
      ]),
    );
    // The specification's 15 January 2024, but for the policies rewritten to say what the site stores (DECISIONS.md).
    expect(texts['terms-of-service']).toContain('Last updated 15 January 2024');
    expect(texts['privacy-policy']).toContain('Last updated 1 December 2026');
    expect(texts['cookie-policy']).toContain('Last updated 1 December 2026');
    const terms = texts['terms-of-service']!;
    for (const fact of [
      /minimum (term )?of 6 months/,
      /in advance on the 1st/,
      /within 5 business days/,
      /within 48 hours/,
      /5% (per month|monthly)/,
      /30 days overdue/,
      /30 days'? written notice/,
      /preceding 12 months/,
      /30 days/,
      /England and Wales/,
      /arbitration[^.]*London/,
      /under 18|under-18/i,
    ]) {
      expect(terms).toMatch(fact);
    }
    expect(texts['privacy-policy']).toMatch(/under 18|under-18/i);
    // Nothing the site stores lasts beyond 12 months (the specification's "most cookies expire within 1-2 years" was of cookies the site never set).
    expect(texts['cookie-policy']).toMatch(/12 months, then we ask again/);
    expect(texts['cookie-policy']).not.toMatch(/_ga|_gcl|_fbp|Google Analytics|Meta Pixel/);
  });
});

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
        expect(i.attr('alt')?.length, path).toBeGreaterThan(5);
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
