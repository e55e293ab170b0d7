/**
 * The `sitegen` command refusing what cannot work, in one line with exit
 * code 1, before anything is written: an unknown command, an output folder
 * that cannot be made, options that conflict or hold nothing, a port, --dir
 * or site URL that cannot be one, Supabase half set, a content folder that
 * does not exist, and a folder that is not a project. And `dev --open`
 * where no browser can open (no desktop), saying so rather than nothing.
 */
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executable, localLeads, projectRoot, runSitegen } from '../support/cli';
import { inScratchFolder } from '../support/scratch-folder';
import { siteDir } from '../support/site';

describe('sitegen', () => {
  it('an unknown command fails with exit code 1', async () => {
    const result = await runSitegen(['biuld']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("unknown command 'biuld'");
  });

  it('an output folder that cannot be made is named in one line, without a stack trace, exit code 1', async () => {
    await inScratchFolder(async (dir) => {
      writeFileSync(join(dir, 'a-file'), 'not a folder\n');
      const result = await runSitegen(['build', '--out', join(dir, 'a-file', 'dist')], {
        env: localLeads,
      });
      // Found as the output folder is checked, before anything is built.
      expect(result.stderr).toBe(`sitegen: ENOTDIR: not a directory, lstat '${join(dir, 'a-file', 'dist')}'\n`);
      expect(result.code).toBe(1);
      expect(readdirSync(dir)).toEqual(['a-file']);
    });
  });

  it('sitegen leads refuses two ways of printing, or of deleting, at once: one would be ignored', async () => {
    for (const [args, first, second] of [
      [['--json', '--csv'], '--json', '--csv'],
      [['--csv', '--google-ads'], '--csv', '--google-ads'],
      [['--csv', '--conversion-name', 'Quote request'], '--conversion-name <name>', '--csv'],
      // The option typed, not --google-ads, which it implies.
      [['--conversion-name', 'Quote request', '--purge'], '--conversion-name <name>', '--purge'],
      [['--purge', '--erase', 'sarah@example.co.uk'], '--purge', '--erase <email>'],
    ] as const) {
      const result = await runSitegen(['leads', ...args, '--leads-dir', join(tmpdir(), 'never-made')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^error: option '${first}' cannot be used with option '${second}'\n`));
    }
  });

  it('sitegen leads refuses an erasure of no address and a conversion without a name, or with an option for one', async () => {
    const leadsDir = ['--leads-dir', join(tmpdir(), 'never-made')];
    for (const [args, message] of [
      [['--erase', ' '], '--erase: expected an email address, found " "'],
      [
        ['--conversion-name', ''],
        '--conversion-name: expected the name of a conversion action in Google Ads, found none',
      ],
      [
        ['--conversion-name', '--csv'],
        '--conversion-name: expected the name of a conversion action in Google Ads, found the option --csv',
      ],
    ] as const) {
      const result = await runSitegen(['leads', ...args, ...leadsDir]);
      expect([result.code, result.stderr]).toEqual([1, `sitegen: ${message}\n`]);
    }
  });

  it('preview and dev refuse a port that is not a number from 0 to 65535 in digits, before anything listens', async () => {
    for (const [command, port] of [
      ['preview', '0x12'],
      ['preview', '1e3'],
      ['dev', ''],
      ['dev', ' 4725'],
      ['dev', '65536'],
    ]) {
      const result = await runSitegen([command!, '--port', port!, '--host', '127.0.0.1']);
      expect([result.code, result.stdout, result.stderr], `${command} --port "${port}"`).toEqual([
        1,
        '',
        `sitegen: --port: expected a port number from 0 to 65535, found "${port}"\n`,
      ]);
    }
  });

  it('preview and check name a --dir that holds no built site, or is a file, in one line', async () => {
    const [missing, file] = [join(tmpdir(), 'never-built'), join(projectRoot, 'README.md')];
    for (const [args, message] of [
      [['preview', '--dir', missing], `${missing} holds no built site: run \`sitegen build\` first`],
      [['preview', '--dir', file], `--dir: expected the folder of a built site, found the file ${file}`],
      [['check', '--dir', file], `--dir: expected the folder of a built site, found the file ${file}`],
    ] as const) {
      const result = await runSitegen([...args]);
      expect([result.code, result.stdout, result.stderr], args.join(' ')).toEqual([1, '', `sitegen: ${message}\n`]);
    }
  });

  it('dev --open on a machine with no desktop (over SSH, no DISPLAY) says to open the address itself, and serves on', async () => {
    await inScratchFolder(async (dir) => {
      const env: NodeJS.ProcessEnv = { ...process.env, ...localLeads };
      for (const name of ['DISPLAY', 'WAYLAND_DISPLAY']) delete env[name];
      const args = [executable, 'dev', '--port', '0', '--open', '--leads-dir', join(dir, 'leads')];
      const dev = spawn(process.execPath, args, { cwd: projectRoot, env });
      let printed = '';
      dev.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      try {
        await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^ {2}browser {4}/m);
        const url = /^sitegen dev: (\S+)/.exec(printed)![1];
        expect(printed).toContain(`  browser    not opened (no desktop): open ${url} in a browser yourself\n`);
        expect((await fetch(url!)).status).toBe(200);
      } finally {
        dev.kill('SIGINT');
        await new Promise((resolve) => dev.on('close', resolve));
      }
    });
  });

  it('rejects a site URL that is not a URL', async () => {
    const result = await runSitegen(['build', '--out', join(tmpdir(), 'never-written'), '--site-url', 'tradeboost']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'sitegen: --site-url: expected an absolute URL such as https://www.example.co.uk, found "tradeboost"\n',
    );
  });

  it('stops a build with SUPABASE_URL set and SUPABASE_ANON_KEY unset, whose forms would get 401, and writes nothing', async () => {
    await inScratchFolder(async (dir) => {
      const result = await runSitegen(['build', '--out', join(dir, 'out')], {
        env: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: '' },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        "sitegen: SUPABASE_URL is set but SUPABASE_ANON_KEY is not: the forms would be refused by Supabase (401). Set SUPABASE_ANON_KEY to the project's anon (public) key, or unset SUPABASE_URL to post leads to the local server.\n",
      );
      expect(readdirSync(dir)).toEqual([]);
    });
  });

  it('build, dev and check with a --content folder that does not exist, or is a file, name it before anything runs, and write nothing', async () => {
    await inScratchFolder(async (dir) => {
      const missing = join(dir, 'no-content');
      const article = join(projectRoot, 'content', 'blog', 'local-seo-tips.md');
      for (const [folder, what] of [
        [missing, 'does not exist'],
        [article, 'is a file'],
      ] as const) {
        const message = `sitegen: the content folder ${folder} ${what}: name the folder of site.json and the pages with --content, or leave it out for the project's content/\n`;
        for (const args of [
          ['build', '--out', join(dir, 'out'), '--content', folder],
          ['dev', '--port', '0', '--content', folder],
          ['check', '--only', 'seo', '--dir', siteDir(), '--content', folder],
        ]) {
          const result = await runSitegen(args, { env: localLeads });
          expect([result.code, result.stdout, result.stderr], `${args[0]} ${what}`).toEqual([1, '', message]);
        }
      }
      expect(readdirSync(dir)).toEqual([]);
    });
  });

  it.each([
    ['build', ['build', '--out', 'out', '--content', join(projectRoot, 'content')], 'templates'],
    ['dev', ['dev', '--port', '0', '--content', join(projectRoot, 'content')], 'templates'],
    ['new article', ['new', 'article', 'Boiler servicing in winter'], 'content'],
    // Not "no leads yet", nor an erasure request's "nothing deleted", from a folder that holds no database.
    ['leads', ['leads'], 'content'],
    ['leads --erase', ['leads', '--erase', 'sarah@oneill-electrical.co.uk'], 'content'],
  ])('%s outside a project names the folder and what is missing, and writes nothing', async (_, args, missing) => {
    await inScratchFolder(async (dir) => {
      const result = await runSitegen(args, { cwd: dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `sitegen: ${dir} is not a sitegen project: it has no ${missing}/ folder (run sitegen in the project folder, beside its package.json)\n`,
      );
      expect(readdirSync(dir)).toEqual([]);
    });
  });
});
