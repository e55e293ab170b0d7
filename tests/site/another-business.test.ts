/**
 * The generator started again for another business, changing only what the README says to change: site.json's
 * facts, the brand's colours and logo, the trades (and the content that named the trades it no longer has, or that
 * promised a free call, which its number is not). What the site says of the business where no page's own words speak
 * (the legal pages' company, the footer, the feeds, the files beside the pages, the structured data) must then be the
 * new business's, and `sitegen check` must measure pages that the new site has.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lighthousePages } from '../../src/check/gates/lighthouse';
import { copyProject, type ProjectCopy } from '../support/project-copy';

const hollins = {
  name: 'Hollins & Daughter Roofing',
  legalName: 'Hollins & Daughter Roofing Ltd',
  // As a browser's address bar shows it: the site's own address is https://www.hollinsroofing.example.
  url: 'https://www.HollinsRoofing.example/',
  logo: { src: 'images/logo.png', alt: 'Hollins & Daughter Roofing' },
  tagline: 'Roofing for Leeds homes',
  blurb: 'Slate, tile and flat roofs across West Yorkshire, fitted and repaired by a family firm.',
  // Typed as a run of digits: the pages show it in its groups.
  phone: '01134960000',
  email: 'hello@hollinsroofing.example',
  address: {
    street: '7 Kirkgate',
    locality: 'Leeds',
    region: 'West Yorkshire',
    postcode: 'LS2 7DJ',
    country: 'GB',
    countryName: 'UK',
  },
  geo: { latitude: 53.7966, longitude: -1.5395 },
};
/** What the agency's own facts are, as any page or file would write them. */
const oldFacts = [/TradeBoost/i, /0808 ?157 ?0192/, /448081570192/, /hello@example\.com/, /Friar Gate/, /DE1 1DA/];
const keptTrades = ['roofer', 'builder'];

async function editJson(file: string, change: (data: Record<string, unknown>) => void): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(data);
  await writeFile(file, JSON.stringify(data, null, 2));
}

/** The agency's site made Hollins's, as the README tells a developer to. */
async function becomeHollins(dir: string): Promise<void> {
  const content = join(dir, 'content');
  await editJson(join(content, 'site.json'), (site) => Object.assign(site, hollins));
  await editJson(join(dir, 'templates', 'lib', 'brand.json'), (brand) => Object.assign(brand, { brand: '#15803d' }));
  const green = { r: 21, g: 128, b: 61, alpha: 1 };
  // As small as a logo may be (180 pixels a side): no page draws it wider, its icons included.
  await sharp({ create: { width: 180, height: 180, channels: 4, background: green } })
    .png()
    .toFile(join(content, 'images', 'logo.png'));
  const trades = (await readdir(join(content, 'trades'))).map((file) => file.replace(/\.json$/, ''));
  const gone = trades.filter((slug) => !keptTrades.includes(slug));
  await Promise.all(gone.map((slug) => rm(join(content, 'trades', `${slug}.json`))));
  // The case studies and articles that named a trade the site no longer has name the roofers instead.
  const files = (await readdir(content, { recursive: true })).filter((file) => /\.(json|md)$/.test(file));
  for (const file of files) {
    const text = await readFile(join(content, file), 'utf8');
    const moved = gone
      .reduce(
        (changed, slug) =>
          changed
            .replaceAll(new RegExp(`/services/${slug}\\b`, 'g'), '/services/roofer')
            .replaceAll(`"trade": "${slug}"`, '"trade": "roofer"'),
        text,
      )
      // Their number is not freephone: what promised a free call says "call" alone.
      .replace(/\bon freephone /g, 'on ')
      .replace(/\bFreephone\b/g, 'Phone')
      .replace(/\b(call(?: us)?) free\b/gi, '$1');
    if (moved !== text) await writeFile(join(content, file), moved);
  }
}

