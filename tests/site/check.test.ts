/**
 * The fast gates of `sitegen check` (links, html, seo, budgets): each passes
 * on the good build and fails, naming the page, the rule and the element,
 * on a copy broken on purpose. A gate runs once on a copy holding the defects
 * of many cases, one defect to a file (inRounds). The browser gates are in
 * tests/browser.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite, parseGates } from '../../src/check/check-site';
import type { Finding } from '../../src/check/types';
import {
  brokenCopy,
  checkedHere,
  checkedWithReport,
  copyOfBuild,
  gate,
  inRounds,
  onPages,
  refusedHere,
  removeCopies,
  removeLater,
  type Defect,
  type DefectCase,
  type JsonReport,
} from '../support/check-gates';
import { projectRoot, runSitegen } from '../support/cli';
import { siteDir } from '../support/site';

afterAll(removeCopies);

/**
 * The cases of this file run at once: the W3C checker (Java) and the
 * command's own processes use the second core while this process checks.
 * A case waits on the gate run it shares with others, on a busy machine
 * well past the default time a test may take.
 */
const gateTimeout = 300_000;

/**
 * The html gate's broken site, small: the home page, the about page with an
 * image without alt text, and the blog's page with a heading level skipped.
 * The html gate fails on it, through the command, whose --json run gives the
 * html cases their findings; the budgets gate passes. The good build's other
 * pages pass the html gate in the good build's own case.
 */
