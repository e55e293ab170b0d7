/**
 * The seo gate of `sitegen check` on the structured data and the breadcrumbs:
 * JSON-LD that parses, one graph a page holding the page's own node, its
 * references, Google's required properties, and trails that are the route
 * table's. Each fails, naming the page, the rule and the message, on a copy of
 * the good build broken on purpose; the gate runs once on a copy holding the
 * defects of many cases, one defect to a file (inRounds).
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { gateTimeout, inRounds, removeCopies, removeLater, seoCase } from '../support/check-gates';
import { projectRoot } from '../support/cli';
import { siteDir } from '../support/site';

afterAll(removeCopies);

// Each rule of the page's structured data and breadcrumbs, proven by a defect planted in one page of the good build:
// pages spread so that few cases share one, each sharing a round of the gate's runs (inRounds) with as many as can.
const graphDefects: [
  string,
  string,
  (html: string) => string,
  string,
  { rule: string; message?: string | RegExp }[],
][] = [
  [
    'a page without its graph',
    'privacy-policy.html',
    (html) => html.replace(/<script type="application\/ld\+json">.*?<\/script>/, ''),
    '/privacy-policy',
    [{ rule: 'json-ld-missing' }],
  ],
  [
    'two JSON-LD blocks',
    'terms-of-service.html',
    (html) => html.replace(/<script type="application\/ld\+json">.*?<\/script>/, (script) => script + script),
    '/terms-of-service',
    [{ rule: 'json-ld-count' }],
  ],
  [
    'JSON-LD that is not a graph',
    'case-studies.html',
    (html) => html.replace('"@graph":', '"@nodes":'),
    '/case-studies',
    [{ rule: 'json-ld-graph' }],
  ],
  [
    "a graph without the page's own node",
    'contact.html',
    (html) => html.replace(/("@type":"ContactPage","@id":"[^"]+\/contact)"/, '$1-us"'),
    '/contact',
    [
      { rule: 'json-ld-page-node', message: /no WebPage node whose @id is the page's URL, https:\/\/\S+\/contact$/ },
      { rule: 'json-ld-url', message: /names https:\/\/\S+\/contact-us, which the site does not serve$/ },
      {
        rule: 'breadcrumbs',
        message:
          /^the BreadcrumbList the page's node names is none; the route table's trail is Home \(\/\) › Contact \(\/contact\)$/,
      },
    ],
  ],
  [
    'a broken @id reference',
    'blog/google-ads-guide.html',
    (html) => html.replace(/("@type":"BlogPosting".*?"isPartOf":\{"@id":"[^"]+#)website"/, '$1site"'),
    '/blog/google-ads-guide',
    [
      {
        rule: 'json-ld-reference',
        message:
          /^BlogPosting https:\/\/\S+\/blog\/google-ads-guide#article points at https:\/\/\S+\/#site, which is no node of the page's graph$/,
      },
    ],
  ],
  [
    'a node linked to nothing',
    'careers.html',
    (html) =>
      html.replace('"@graph":[', '"@graph":[{"@type":"Thing","@id":"https://example.org/stray","name":"Stray"},'),
    '/careers',
    [{ rule: 'json-ld-disconnected', message: "Thing https://example.org/stray is not linked to the page's node" }],
  ],
  [
    'an article without the date Google requires',
    'blog/google-ads-guide.html',
    (html) => html.replace(/"datePublished":"[^"]+",/, ''),
    '/blog/google-ads-guide',
    [{ rule: 'json-ld-fields', message: 'BlogPosting: required property "datePublished" is missing' }],
  ],
  [
    "a job posting without the date Google requires (Adobe's validator)",
    'careers.html',
    (html) => html.replace('"datePosted":"2026-11-16",', ''),
    '/careers',
    [{ rule: 'json-ld-fields', message: 'JobPosting: Required attribute "datePosted" is missing' }],
  ],
  [
    'a logo the site does not serve',
    'contact.html',
    (html) => html.replaceAll(/(\/assets\/images\/logo-[0-9a-f]+)-512\.png"/g, '$1-old.png"'),
    '/contact',
    [
      {
        rule: 'json-ld-url',
        message: /names https:\/\/\S+\/logo-[0-9a-f]+-old\.png, which the site does not serve$/,
      },
    ],
  ],
  [
    "a visible trail that is not the route table's",
    'about.html',
    (html) => html.replace(/(aria-current="page"[^>]*>)About Us</, '$1About<'),
    '/about',
    [
      {
        rule: 'breadcrumbs',
        message: "the visible trail is Home (/) › About (/about); the route table's is Home (/) › About Us (/about)",
      },
    ],
  ],
  [
    'a visible trail without the current page marked',
    'about.html',
    // The breadcrumb's mark, not the header's link to the page.
    (html) => html.replace(/(<nav aria-label="Breadcrumb"[^]*?) aria-current="page"/, '$1'),
    '/about',
    [
      {
        rule: 'breadcrumbs',
        message: 'the visible trail does not mark the page itself, its last step, with aria-current="page"',
      },
    ],
  ],
  [
    "a described trail that is not the route table's",
    'blog/google-ads-guide.html',
    (html) => html.replace('"position":2,"name":"Blog"', '"position":2,"name":"Articles"'),
    '/blog/google-ads-guide',
    [
      {
        rule: 'breadcrumbs',
        message:
          /^the BreadcrumbList the page's node names is Home \(\/\) › Articles \(\/blog\) › .*; the route table's trail is Home \(\/\) › Blog \(\/blog\) › /,
      },
    ],
  ],
];

const graphCases = graphDefects.map(([name, file, change, page, expected]) =>
  seoCase(name, [[file, change]], [page], (findings) =>
    expect(findings).toEqual(
      expected.map((finding) =>
        expect.objectContaining({
          page,
          ...finding,
          ...(finding.message instanceof RegExp && { message: expect.stringMatching(finding.message) }),
        }),
      ),
    ),
  ),
);

const seoCases = {
  unparsed: seoCase(
    'JSON-LD that does not parse',
    [['index.html', (html) => html.replace('{"@context":"https://schema.org",', '{"@context":"https://schema.org",,')]],
    ['/'],
    (findings) => expect(findings).toEqual([expect.objectContaining({ page: '/', rule: 'json-ld-parse' })]),
  ),
};

const seoFindingsOf = inRounds('seo', [...Object.values(seoCases), ...graphCases]);

describe.concurrent('seo', { timeout: gateTimeout }, () => {
  it('fails on JSON-LD that does not parse', async () => {
    seoCases.unparsed.expect(await seoFindingsOf(seoCases.unparsed));
  });

  it.each(graphCases)('fails on $name', async (graphCase) => {
    graphCase.expect(await seoFindingsOf(graphCase));
  });

  it('fails where the built trail is not the trail of the route table made from the content', async () => {
    const content = await mkdtemp(join(tmpdir(), 'sitegen-check-content-'));
    removeLater(content);
    await cp(join(projectRoot, 'content'), content, { recursive: true });
    const about = join(content, 'pages', 'about.json');
    await writeFile(
      about,
      (await readFile(about, 'utf8')).replace('"breadcrumb": "About Us"', '"breadcrumb": "Who We Are"'),
    );
    const [result] = await checkSite({ dir: siteDir(), content, only: ['seo'] });
    expect(result!.findings.map((finding) => `${finding.page} ${finding.rule} ${finding.message}`)).toEqual([
      "/about breadcrumbs the visible trail is Home (/) › About Us (/about); the route table's is Home (/) › Who We Are (/about)",
      "/about breadcrumbs the BreadcrumbList the page's node names is Home (/) › About Us (/about); the route table's trail is Home (/) › Who We Are (/about)",
    ]);
    // Most often the content was edited after the build: the fix says so before it names the templates.
    expect(result!.findings[0]!.fix).toMatch(
      /^if content\/ changed since the site was built, build it again \(sitegen build\); if not, render the trail/,
    );
  });
});
