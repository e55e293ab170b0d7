/**
 * The structured-data builders (src/structured-data/) on what the real
 * content does not have yet: a salary, text that needs escaping. What the
 * built pages carry is in tests/site/metadata-structured-data.test.ts.
 */
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/content/model';
import { readSite } from '../../src/images/model-images';
import { planSite } from '../../src/plan/plan-site';
import { jobPosting } from '../../src/structured-data/job-posting';
import { pageGraph } from '../../src/structured-data/page-graph';
import { organization } from '../../src/structured-data/site-nodes';
import { createLayout } from '../../src/routes';
import { Footer } from '../../templates/layout/Footer';
import { projectRoot } from '../support/cli';

const siteUrl = 'https://www.example.co.uk';
const contentDir = join(projectRoot, 'content');
const { content, catalog } = await readSite({ contentDir, projectRoot });
const settings = { endpoint: { url: '/functions/v1', anonKey: '' } };
const { model: data } = planSite(
  { content, images: catalog.descriptors, settings },
  { today: '2026-01-01', drafts: false },
);
const webDeveloper = data.jobs.find((job) => job.id === 'web-developer')!;

describe('jobPosting', () => {
  it('states a salary as Google reads one, only where the job has one', () => {
    const job: Job = { ...webDeveloper, salary: { currency: 'GBP', min: 38000, max: 46000, per: 'YEAR' } };
    expect(
      jobPosting(job, { url: `${siteUrl}/careers`, requirementsLabel: 'What we look for' }, data.site, siteUrl)
        .baseSalary,
    ).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: { '@type': 'QuantitativeValue', minValue: 38000, maxValue: 46000, unitText: 'YEAR' },
    });
    expect(
      jobPosting(webDeveloper, { url: `${siteUrl}/careers`, requirementsLabel: 'What we look for' }, data.site, siteUrl)
        .baseSalary,
    ).toBeUndefined();
  });

  it('writes its description as HTML with the content escaped', () => {
    const job: Job = {
      ...webDeveloper,
      description: 'Build <fast> sites & pages',
      requirements: ['HTML & CSS', '<script> never'],
    };
    expect(
      jobPosting(job, { url: `${siteUrl}/careers`, requirementsLabel: 'Skills' }, data.site, siteUrl).description,
    ).toBe(
      '<p>Build &lt;fast&gt; sites &amp; pages</p><p>Skills:</p><ul><li>HTML &amp; CSS</li><li>&lt;script&gt; never</li></ul>',
    );
  });
});

describe('pageGraph', () => {
  it('describes no trail for a page whose trail is itself alone (the home page), and names one otherwise', () => {
    const home = pageGraph(
      data.site,
      siteUrl,
      { url: `${siteUrl}/`, name: 'Home', description: 'The home page', breadcrumbs: [{ label: 'Home', href: '/' }] },
      { type: 'WebPage' },
    );
    expect(home['@graph'].map((node) => (node as { '@type': string })['@type'])).toEqual([
      'ProfessionalService',
      'WebSite',
      'WebPage',
    ]);
    expect(home['@graph'][2]).not.toHaveProperty('breadcrumb');
    const about = pageGraph(
      data.site,
      siteUrl,
      {
        url: `${siteUrl}/about`,
        name: 'About',
        description: 'About us',
        breadcrumbs: [
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
        ],
      },
      { type: 'AboutPage', mainEntity: 'organization' },
    );
    expect(about['@graph'][2]).toMatchObject({
      breadcrumb: { '@id': `${siteUrl}/about#breadcrumb` },
      mainEntity: { '@id': `${siteUrl}/#organization` },
    });
    expect(about['@graph'][3]).toEqual({
      '@type': 'BreadcrumbList',
      '@id': `${siteUrl}/about#breadcrumb`,
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteUrl}/` },
        { '@type': 'ListItem', position: 2, name: 'About', item: `${siteUrl}/about` },
      ],
    });
  });
});

describe('a social network profile, once the content gives one', () => {
  const facebook = 'https://www.facebook.com/tradeboostdigital';
  const site = {
    ...data.site,
    social: data.site.social.map((s) => (s.network === 'facebook' ? { ...s, href: facebook } : s)),
  };

  it("is the organisation's sameAs, alone: an icon without a profile claims none", () => {
    expect(organization(data.site, siteUrl)).not.toHaveProperty('sameAs');
    expect(organization(site, siteUrl).sameAs).toEqual([facebook]);
  });

  it('is linked from its footer icon; the other icons are named images, with no target', () => {
    const $ = cheerio.load(renderToStaticMarkup(createElement(Footer, { layout: createLayout({ ...data, site }) })));
    expect(
      $('a[href^="https://"]')
        .map((_, a) => `${$(a).attr('href')} ${$(a).text()}`)
        .get(),
    ).toEqual([`${facebook} TradeBoost Digital on Facebook`]);
    expect(
      $('[role="img"]')
        .map((_, icon) => $(icon).attr('aria-label'))
        .get(),
    ).toEqual(['TradeBoost Digital on Instagram', 'TradeBoost Digital on X', 'TradeBoost Digital on YouTube']);
  });
});