let htmlSite: Promise<string> | undefined;
function htmlBrokenSite(): Promise<string> {
  htmlSite ??= brokenCopy(
    ['about.html', (html) => html.replace(/ alt="Portrait of Sarah[^"]*"/, '')],
    // The blog's featured article under the h1, as an h3: what the checker found before the featured title became an h2.
    ['blog.html', (html) => html.replace(/<h2( class="mt-4 font-bold[^"]*")>([^<]+)<\/h2>/, '<h3$1>$2</h3>')],
  ).then(async (dir) => {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const file = join(entry.parentPath, entry.name).slice(dir.length + 1);
      if (entry.isFile() && file.endsWith('.html') && !['index.html', 'about.html', 'blog.html'].includes(file))
        await rm(join(entry.parentPath, entry.name));
    }
    return dir;
  });
  return htmlSite;
}

/** Every fast gate on the good build: the cases on the good build read each gate's result from its report. */
let goodBuild: ReturnType<typeof checkedWithReport> | undefined;
const checkedGoodBuild = () => (goodBuild ??= checkedWithReport(siteDir(), 'links,html,seo,budgets'));

/**
 * The html and budgets gates on the html gate's broken site, in one run of the
 * W3C checker: what the command prints, and in its report the findings of the
 * html cases below.
 */
let htmlBroken: ReturnType<typeof checkedWithReport> | undefined;
const checkedHtmlSite = () => (htmlBroken ??= htmlBrokenSite().then((dir) => checkedWithReport(dir, 'html,budgets')));

describe.concurrent('sitegen check (command)', { timeout: gateTimeout }, () => {
  it('exits 0 with one summary line per gate on the good build', async () => {
    const { result } = await checkedGoodBuild();
    expect(result.code).toBe(0);
    for (const name of ['links', 'html', 'seo', 'budgets'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} +pass  `, 'm'));
  });

  it('exits 1 and reports the page, rule, element and fix; the same in its report as JSON', async () => {
    const { result, report } = await checkedHtmlSite();
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}✗ \/about {2}wcag\/h37 {2}.*img/m);
    expect(result.stdout).toMatch(/^ {6}fix: /m);
    expect(result.stdout).toMatch(/^ {2}html +FAIL {2}\d+ problems? · /m);
    expect(result.stdout).toMatch(/^ {2}budgets +pass {2}/m);
    expect(report.passed).toBe(false);
    const html = report.gates.find((each) => each.gate === 'html')!;
    expect(html.findings).toContainEqual(expect.objectContaining({ page: '/about', rule: 'wcag/h37' }));
    // Each finding the command printed, and no other.
    expect(result.stdout.match(/^ {2}✗ /gm)).toHaveLength(html.findings.length);
  });

  it('lists a problem of every page (a typo in the header) once, with how many pages it is on', async () => {
    const dir = await copyOfBuild();
    for (const file of await readdir(dir, { recursive: true }))
      if (file.endsWith('.html')) {
        const html = await readFile(join(dir, file), 'utf8');
        await writeFile(join(dir, file), html.replaceAll('href="/#testimonials"', 'href="/#testimonialz"'));
      }
    // In this process: what the command prints of a gate is the same in a process of its own (the cases above).
    const { printed, report } = await checkedHere(dir, 'links');
    const typos = report.gates[0]!.findings.filter((finding) => finding.target === '/#testimonialz');
    expect(typos.length).toBeGreaterThan(40);
    expect(printed.match(/^ {2}✗ .*$/gm)).toEqual([
      `  ✗ ${typos[0]!.page} and ${typos.length - 1} more pages  missing-anchor  /#testimonialz`,
    ]);
  });

  it('--json alone gives the report as JSON on standard output, and nothing else', async () => {
    const json = await runSitegen(['check', '--dir', siteDir(), '--only', 'budgets', '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as JsonReport;
    expect(report.passed).toBe(true);
    expect(report.gates.map(({ gate, passed }) => ({ gate, passed }))).toEqual([{ gate: 'budgets', passed: true }]);
  });

  it('rejects an unknown gate, an empty list of gates, and a report it could not write, before any gate runs', async () => {
    const refusals = [
      [
        ['--only', 'speed'],
        'sitegen: --only: expected gates from links, html, a11y, seo, budgets, lighthouse, found "speed"\n',
      ],
      [
        ['--only', ' '],
        'sitegen: --only: expected gates from links, html, a11y, seo, budgets, lighthouse, found none\n',
      ],
      [
        ['--only', 'budgets', '--json', '/no-such-folder/report.json'],
        'sitegen: --json: expected a file in a folder that exists and can be written, found "/no-such-folder/report.json"\n',
      ],
      // A folder, said before the gates run rather than as EISDIR after them.
      [
        ['--only', 'budgets', '--json', tmpdir()],
        `sitegen: --json: expected a file in a folder that exists and can be written, found "${tmpdir()}"\n`,
      ],
    ] as const;
    // The first by the executable: exit 1, nothing on standard output, the message on standard error.
    const [[args, stderr], ...others] = refusals;
    const result = await runSitegen(['check', '--dir', siteDir(), ...args]);
    expect([result.code, result.stdout, result.stderr]).toEqual([1, '', stderr]);
    // The others by the command's code in this process: a SitegenError, which the executable prints so, nothing printed.
    for (const [[, only, , json], stderr] of others)
      expect(await refusedHere({ dir: siteDir(), only, ...(json !== undefined && { json }) })).toEqual(['', stderr]);
    // A gate named twice runs once.
    expect(parseGates('budgets, links,budgets')).toEqual(['budgets', 'links']);
  });
});

describe.concurrent('on the good build', { timeout: gateTimeout }, () => {
  it.each(['links', 'html', 'seo', 'budgets'] as const)('%s passes', async (name) => {
    const result = (await checkedGoodBuild()).report.gates.find((each) => each.gate === name)!;
    expect(result.findings).toEqual([]);
    expect(result.passed).toBe(true);
  });
});

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
          (html) => html.replace('<main', '<a href="/about#nowhere">x</a><a href="#nor-here">y</a><main'),
        ],
      ],
      mine: (finding) => ['/about#nowhere', '#nor-here'].includes(finding.target!),
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

describe.concurrent('html', { timeout: gateTimeout }, () => {
  const findingsOn = async (page: string) => {
    const { findings, passed } = (await checkedHtmlSite()).report.gates.find((each) => each.gate === 'html')!;
    expect(passed).toBe(false);
    expect(findings.filter((finding) => !['/about', '/blog'].includes(finding.page))).toEqual([]);
    return findings.filter((finding) => finding.page === page);
  };

  it('fails on an image without alt text, naming the page, rule and element', async () => {
    expect(await findingsOn('/about')).toContainEqual(
      expect.objectContaining({ page: '/about', rule: 'wcag/h37', target: expect.stringContaining('img') }),
    );
  });

  it('fails on a skipped heading level, as the W3C Nu HTML Checker reads it', async () => {
    expect(await findingsOn('/blog')).toEqual([
      expect.objectContaining({
        page: '/blog',
        rule: 'nu-html-checker',
        message:
          'The heading “h3” (with computed level 3) follows the heading “h1” (with computed level 1), skipping 1 heading level.',
        target: expect.stringMatching(/^line \d+: .*<h3 class="mt-4 font-bold/),
        fix: 'correct the element the message names, as the HTML standard (html.spec.whatwg.org) describes it',
      }),
    ]);
  });
});

/** The seo cases, each a defect and what the gate must find: the gate runs once for each round of them (inRounds). */
interface SeoCase extends DefectCase {
  expect: (findings: Finding[]) => void;
}

const seoCase = (name: string, defects: Defect[], pages: string[], expectation: SeoCase['expect']): SeoCase => ({
  name,
  defects,
  mine: onPages(...pages),
  expect: expectation,
});

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
    (html) => html.replace(' aria-current="page"', ''),
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
  duplicateTitle: seoCase(
    'a duplicate title',
    [['careers.html', (html) => html.replace(/<title>[^<]+<\/title>/, '<title>About Us | TradeBoost Digital</title>')]],
    ['/careers'],
    (findings) =>
      expect(findings).toEqual([
        expect.objectContaining({
          page: '/careers',
          rule: 'title-duplicate',
          message: expect.stringContaining('/about'),
        }),
      ]),
  ),
  unparsed: seoCase(
    'JSON-LD that does not parse',
    [['index.html', (html) => html.replace('{"@context":"https://schema.org",', '{"@context":"https://schema.org",,')]],
    ['/'],
    (findings) => expect(findings).toEqual([expect.objectContaining({ page: '/', rule: 'json-ld-parse' })]),
  ),
  canonical: seoCase(
    'a canonical URL that is not the page, and a page missing from the sitemap',
    [
      ['sitemap.xml', (xml) => xml.replace(/\s*<url><loc>[^<]+\/services\/roofer<\/loc><\/url>/, '')],
      ['careers.html', (html) => html.replace(/(rel="canonical" href="[^"]+)\/careers"/, '$1/jobs"')],
    ],
    ['/careers', '/services/roofer'],
    (findings) =>
      expect(findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/careers canonical-mismatch',
        '/careers open-graph',
        '/careers sitemap-missing-page',
        '/services/roofer sitemap-missing-page',
      ]),
  ),
  noindex: seoCase(
    'a page that asks not to be indexed yet is in the sitemap',
    [
      [
        'cookie-policy.html',
        (html) =>
          html.replace('<meta name="description"', '<meta name="robots" content="noindex"/><meta name="description"'),
      ],
    ],
    ['/cookie-policy'],
    (findings) =>
      expect(findings).toEqual([expect.objectContaining({ page: '/cookie-policy', rule: 'sitemap-noindex' })]),
  ),
  folder: seoCase(
    'structured data that names a folder (no host serves one) and on a description of spaces',
    [
      [
        'blog.html',
        (html) =>
          html
            .replace(/("contentUrl":"https:\/\/[^/"]+)\/assets\/images\/logo-[0-9a-f]+-512\.png"/, '$1/assets"')
            .replace(/<meta name="description" content="[^"]*"/, '<meta name="description" content=" "'),
      ],
    ],
    ['/blog'],
    (findings) =>
      expect(findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/blog description-missing',
        '/blog json-ld-url',
      ]),
  ),
};

