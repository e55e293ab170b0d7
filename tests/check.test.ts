/**
 * The fast gates of `sitegen check` (links, html, seo, budgets): each passes
 * on the good build and fails, naming the page, the rule and the element,
 * on a copy broken on purpose. The browser gates are in tests/browser.
 */
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../src/check/check-site';
import type { GateName } from '../src/check/types';
import { projectRoot, runSitegen } from './support/cli';
import { siteDir } from './support/site';

const copies: string[] = [];
afterAll(() => Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true }))));

async function copyOfBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-check-'));
  copies.push(dir);
  await cp(siteDir(), dir, { recursive: true });
  return dir;
}

/** A copy of the good build, with one file changed. */
async function brokenCopy(file: string, change: (text: string) => string): Promise<string> {
  const dir = await copyOfBuild();
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the change to ${file} changed nothing`);
  await writeFile(path, after);
  return dir;
}

async function gate(name: GateName, dir: string) {
  const [result] = await checkSite({ dir, only: [name] });
  return result!;
}

describe('on the good build', () => {
  it.each(['links', 'html', 'seo', 'budgets'] as const)('%s passes', async (name) => {
    const result = await gate(name, siteDir());
    expect(result.findings).toEqual([]);
    expect(result.passed).toBe(true);
  });
});

describe('links', () => {
  it('fails on a dead link, naming the page and the link', async () => {
    const dir = await brokenCopy('about.html', (html) =>
      html.replace('<h2 id="story-heading"', '<a href="/services/plumbers">plumbers</a><h2 id="story-heading"'),
    );
    const result = await gate('links', dir);
    expect(result.passed).toBe(false);
    expect(result.findings).toEqual([
      expect.objectContaining({ page: '/about', rule: 'broken-link', target: '/services/plumbers' }),
    ]);
  });

  it('fails on an anchor that is not on the target page', async () => {
    const dir = await brokenCopy('contact.html', (html) =>
      html.replace('href="/#testimonials"', 'href="/#testimonialz"'),
    );
    const result = await gate('links', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({ page: '/contact', rule: 'missing-anchor', target: '/#testimonialz' }),
    ]);
  });

  it('fails on an anchor missing from another page, and on one missing from the page itself, naming the page that links', async () => {
    const dir = await brokenCopy('contact.html', (html) =>
      html.replace('<main', '<a href="/about#nowhere">x</a><a href="#nor-here">y</a><main'),
    );
    const result = await gate('links', dir);
    expect(
      result.findings.map((finding) => `${finding.page} ${finding.rule} ${finding.target} ${finding.message}`),
    ).toEqual([
      '/contact missing-anchor /about#nowhere /about has no element with the id "nowhere"',
      '/contact missing-anchor #nor-here /contact has no element with the id "nor-here"',
    ]);
  });

  it('fails on a file a stylesheet refers to that is not in the build', async () => {
    const dir = await copyOfBuild();
    const sheet = (await readdir(join(dir, 'assets'))).find((file) => file.endsWith('.css'))!;
    await appendFile(join(dir, 'assets', sheet), 'body{background:url(/missing-bg.png)}');
    const result = await gate('links', dir);
    expect(result.findings).toEqual([expect.objectContaining({ rule: 'broken-link', target: '/missing-bg.png' })]);
  });

  it('fails on a missing stylesheet', async () => {
    const dir = await brokenCopy('careers.html', (html) =>
      html.replace(/\/assets\/styles-\w+\.css/, '/assets/styles-0000000000.css'),
    );
    const result = await gate('links', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({ page: '/careers', target: '/assets/styles-0000000000.css' }),
    ]);
  });
});

describe('html', () => {
  it('fails on an image without alt text, naming the page, rule and element', async () => {
    const dir = await brokenCopy('about.html', (html) => html.replace(/ alt="Portrait of Sarah[^"]*"/, ''));
    const result = await gate('html', dir);
    expect(result.passed).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ page: '/about', rule: 'wcag/h37', target: expect.stringContaining('img') }),
    );
  });

  it('fails on a skipped heading level, as the W3C Nu HTML Checker reads it', async () => {
    // The blog's featured article under the h1, as an h3: what the checker found before the featured title became an h2.
    const dir = await brokenCopy('blog.html', (html) =>
      html.replace(/<h2( class="mt-4 font-bold[^"]*")>([^<]+)<\/h2>/, '<h3$1>$2</h3>'),
    );
    const result = await gate('html', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({
        page: '/blog',
        rule: 'nu-html-checker',
        message:
          'The heading “h3” (with computed level 3) follows the heading “h1” (with computed level 1), skipping 1 heading level.',
        target: expect.stringMatching(/^line \d+: .*<h3 class="mt-4 font-bold/),
      }),
    ]);
  });
});

describe('seo', () => {
  it('fails on a duplicate title', async () => {
    const dir = await brokenCopy('careers.html', (html) =>
      html.replace(/<title>[^<]+<\/title>/, '<title>About Us | TradeBoost Digital</title>'),
    );
    const result = await gate('seo', dir);
    expect(result.findings).toEqual([
      expect.objectContaining({
        page: '/careers',
        rule: 'title-duplicate',
        message: expect.stringContaining('/about'),
      }),
    ]);
  });

  it('fails on JSON-LD that does not parse', async () => {
    const dir = await brokenCopy('index.html', (html) =>
      html.replace('{"@context":"https://schema.org",', '{"@context":"https://schema.org",,'),
    );
    const result = await gate('seo', dir);
    expect(result.findings).toEqual([expect.objectContaining({ page: '/', rule: 'json-ld-parse' })]);
  });

  // Each rule of the page's structured data and breadcrumbs, proven by a defect planted in one page of the good build.
  const graphDefects: [
    string,
    string,
    (html: string) => string,
    string,
    { rule: string; message?: string | RegExp }[],
  ][] = [
    [
      'a page without its graph',
      'about.html',
      (html) => html.replace(/<script type="application\/ld\+json">.*?<\/script>/, ''),
      '/about',
      [{ rule: 'json-ld-missing' }],
    ],
    [
      'two JSON-LD blocks',
      'about.html',
      (html) => html.replace(/<script type="application\/ld\+json">.*?<\/script>/, (script) => script + script),
      '/about',
      [{ rule: 'json-ld-count' }],
    ],
    [
      'JSON-LD that is not a graph',
      'about.html',
      (html) => html.replace('"@graph":', '"@nodes":'),
      '/about',
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

  it.each(graphDefects)('fails on %s', async (_, file, change, page, expected) => {
    const result = await gate('seo', await brokenCopy(file, change));
    expect(result.findings).toEqual(
      expected.map((finding) =>
        expect.objectContaining({
          page,
          ...finding,
          ...(finding.message instanceof RegExp && { message: expect.stringMatching(finding.message) }),
        }),
      ),
    );
  });

  it('fails where the built trail is not the trail of the route table made from the content', async () => {
    const content = await mkdtemp(join(tmpdir(), 'sitegen-check-content-'));
    copies.push(content);
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
    const dir = await brokenCopy('sitemap.xml', (xml) =>
      xml.replace(/\s*<url><loc>[^<]+\/services\/roofer<\/loc><\/url>/, ''),
    );
    await writeFile(
      join(dir, 'careers.html'),
      (await readFile(join(dir, 'careers.html'), 'utf8')).replace(
        /(rel="canonical" href="[^"]+)\/careers"/,
        '$1/jobs"',
      ),
    );
    const result = await gate('seo', dir);
    expect(result.findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
      '/careers canonical-mismatch',
      '/careers open-graph',
      '/careers sitemap-missing-page',
      '/services/roofer sitemap-missing-page',
    ]);
  });
});

describe('seo: the sitemap and what it lists', () => {
  it.each([
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
  ])('fails on a sitemap with %s', async (_, change, message) => {
    const result = await gate('seo', await brokenCopy('sitemap.xml', change));
    expect(result.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ page: '/sitemap.xml', rule: 'sitemap-invalid', message })]),
    );
  });

  it('fails on a page that asks not to be indexed yet is in the sitemap', async () => {
    const result = await gate(
      'seo',
      await brokenCopy('cookie-policy.html', (html) =>
        html.replace('<meta name="description"', '<meta name="robots" content="noindex"/><meta name="description"'),
      ),
    );
    expect(result.findings).toEqual([expect.objectContaining({ page: '/cookie-policy', rule: 'sitemap-noindex' })]);
  });

  it('fails on structured data that names a folder (no host serves one) and on a description of spaces', async () => {
    const dir = await brokenCopy('about.html', (html) =>
      html
        .replace(/("contentUrl":"https:\/\/[^/"]+)\/assets\/images\/logo-[0-9a-f]+-512\.png"/, '$1/assets"')
        .replace(/<meta name="description" content="[^"]*"/, '<meta name="description" content=" "'),
    );
    const result = await gate('seo', dir);
    expect(result.findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
      '/about description-missing',
      '/about json-ld-url',
    ]);
  });
});

describe('budgets', () => {
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
    const dir = await brokenCopy('about.html', (html) =>
      html.replace('</head>', '<script src="/assets/big.js" defer></script></head>'),
    );
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

  it('fails on a script the page does not use', async () => {
    const dir = await brokenCopy('about.html', (html) =>
      html.replace(
        /<script type="module" src="(\/assets\/)menus-(\w+)\.js"><\/script>/,
        (tag) => `${tag}${tag.replace('menus-', 'not-found-')}`,
      ),
    );
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

describe('sitegen check (command)', () => {
  it('exits 0 with one summary line per gate on the good build', async () => {
    const result = await runSitegen(['check', '--dir', siteDir(), '--only', 'links,html,seo,budgets']);
    expect(result.code).toBe(0);
    for (const name of ['links', 'html', 'seo', 'budgets'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} +pass  `, 'm'));
  });

  // Two runs of the W3C checker, a Java program: on a busy machine, well past the default time a test may take.
  it(
    'exits 1 and reports the page, rule, element and fix; --json gives the same as JSON',
    { timeout: 120_000 },
    async () => {
      const dir = await brokenCopy('about.html', (html) => html.replace(/ alt="Portrait of Sarah[^"]*"/, ''));
      const result = await runSitegen(['check', '--dir', dir, '--only', 'html,seo']);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^ {2}✗ \/about {2}wcag\/h37 {2}.*img/m);
      expect(result.stdout).toMatch(/^ {6}fix: /m);
      expect(result.stdout).toMatch(/^ {2}html +FAIL {2}\d+ problems? · /m);
      expect(result.stdout).toMatch(/^ {2}seo +pass {2}/m);
      const json = await runSitegen(['check', '--dir', dir, '--only', 'html', '--json']);
      const report = JSON.parse(json.stdout) as {
        passed: boolean;
        gates: { gate: string; findings: { page: string; rule: string }[] }[];
      };
      expect(report.passed).toBe(false);
      expect(report.gates[0]!.findings).toContainEqual(expect.objectContaining({ page: '/about', rule: 'wcag/h37' }));
    },
  );

  it('rejects an unknown gate', async () => {
    const result = await runSitegen(['check', '--dir', siteDir(), '--only', 'speed']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'sitegen: --only: expected gates from links, html, a11y, seo, budgets, lighthouse, found "speed"\n',
    );
  });
});
