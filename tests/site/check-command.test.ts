/**
 * `sitegen check` as a command (what it prints, its exit code, its report as
 * JSON, what it refuses), every fast gate on the good build, and the html gate:
 * each html case reads its findings in the report of the command's one run on
 * the html gate's broken site, which the command's own case reads too (one run
 * of the W3C checker for both). The other gates are in check-links,
 * check-seo-structured-data, check-seo-sitemap and check-budgets; the browser
 * gates are in tests/browser.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGates } from '../../src/check/check-site';
import {
  brokenCopy,
  checkedHere,
  checkedWithReport,
  copyOfBuild,
  gateTimeout,
  refusedHere,
  removeCopies,
  type JsonReport,
} from '../support/check-gates';
import { runSitegen } from '../support/cli';
import { siteDir } from '../support/site';

afterAll(removeCopies);

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
      // Typed empty (a CI variable not set): said before the gates run, not as ENOENT after them.
      [
        ['--only', 'budgets', '--json', ''],
        'sitegen: --json: expected a file in a folder that exists and can be written, found ""\n',
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

  it('--since refuses an empty name, and a sitemap with no URL or one it cannot read, before the links are crawled', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sitegen-since-'));
    try {
      const sitemaps = {
        'empty.xml': '<urlset></urlset>',
        'slip.xml': '<urlset><url><loc>https://www.example.co.uk/</loc></url><url><loc>/about</loc></url></urlset>',
      };
      for (const [name, text] of Object.entries(sitemaps)) await writeFile(join(folder, name), text);
      const refused = (since: string) => refusedHere({ dir: siteDir(), only: 'links', since });
      const expected = `sitegen: --since: ${join(folder, 'empty.xml')}: expected <loc> elements of absolute URLs, found`;
      expect(await refused(join(folder, 'empty.xml'))).toEqual(['', `${expected} none\n`]);
      expect(await refused(join(folder, 'slip.xml'))).toEqual([
        '',
        `${expected.replace('empty.xml', 'slip.xml')} "/about"\n`,
      ]);
      // Typed empty (a CI variable not set): it would check nothing, and pass.
      expect(await refused('')).toEqual([
        '',
        'sitegen: --since: expected a sitemap.xml, its file or its URL, found ""\n',
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe.concurrent('on the good build', { timeout: gateTimeout }, () => {
  it.each(['links', 'html', 'seo', 'budgets'] as const)('%s passes', async (name) => {
    const result = (await checkedGoodBuild()).report.gates.find((each) => each.gate === name)!;
    expect(result.findings).toEqual([]);
    expect(result.passed).toBe(true);
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

  it("without Java fails, saying so with the fix, and still gives html-validate's findings and the next gate", async () => {
    const { stdout, code } = await runSitegen(['check', '--dir', await htmlBrokenSite(), '--only', 'html,budgets'], {
      env: { JAVA: '/no/such/java' },
    });
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        '  ✗ (this machine)  nu-html-checker',
        '      the Nu HTML Checker runs on Java, and `/no/such/java` is not installed: it did not run',
        '      fix: apt-get install -y default-jre-headless, or set JAVA to where Java is',
      ].join('\n'),
    );
    expect(stdout).toMatch(/^ {2}✗ \/about {2}wcag\/h37 /m);
    expect(stdout).toMatch(/^ {2}budgets +pass {2}/m);
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