const sitemapCases = (
  [
    [
      'another namespace',
      (xml: string) => xml.replace('http://www.sitemaps.org/schemas/sitemap/0.9', 'http://example.com/not-sitemaps'),
      'its namespace is http://example.com/not-sitemaps, not http://www.sitemaps.org/schemas/sitemap/0.9',
    ],
    ['no closing tag', (xml: string) => xml.replace('</urlset>', ''), 'it does not end with </urlset>'],
    [
      'an entry that is no <url>',
      (xml: string) => xml.replace(/<url>(<loc>[^<]+\/about<\/loc>)<\/url>/, '<link>$1</link>'),
      'it holds a <link> where only <url> elements belong',
    ],
  ] as const
).map(([name, change, message]) =>
  seoCase(`a sitemap with ${name}`, [['sitemap.xml', change]], ['/sitemap.xml'], (findings) =>
    expect(findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ page: '/sitemap.xml', rule: 'sitemap-invalid', message })]),
    ),
  ),
);

const seoFindingsOf = inRounds('seo', [...Object.values(seoCases), ...graphCases, ...sitemapCases]);

describe.concurrent('seo', { timeout: gateTimeout }, () => {
  it('fails on a duplicate title', async () => {
    seoCases.duplicateTitle.expect(await seoFindingsOf(seoCases.duplicateTitle));
  });

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
  });

  it('fails on a canonical URL that is not the page, and a page missing from the sitemap', async () => {
    seoCases.canonical.expect(await seoFindingsOf(seoCases.canonical));
  });
});

