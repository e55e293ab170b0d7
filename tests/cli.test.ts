/** The `sitegen` command as a user meets it: help, version, a build's report and exit codes. */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runSitegen } from './support/cli';

const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };

describe('sitegen', () => {
  it('--help lists the build command and its options', async () => {
    const result = await runSitegen(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: sitegen');
    expect(result.stdout).toMatch(/build \[options\]/);
    const build = await runSitegen(['build', '--help']);
    for (const option of ['--out <dir>', '--site-url <url>', '--content <dir>', '--quiet']) expect(build.stdout).toContain(option);
  });

  it('--version prints the package version', async () => {
    const result = await runSitegen(['--version']);
    expect(result.stdout.trim()).toBe(version);
  });

  it('an unknown command fails with exit code 1', async () => {
    const result = await runSitegen(['biuld']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown command 'biuld'");
  });

  it('build prints one line per stage and a summary, and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitegen-cli-'));
    try {
      const result = await runSitegen(['build', '--out', join(dir, 'out')], { env: { SUPABASE_URL: '', SITE_URL: 'https://env.example.co.uk' } });
      expect(result.code).toBe(0);
      for (const stage of ['content', 'styles', 'templates', 'render', 'write']) expect(result.stdout).toMatch(new RegExp(`^  ${stage} .+\\(\\d`, 'm'));
      expect(result.stdout).toMatch(/SUPABASE_URL is not set: forms post to \/functions\/v1\/contact-form/);
      expect(result.stdout).toMatch(/^48 pages, [\d.]+ MB written in [\d.]+ (ms|s)$/m);
      // SITE_URL from the environment sets the canonical origin.
      expect(readFileSync(join(dir, 'out', 'about.html'), 'utf8')).toContain('<link rel="canonical" href="https://env.example.co.uk/about">');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a site URL that is not a URL', async () => {
    const result = await runSitegen(['build', '--out', join(tmpdir(), 'never-written'), '--site-url', 'tradeboost']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('sitegen: --site-url: expected an absolute URL such as https://www.example.co.uk, found "tradeboost"\n');
  });
});