describe('another business built from the same generator', { timeout: 120_000 }, () => {
  let project: ProjectCopy;
  const out = (file: string) => readFile(join(project.dir, 'out', file), 'utf8');

  beforeAll(async () => {
    project = await copyProject();
    await becomeHollins(project.dir);
    expect((await project.buildHere({ out: 'out' })).stderr).toBe('');
  });
  afterAll(() => project?.remove());

  it("names the new company in the legal pages, the footer and the feeds' titles", async () => {
    for (const page of ['privacy-policy', 'terms-of-service', 'cookie-policy']) {
      const $ = cheerio.load(await out(`${page}.html`));
      const text = `${$('main').text()} ${$('head').html()}`;
      for (const fact of oldFacts.slice(1)) expect(text).not.toMatch(fact);
      // The cookie policy names the keys this browser stores, which keep their names.
      expect(text.replaceAll(/tradeboost-(consent|attribution|unsent)/g, '')).not.toMatch(oldFacts[0]!);
    }
    const privacy = cheerio.load(await out('privacy-policy.html'));
    expect(privacy('main').text()).toContain('Hollins & Daughter Roofing Ltd ("we", "us", "our")');
    expect(privacy('main').text()).toContain('Post: Hollins & Daughter Roofing Ltd, 7 Kirkgate, Leeds');
    expect(privacy('main').text()).toContain('Phone: 0113\u00a0496\u00a00000');
    const home = cheerio.load(await out('index.html'));
    // Its groups kept on one line by no-break spaces.
    expect(home('footer a[href="tel:+441134960000"]').text().trim()).toBe('0113\u00a0496\u00a00000');
    for (const file of ['index.html', 'about.html', 'blog.html', 'services/roofer.html']) {
      const $ = cheerio.load(await out(file));
      expect($('footer p.text-slate-400').text()).toBe(
        '© Hollins & Daughter Roofing Ltd. Registered in England and Wales. All rights reserved.',
      );
      const feedTitles = $('link[rel="alternate"]')
        .map((_, link) => $(link).attr('title'))
        .get();
      expect(feedTitles).toEqual([
        'Hollins & Daughter Roofing: Marketing Tips for Tradesmen (RSS)',
        'Hollins & Daughter Roofing: Marketing Tips for Tradesmen (Atom)',
        'Hollins & Daughter Roofing: Marketing Tips for Tradesmen (JSON Feed)',
      ]);
    }
    expect(await out('blog/rss.xml')).toContain(
      '<title>Hollins &amp; Daughter Roofing: Marketing Tips for Tradesmen</title>',
    );
    const json = JSON.parse(await out('blog/feed.json')) as { title: string };
    expect(json.title).toBe('Hollins & Daughter Roofing: Marketing Tips for Tradesmen');
  });

  it('leaves none of the agency in the files beside the pages or in its structured data', async () => {
    for (const file of ['robots.txt', 'sitemap.xml', '_headers', '_redirects'])
      for (const fact of [...oldFacts, /tradeboostdigital/]) expect(await out(file)).not.toMatch(fact);
    expect(await out('sitemap.xml')).toContain('<loc>https://www.hollinsroofing.example/</loc>');
    expect(await out('robots.txt')).toContain('Sitemap: https://www.hollinsroofing.example/sitemap.xml');
    const $ = cheerio.load(await out('index.html'));
    const organization = JSON.stringify(JSON.parse($('script[type="application/ld+json"]').text())['@graph'][0]);
    for (const fact of [...oldFacts, /Derby/]) expect(organization).not.toMatch(fact);
    expect(organization).toContain('"legalName":"Hollins & Daughter Roofing Ltd"');
  });

  it("has sitegen check's Lighthouse gate measure one page of each template this site has", async () => {
    const files = (await readdir(join(project.dir, 'out'), { recursive: true })).filter((f) => f.endsWith('.html'));
    const built = files.map((file) => ({
      path: `/${file.replace(/\.html$/, '').replace(/^index$/, '')}`,
      file,
      html: '',
    }));
    const pages = await lighthousePages({ root: project.dir, contentDir: 'content', pages: built });
    expect(pages.map((page) => page.template).sort()).toEqual([
      'About',
      'Article',
      'Blog',
      'Careers',
      'CaseStudies',
      'Contact',
      'Home',
      'Legal',
      'ServicePage',
      'TradePage',
    ]);
    for (const { path } of pages) expect(built.map((page) => page.path)).toContain(path);
    expect(pages).toContainEqual({ template: 'TradePage', path: '/services/builder' });
  });
});