describe.concurrent('seo: the sitemap and what it lists', { timeout: gateTimeout }, () => {
  it.each(sitemapCases)('fails on $name', async (sitemapCase) => {
    sitemapCase.expect(await seoFindingsOf(sitemapCase));
  });

  it('fails on a page that asks not to be indexed yet is in the sitemap', async () => {
    seoCases.noindex.expect(await seoFindingsOf(seoCases.noindex));
  });

  it('fails on structured data that names a folder (no host serves one) and on a description of spaces', async () => {
    seoCases.folder.expect(await seoFindingsOf(seoCases.folder));
  });
});

describe.concurrent('budgets', { timeout: gateTimeout }, () => {
  it('fails on an oversized script, on every page that loads it', async () => {
    const dir = await copyOfBuild();
    const menus = (await readdir(join(dir, 'assets'))).find((file) => file.startsWith('menus-'))!;
    // Random bytes do not compress: 12 KB of them, as base64, stay about 12 KB gzipped.
    const noise = randomBytes(12 * 1024).toString('base64');
    await appendFile(join(dir, 'assets', menus), `\nconsole.log("${noise}");\n`);
    const result = await gate('budgets', dir);
    const oversized = result.findings.filter((finding) => finding.rule === 'js-size');
    expect(oversized).toHaveLength(54);
    expect(oversized.find((finding) => finding.page === '/about')?.message).toMatch(
      /^JavaScript at load is \d+\.\d KB gzipped, over 7\.0 KB for a page without a form$/,
    );
  });

  it('counts and flags a script loaded another way, and names a chunk the scripts import that is not in the build', async () => {
    const dir = await brokenCopy([
      'about.html',
      (html) => html.replace('</head>', '<script src="/assets/big.js" defer></script></head>'),
    ]);
    await writeFile(join(dir, 'assets', 'big.js'), `console.log("${randomBytes(12 * 1024).toString('base64')}");\n`);
    const chunk = (await readdir(join(dir, 'assets'))).find((file) => file.startsWith('chunk-'))!;
    await rm(join(dir, 'assets', chunk));
    const result = await gate('budgets', dir);
    const about = result.findings.filter((finding) => finding.page === '/about');
    expect(about.find((finding) => finding.rule === 'js-size')?.message).toMatch(
      /^JavaScript at load is \d+\.\d KB gzipped, over 7\.0 KB for a page without a form$/,
    );
    expect(about).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'unused-script', target: '/assets/big.js' })]),
    );
    expect(
      result.findings.some((finding) => finding.rule === 'asset-missing' && finding.target === `/assets/${chunk}`),
    ).toBe(true);
  });

  it("passes a long article, its Markdown body aside, and fails the templates' markup grown on an article page", async () => {
    // Words that barely compress: as much, gzipped, as a pillar article of 10,000 words and more.
    const words = (bytes: number) => randomBytes(bytes).toString('base64').replace(/.{8}/g, '$& ');
    const dir = await brokenCopy(
      ['blog/local-seo-tips.html', (html) => html.replace('<div class="prose mt-10">', `$&<p>${words(24 * 1024)}</p>`)],
      ['blog/google-ads-guide.html', (html) => html.replace('</footer>', `<p>${words(12 * 1024)}</p>$&`)],
    );
    const result = await gate('budgets', dir);
    expect(result.findings).toEqual([
      {
        page: '/blog/google-ads-guide',
        rule: 'html-size',
        message: expect.stringMatching(/^HTML, its Markdown body aside, is \d+\.\d KB gzipped, over 14\.0 KB$/),
        fix: "shorten the templates' markup",
        target: 'blog/google-ads-guide.html',
      },
    ]);
  });

  it('fails on a script the page does not use', async () => {
    const dir = await brokenCopy([
      'about.html',
      (html) =>
        html.replace(
          /<script type="module" src="(\/assets\/)menus-(\w+)\.js"><\/script>/,
          (tag) => `${tag}${tag.replace('menus-', 'not-found-')}`,
        ),
    ]);
    const notFound = (await readdir(join(dir, 'assets'))).find((file) => file.startsWith('not-found-'))!;
    await writeFile(
      join(dir, 'about.html'),
      (await readFile(join(dir, 'about.html'), 'utf8')).replace(/\/assets\/not-found-\w+\.js/, `/assets/${notFound}`),
    );
    const result = await gate('budgets', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({ page: '/about', rule: 'unused-script', target: `/assets/${notFound}` }),
    ]);
  });
});
