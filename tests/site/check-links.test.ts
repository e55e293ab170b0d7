/**
 * The links gate of `sitegen check`: it fails, naming the page, the rule and
 * the link, on a copy of the good build broken on purpose. The gate runs once
 * on a copy holding the defects of many cases, one defect to a file (inRounds).
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gateTimeout, inRounds, removeCopies, type DefectCase } from '../support/check-gates';
import { runSitegen } from '../support/cli';
import { siteDir } from '../support/site';
import { removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeCopies);
afterAll(removeWorkspaces);

/** The build's stylesheet, as the links case that breaks one of its URLs names it. */
const stylesheet = () => readdirSync(join(siteDir(), 'assets')).find((file) => file.endsWith('.css'))!;

describe.concurrent('links', { timeout: gateTimeout }, () => {
  const linkCases: (DefectCase & { expected: unknown[] })[] = [
    {
      name: 'dead links, naming the page and each link, in the order of their addresses whatever the crawl found first',
      defects: [
        [
          'about.html',
          (html) =>
            html.replace(
              '<h2 id="story-heading"',
              '<a href="/services/plumbers">plumbers</a><a href="/services/astronauts">astronauts</a><h2 id="story-heading"',
            ),
        ],
      ],
      mine: (finding) => ['/services/plumbers', '/services/astronauts'].includes(finding.target!),
      expected: [
        expect.objectContaining({ page: '/about', rule: 'broken-link', target: '/services/astronauts' }),
        expect.objectContaining({ page: '/about', rule: 'broken-link', target: '/services/plumbers' }),
      ],
    },
    {
      name: 'a link to a page written with a trailing slash or .html, which some hosts answer with 404',
      defects: [
        [
          'careers.html',
          (html) =>
            html.replace('<main', '<a href="/blog/">b</a><a href="/about.html#story">a</a><a href="/">h</a><main'),
        ],
      ],
      mine: (finding) => ['/blog/', '/about.html#story', '/'].includes(finding.target!),
      expected: [
        {
          page: '/careers',
          rule: 'broken-link',
          target: '/blog/',
          message: 'links to /blog/, which GitHub Pages, S3 and nginx answer with their 404 page',
          fix: "write it /blog, the page's own URL",
        },
        expect.objectContaining({
          page: '/careers',
          target: '/about.html#story',
          fix: "write it /about, the page's own URL",
        }),
      ],
    },
    {
      name: 'an anchor that is not on the target page',
      defects: [['contact.html', (html) => html.replace('href="/#testimonials"', 'href="/#testimonialz"')]],
      mine: (finding) => finding.target === '/#testimonialz',
      expected: [expect.objectContaining({ page: '/contact', rule: 'missing-anchor', target: '/#testimonialz' })],
    },
    {
      name: 'an anchor missing from another page, and on one missing from the page itself, naming the page that links',
      defects: [
        [
          'case-studies.html',
          // And a note's id as marked-footnote writes "[^a b]", which browsers find as written: no finding.
          (html) =>
            html.replace(
              '<main',
              '<a href="/about#nowhere">x</a><a href="#nor-here">y</a><a href="#footnote-a%20b">z</a><p id="footnote-a%20b">n</p><main',
            ),
        ],
      ],
      mine: (finding) => ['/about#nowhere', '#nor-here', '#footnote-a%20b'].includes(finding.target!),
      expected: [
        expect.objectContaining({
          page: '/case-studies',
          rule: 'missing-anchor',
          target: '/about#nowhere',
          message: '/about has no element with the id "nowhere"',
        }),
        expect.objectContaining({
          page: '/case-studies',
          rule: 'missing-anchor',
          target: '#nor-here',
          message: '/case-studies has no element with the id "nor-here"',
        }),
      ],
    },
    {
      name: "an anchor missing from the page an old address redirects to, looked for there (the redirect's own #id, if it has one)",
      defects: [
        [
          'services/plumber.html',
          (html) =>
            html.replace(
              '<main',
              '<a href="/blog/category#nowhere">x</a><a href="/blog/category#recent-heading">y</a><a href="/services#nowhere">z</a><main',
            ),
        ],
      ],
      mine: (finding) => finding.target?.startsWith('/blog/category#') ?? false,
      expected: [
        {
          page: '/services/plumber',
          rule: 'missing-anchor',
          target: '/blog/category#nowhere',
          message: '/blog/category redirects to /blog, which has no element with the id "nowhere"',
          fix: 'point the link at an id the page has, or give the target that id',
        },
      ],
    },
    {
      name: 'a redirect to an #id its page does not have',
      defects: [['_redirects', (text) => `${text}/offer /#servicez 301\n`]],
      mine: (finding) => finding.page === '/offer',
      expected: [
        {
          page: '/offer',
          rule: 'broken-redirect',
          target: '/#servicez',
          message: 'leads to /, which has no element with the id "servicez"',
          fix: 'redirect to an id the page has, or give the target that id',
        },
        expect.objectContaining({ message: 'has no page at its old path for hosts that read no _redirects' }),
      ],
    },
    {
      name: 'a file a stylesheet refers to that is not in the build',
      defects: [[`assets/${stylesheet()}`, (css) => `${css}body{background:url(/missing-bg.png)}`]],
      mine: (finding) => finding.target === '/missing-bg.png',
      expected: [expect.objectContaining({ rule: 'broken-link', target: '/missing-bg.png' })],
    },
    {
      name: 'an image the page is shared with (og:image and twitter:image, one finding) that is not in the build',
      defects: [
        ['blog/local-seo-tips.html', (html) => html.replaceAll('/assets/cards/local-seo-tips-', '/assets/cards/lost-')],
      ],
      mine: (finding) => finding.target?.startsWith('/assets/cards/lost-') ?? false,
      expected: [
        expect.objectContaining({
          page: '/blog/local-seo-tips',
          rule: 'broken-link',
          target: expect.stringMatching(/^\/assets\/cards\/lost-[0-9a-f]{12}\.png$/),
        }),
      ],
    },
    {
      name: 'a missing stylesheet',
      // A page no other links case changes: the cases share one run of the gate.
      defects: [
        ['privacy-policy.html', (html) => html.replace(/\/assets\/styles-\w+\.css/, '/assets/styles-0000000000.css')],
      ],
      mine: (finding) => finding.target === '/assets/styles-0000000000.css',
      expected: [expect.objectContaining({ page: '/privacy-policy', target: '/assets/styles-0000000000.css' })],
    },
  ];
  const findingsOf = inRounds('links', linkCases);

  it.each(linkCases)('fails on $name', async (linkCase) => {
    expect(await findingsOf(linkCase)).toEqual(linkCase.expected);
  });
});

it(
  "names the content file and line of a link to an id its page lacks, written in an article's body",
  { timeout: gateTimeout },
  async () => {
    const site = await workspace();
    const article = 'blog/digital-marketing-roi.md';
    await site.edit(article, (text) => text.replace('](/blog/google-ads-guide)', '](/blog/google-ads-guide#nope)'));
    expect((await site.build()).stderr).toBe('');
    const text = await readFile(join(site.content, article), 'utf8');
    const line = text.split('\n').findIndex((each) => each.includes('](/blog/google-ads-guide#nope)')) + 1;
    const checked = await runSitegen(['check', '--only', 'links', '--dir', site.out, '--content', site.content]);
    expect(checked.stdout.split('\n').slice(0, 4)).toEqual([
      'links ✗',
      '  ✗ /blog/digital-marketing-roi  missing-anchor  /blog/google-ads-guide#nope',
      `      /blog/google-ads-guide has no element with the id "nope": the link is in ${join(site.content, article)}, line ${line}`,
      '      fix: point the link at an id the page has, or give the target that id',
    ]);
  },
);
