/** Configuration: flags, then the environment, then a .env file beside package.json. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitegen-config-'));
  await writeFile(
    join(root, '.env'),
    [
      '# local settings',
      'SITE_URL=https://from-dotenv.example.co.uk/',
      'SUPABASE_URL="https://abcd.supabase.co"',
      'SUPABASE_ANON_KEY=anon-from-file',
      'NODE_ENV=development',
      '',
    ].join('\n'),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('resolveConfig', () => {
  it('reads SITE_URL, SUPABASE_URL and SUPABASE_ANON_KEY from .env', () => {
    const config = resolveConfig({ root }, {});
    expect(config.siteUrl).toBe('https://from-dotenv.example.co.uk');
    expect(config.supabase).toEqual({ url: 'https://abcd.supabase.co', anonKey: 'anon-from-file' });
  });

  it('lets the environment win over .env, even with an empty value, and a flag win over both', () => {
    const env = { SITE_URL: 'https://from-environment.example.co.uk', SUPABASE_URL: '', SUPABASE_ANON_KEY: '' };
    const config = resolveConfig({ root }, env);
    expect(config.siteUrl).toBe('https://from-environment.example.co.uk');
    expect(config.supabase).toEqual({ url: undefined, anonKey: '' });
    expect(resolveConfig({ root, siteUrl: 'https://from-flag.example.co.uk' }, env).siteUrl).toBe(
      'https://from-flag.example.co.uk',
    );
  });

  it('reads a .env saved with a byte order mark (a Windows editor\'s "UTF-8 with BOM"), its first line too', async () => {
    const withMark = await mkdtemp(join(tmpdir(), 'sitegen-config-'));
    try {
      await writeFile(join(withMark, '.env'), '\uFEFFSITE_URL=https://marked.example.co.uk\n');
      expect(resolveConfig({ root: withMark }, {}).siteUrl).toBe('https://marked.example.co.uk');
    } finally {
      await rm(withMark, { recursive: true, force: true });
    }
  });

  it('refuses a .env saved as UTF-16, and a setting lost to a line with no "=", naming it but not its value', async () => {
    const slipped = await mkdtemp(join(tmpdir(), 'sitegen-config-'));
    const refusal = async (text: string | Buffer) => {
      await writeFile(join(slipped, '.env'), text);
      try {
        return resolveConfig({ root: slipped }, {}).siteUrl;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const lost = (name: string) =>
      `.env: ${name}: expected ${name}=its value, found no "=" after its name, or a line above it with none`;
    try {
      expect(await refusal(Buffer.from('\uFEFFSITE_URL=https://wide.example.co.uk\n', 'utf16le'))).toBe(
        '.env: expected a text file saved as UTF-8, found UTF-16: save it as UTF-8',
      );
      expect(await refusal('# keys\nSUPABASE_ANON_KEY: eyJsecret\n')).toBe(lost('SUPABASE_ANON_KEY'));
      for (const text of ['  SITE_URL https://www.example.co.uk', 'export SITE_URL'])
        expect(await refusal(`OTHER_TOOL=1\n${text}\n`), text).toBe(lost('SITE_URL'));
      // Node 20's parser takes a line with no "=" for the start of the next name (the setting lost: refused); Node 22's
      // skips it (the setting read). Never lost unsaid on either.
      const under = 'A NOTE\nSITE_URL=https://a.co.uk\n';
      const glued = parseEnv(under).SITE_URL === undefined;
      expect(await refusal(under)).toBe(glued ? lost('SITE_URL') : 'https://a.co.uk');
      // Another tool's lines are its business; a name that only starts like one the build reads is not it.
      const others = 'A NOTE\nSITE_URL_OLD: x\nOTHER_TOOL=1\nSITE_URL = https://spaced.example.co.uk\n';
      expect(await refusal(others)).toBe('https://spaced.example.co.uk');
    } finally {
      await rm(slipped, { recursive: true, force: true });
    }
  });

  it('takes nothing else from .env', () => {
    const env: NodeJS.ProcessEnv = {};
    resolveConfig({ root }, env);
    expect(env).toEqual({});
    expect(process.env.NODE_ENV).not.toBe('development');
  });

  it('stops when SUPABASE_URL is set without SUPABASE_ANON_KEY: the forms would get 401', () => {
    const message =
      "SUPABASE_URL is set but SUPABASE_ANON_KEY is not: the forms would be refused by Supabase (401). Set SUPABASE_ANON_KEY to the project's anon (public) key, or unset SUPABASE_URL to post leads to the local server.";
    expect(() => resolveConfig({ root: tmpdir() }, { SUPABASE_URL: 'https://abcd.supabase.co' })).toThrow(message);
    expect(() =>
      resolveConfig({ root: tmpdir() }, { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: '  ' }),
    ).toThrow(message);
    // .env's key is taken unless the environment empties it.
    expect(() => resolveConfig({ root }, { SUPABASE_ANON_KEY: '' })).toThrow(message);
  });

  it("refuses an anon key with a quote or a space in it (a slip of .env's quoting), naming it and what a key looks like", () => {
    for (const key of ['"eyJabc', 'eyJ abc', "sb_publishable_x'"])
      expect(() =>
        resolveConfig({ root: tmpdir() }, { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: key }),
      ).toThrow(
        `SUPABASE_ANON_KEY: expected the project's anon (public) key as Supabase shows it, eyJ… or sb_publishable_… (letters, digits, dots, dashes and underscores), found ${JSON.stringify(key)}`,
      );
    const env = {
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_ANON_KEY: 'eyJhbGciOi.eyJyb2xlIjoiYW5vbiJ9.a-b_c',
    };
    expect(resolveConfig({ root: tmpdir() }, env).supabase.anonKey).toBe(env.SUPABASE_ANON_KEY);
  });

  it("refuses a SUPABASE_URL with a path, in the project's words", () => {
    const env = { SUPABASE_URL: 'https://abcd.supabase.co/functions/v1', SUPABASE_ANON_KEY: 'anon' };
    expect(() => resolveConfig({ root: tmpdir() }, env)).toThrow(
      'SUPABASE_URL: expected the project\'s URL alone, such as https://<project>.supabase.co (its functions are under it: no path, query, fragment or final dot), found "https://abcd.supabase.co/functions/v1"',
    );
  });

  it('stops when SUPABASE_ANON_KEY is set without SUPABASE_URL: the forms would post to a static host, and the leads be lost', () => {
    const message =
      "SUPABASE_ANON_KEY is set but SUPABASE_URL is not: the forms would post to /functions/v1/contact-form on the site itself, which a static host does not answer. Set SUPABASE_URL to the project's URL (https://<project>.supabase.co), or unset SUPABASE_ANON_KEY to post leads to the local server.";
    expect(() => resolveConfig({ root: tmpdir() }, { SUPABASE_ANON_KEY: 'anon' })).toThrow(message);
    // As CI passes a repository variable left unset.
    expect(() => resolveConfig({ root: tmpdir() }, { SUPABASE_URL: '', SUPABASE_ANON_KEY: 'anon' })).toThrow(message);
    // .env's URL is taken unless the environment empties it.
    expect(() => resolveConfig({ root }, { SUPABASE_URL: ' ' })).toThrow(message);
    expect(resolveConfig({ root: tmpdir() }, { SUPABASE_URL: '', SUPABASE_ANON_KEY: '' }).supabase).toEqual({
      url: undefined,
      anonKey: '',
    });
  });

  it('takes a GitHub repository for CMS_REPO as GitHub names them, and refuses anything else, naming it', () => {
    const repoOf = (CMS_REPO: string) => resolveConfig({ root: tmpdir() }, { CMS_REPO }).cms?.repo;
    for (const repo of ['agency/website', 'Trade-Boost-2/site.name_2']) expect(repoOf(repo)).toBe(repo);
    for (const repo of ['../website', 'agency/..', 'agency/.', '-agency/website', 'agency/web/site', 'agency']) {
      expect(() => repoOf(repo), repo).toThrow(
        `CMS_REPO: expected a GitHub repository as owner/name, such as agency/website, found "${repo}"`,
      );
    }
  });

  it('without .env, uses the environment alone', () => {
    expect(resolveConfig({ root: tmpdir() }, {}).siteUrl).toBeUndefined();
  });

  it('reads an empty SITE_URL as unset (CI passes repository variables that may not be set), and still refuses a wrong one', () => {
    expect(resolveConfig({ root: tmpdir() }, { SITE_URL: '' }).siteUrl).toBeUndefined();
    expect(resolveConfig({ root: tmpdir() }, { SITE_URL: '  ' }).siteUrl).toBeUndefined();
    expect(() => resolveConfig({ root: tmpdir() }, { SITE_URL: 'www.example.co.uk' })).toThrow(
      'SITE_URL: expected an absolute URL such as https://www.example.co.uk, found "www.example.co.uk"',
    );
  });

  it("takes a site URL's origin alone, a trailing slash aside: a path, query or fragment would be in every canonical URL", () => {
    expect(resolveConfig({ root: tmpdir() }, { SITE_URL: 'https://www.example.co.uk/' }).siteUrl).toBe(
      'https://www.example.co.uk',
    );
    for (const value of [
      'https://x.co.uk/?a=1',
      'https://x.co.uk/#top',
      'https://x.co.uk/sub',
      'https://user@x.co.uk',
      // Another host to crawlers, written into every canonical URL.
      'https://x.co.uk.',
    ]) {
      expect(() => resolveConfig({ root: tmpdir() }, { SITE_URL: value }), value).toThrow(
        `SITE_URL: expected the site's address alone, such as https://www.example.co.uk (pages are at its root: no path, query, fragment or final dot), found "${value}"`,
      );
    }
    expect(() => resolveConfig({ root: tmpdir(), siteUrl: 'https://x.co.uk/?a=1' }, {})).toThrow(
      /^--site-url: expected the site's address alone/,
    );
    // Typed empty, it is still the option that is named, not SITE_URL.
    expect(() => resolveConfig({ root: tmpdir(), siteUrl: '' }, {})).toThrow(/^--site-url: expected an absolute URL/);
  });

  it('takes http:// for this machine alone: a live site over http would name insecure addresses in every page', () => {
    expect(() => resolveConfig({ root: tmpdir(), siteUrl: 'http://www.example.co.uk' }, {})).toThrow(
      '--site-url: expected an https:// address (http:// only for this machine: localhost, 127.0.0.1), found "http://www.example.co.uk"',
    );
    // Another scheme in the same words: the rule is one.
    expect(() => resolveConfig({ root: tmpdir(), siteUrl: 'ftp://www.example.co.uk' }, {})).toThrow(
      '--site-url: expected an https:// address (http:// only for this machine: localhost, 127.0.0.1), found "ftp://www.example.co.uk"',
    );
    for (const local of [
      'http://localhost:4321',
      'http://shop.localhost',
      'http://127.0.0.1:8080',
      'http://[::1]:4321',
    ]) {
      expect(resolveConfig({ root: tmpdir() }, { SITE_URL: local }).siteUrl, local).toBe(local);
    }
  });
});
