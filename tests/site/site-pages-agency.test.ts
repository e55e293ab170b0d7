/**
 * The built site against the specification, the agency's own pages: home,
 * about, case studies, careers and contact, every section in order, every
 * card, count and quoted string.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { inProjectCopy, writeSettled } from '../support/project-copy';
import { loadPage, textOf } from '../support/site';

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

  it('reads each testimonial its own rating: a four-star review is "Rated 4 out of 5", not five, with four stars drawn', async () => {
    await inProjectCopy(async (project) => {
      const file = join(project.dir, 'content/testimonials.json');
      const content = JSON.parse(await readFile(file, 'utf8'));
      content.testimonials[1].rating = 4;
      await writeSettled(file, JSON.stringify(content, null, 2));
      expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
      const home = cheerio.load(await readFile(join(project.dir, 'out/index.html'), 'utf8'));
      const stars = home('#testimonials [role="img"]')
        .map((_, rating) => `${home(rating).attr('aria-label')}: ${home(rating).find('svg').length}`)
        .get();
      expect(stars).toEqual(['Rated 5 out of 5: 5', 'Rated 4 out of 5: 4', 'Rated 5 out of 5: 5']);
    });
  });

  it('has three testimonials with five stars and the statistics band', () => {
    const cards = $()('#testimonials ul > li');
    expect(cards).toHaveLength(3);
    cards.each((_, card) => expect($()(card).find('[aria-label="Rated 5 out of 5"] svg')).toHaveLength(5));
    // Each quote's caption, as a screen reader names its figure: who said it, their business and town, once. Each on a
    // line of its own, also to a text browser, which would run the name into the business on one line.
    const page = $();
    const caption = page('#testimonials figcaption').first().find('p');
    const portraits = cards.map((_, card) => $()(card).find('figcaption img').attr('alt')).get();
    expect(caption.map((_, p) => page(p).text()).get()).toEqual([
      'Mark Davies',
      'Davies Plumbing & Heating, Beeston, Nottinghamshire',
    ]);
    expect(portraits).toEqual(['', '', '']);
    expect(textOf($(), '#testimonials')).toMatch(/20\+ (new )?leads/);
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
  it("lists its form once among the page's landmarks, named by its heading, not also a region of that name around it", () => {
    const $ = loadPage('/contact');
    // A screen reader moving by landmark stopped twice for the one form, each time saying its name.
    const landmarks = $('main :is(section, form, aside, nav)[aria-labelledby]')
      .map((_, landmark) => `${landmark.tagName} ${$(`#${$(landmark).attr('aria-labelledby')}`).text()}`)
      .get();
    expect(landmarks).toEqual([
      'section Why tradespeople choose us',
      'section Contact details',
      'form Request Your Free Strategy Call',
    ]);
  });

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
        .find('input[name="services_interested"]')
        .map((_, i) => $(i).attr('value'))
        .get(),
    ).toEqual(['Local SEO', 'Google Ads', 'AI Services', 'Website Design', 'Reputation Management']);
    for (const name of ['business_name', 'location'])
      expect(form.find(`input[name="${name}"]`).attr('required'), name).toBeUndefined();
    expect(form.find('textarea[name="message"]')).toHaveLength(1);
  });
});
