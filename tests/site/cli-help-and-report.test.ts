/**
 * The `sitegen` command as a user meets it: help, version, and a build's
 * report (a line per stage, a row per page, the totals, as JSON with
 * --json, its lines for a reader then on stderr).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localLeads, projectRoot, runSitegen } from '../support/cli';
import { copyProject } from '../support/project-copy';
import { inScratchFolder } from '../support/scratch-folder';

const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };

describe('sitegen', () => {
  it('--help lists the build command and its options', async () => {
    const result = await runSitegen(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: sitegen');
    expect(result.stdout).toMatch(/build \[options\]/);
    const build = await runSitegen(['build', '--help']);
    for (const option of ['--out <dir>', '--site-url <url>', '--content <dir>', '--quiet'])
      expect(build.stdout).toContain(option);
  });

  it("--version prints the package version and its compiled code's hash, which tells two commits of a checkout apart", async () => {
    const result = await runSitegen(['--version']);
    const code = readFileSync(join(projectRoot, 'lib', 'generator.sha256'), 'utf8').slice(0, 12);
    expect(result.stdout.trim()).toBe(`${version} (code ${code})`);
  });

  it('build prints one line per stage and a summary, and exits 0', async () => {
    await inScratchFolder(async (dir) => {
      const result = await runSitegen(['build', '--out', join(dir, 'out')], {
        env: { ...localLeads, SITE_URL: 'https://env.example.co.uk' },
      });
      expect(result.code).toBe(0);
      for (const stage of ['content', 'styles', 'islands', 'templates', 'render', 'write'])
        expect(result.stdout).toMatch(new RegExp(`^  ${stage} .+\\(\\d`, 'm'));
      expect(result.stdout).toMatch(/SUPABASE_URL is not set: forms post to \/functions\/v1\/contact-form/);
      // The report: a row per page with HTML and JavaScript, raw and gzipped, then the totals and stage times.
      expect(result.stdout).toMatch(/^ {2}route +html +gzip +js +gzip$/m);
      expect(result.stdout).toMatch(/^ {2}\/services\/plumber +[\d.]+ KB +[\d.]+ KB +[\d.]+ K?B +[\d.]+ K?B$/m);
      expect(result.stdout.match(/^ {2}\/\S* +[\d.]+ KB/gm)).toHaveLength(54);
      expect(result.stdout).toMatch(
        /^ {2}stages: content [\d.]+ m?s, .*render [\d.]+ m?s, images [\d.]+ m?s, write [\d.]+ m?s$/m,
      );
      expect(result.stdout).toMatch(/^54 pages, [\d.]+ MB written in [\d.]+ (ms|s)$/m);
      // SITE_URL from the environment sets the canonical origin.
      expect(readFileSync(join(dir, 'out', 'about.html'), 'utf8')).toContain(
        '<link rel="canonical" href="https://env.example.co.uk/about"/>',
      );
    });
  });

  it('a first build, nothing kept (every social card and rendition made), prints nothing on stderr: no warning of Node', async () => {
    const project = await copyProject({ caches: false });
    try {
      const result = await project.build(['--out', 'out']);
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(existsSync(join(project.dir, 'out', 'index.html'))).toBe(true);
    } finally {
      await project.remove();
    }
  });

  it('--json prints the report as JSON: every page with its sizes, the totals and the stage times', async () => {
    await inScratchFolder(async (dir) => {
      const result = await runSitegen(['build', '--json', '--out', join(dir, 'out')], {
        env: localLeads,
      });
      expect(result.code).toBe(0);
      // The lines a build prints for its reader go to standard error, the forms' note among them.
      expect(result.stderr).toMatch(/^ {2}forms {6}SUPABASE_URL is not set: forms post to /m);
      expect(result.stderr).toMatch(/^ {2}render {5}54 of 54 pages \(/m);
      const report = JSON.parse(result.stdout) as {
        pages: { route: string; html: number; htmlGzip: number; jsGzip: number }[];
        totals: { pages: number };
        stages: Record<string, number>;
      };
      expect(report.totals.pages).toBe(54);
      expect(report.pages).toHaveLength(54);
      const home = report.pages.find((page) => page.route === '/')!;
      expect(home.htmlGzip).toBeGreaterThan(1000);
      expect(home.htmlGzip).toBeLessThan(home.html);
      expect(home.jsGzip).toBeGreaterThan(report.pages.find((page) => page.route === '/about')!.jsGzip);
      expect(Object.keys(report.stages).sort()).toEqual([
        'content',
        'images',
        'islands',
        'render',
        'styles',
        'templates',
        'write',
      ]);
    });
  });
});
