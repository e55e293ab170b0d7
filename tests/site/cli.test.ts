/** The `sitegen` command as a user meets it: help, version, a build's report and exit codes. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localLeads, projectRoot, runSitegen } from '../support/cli';
import { backdateLegalPages, copyProject } from '../support/project-copy';

const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };

/** Runs `test` with a new empty folder, removed afterwards whatever the outcome. */
async function inScratchFolder(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-cli-'));
  try {
    await test(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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
      expect(result.stderr).toMatch(
        new RegExp(`^sitegen: ENOTDIR: not a directory, mkdir '${join(dir, 'a-file')}/dist\\.building-\\d+-\\d+'\n$`),
      );
      expect(result.code).toBe(1);
      expect(readdirSync(dir)).toEqual(['a-file']);
    });
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

  // Seven runs of the executable and three builds: past the default time a test may take on a busy machine.
  it('new article writes a draft dated today in London, with valid front matter, that a build leaves out and --drafts builds, and refuses published with its body unwritten', async () => {
    await inScratchFolder(async (dir) => {
      await cp(join(projectRoot, 'content'), join(dir, 'content'), { recursive: true });
      await backdateLegalPages(join(dir, 'content'));
      // Half past eleven at night in UTC is half past midnight in London in summer: the next day there.
      const made = await runSitegen(['new', 'article', 'Van Signwriting That Wins Local Jobs'], {
        cwd: dir,
        env: { SITEGEN_NOW: '2026-06-30T23:30:00Z' },
      });
      expect(made.stderr).toBe('');
      expect(made.stdout).toBe(
        'wrote content/blog/van-signwriting-that-wins-local-jobs.md: a draft; edit it, see it with `sitegen dev`, and remove `draft: true` to publish it\n',
      );
      const text = readFileSync(join(dir, 'content/blog/van-signwriting-that-wins-local-jobs.md'), 'utf8');
      expect(text).toMatch(
        /^---\ntitle: "Van Signwriting That Wins Local Jobs"\nslug: "van-signwriting-that-wins-local-jobs"\n/,
      );
      expect(text).toMatch(/^date: "2026-07-01"\ndraft: true$/m);
      const again = await runSitegen(['new', 'article', 'Van Signwriting That Wins Local Jobs'], { cwd: dir });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('"van-signwriting-that-wins-local-jobs" is taken');
      // Another article's title, in other capitals, makes another slug: still two pages competing in search results.
      const title = 'local seo for tradespeople: 10 tips to win more jobs nearby';
      const twice = await runSitegen(['new', 'article', title], { cwd: dir });
      expect([twice.code, twice.stderr]).toEqual([
        1,
        'sitegen: content/blog/local-seo-tips.md: title: "Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby" is this article\'s: choose another title\n',
      ]);
      // An author of spaces would write an article that does not build.
      const nameless = await runSitegen(['new', 'article', 'Quotes That Win Jobs', '--author', '  '], { cwd: dir });
      expect([nameless.code, nameless.stderr]).toEqual([1, 'sitegen: --author: expected a name, found "  "\n']);
      expect(existsSync(join(dir, 'content/blog/quotes-that-win-jobs.md'))).toBe(false);
      // Each "&" is "and" in the slug: a title of 60 characters can make one past the 80 a slug may have, cut at a word.
      const ampersands = await runSitegen(
        ['new', 'article', 'Oak&Ash&Elm&Fir&Yew&Box&Bay&Fig&Ivy&Rue&Tea&Gum&Nut&Pea&Hop'],
        {
          cwd: dir,
        },
      );
      expect(ampersands.stdout).toMatch(
        /^wrote content\/blog\/oak-and-ash-and-elm-and-fir-and-yew-and-box-and-bay-and-fig-and-ivy-and-rue-and\.md: a draft;/,
      );
      // Another article's old address: a new one there would clash with the redirect from it.
      const moved = join(dir, 'content/blog/google-ads-guide.md');
      writeFileSync(moved, readFileSync(moved, 'utf8').replace(/^(slug: .*)$/m, '$1\naliases: ["winter-boilers"]'));
      const clash = await runSitegen(['new', 'article', 'Winter Boilers'], { cwd: dir });
      expect([clash.code, clash.stderr]).toEqual([
        1,
        'sitegen: content/blog/google-ads-guide.md: aliases: "winter-boilers" is an old address of this article: choose another title\n',
      ]);
      // Letters with no accent to take off are written as English writes them; an apostrophe is left out.
      const foreign = await runSitegen(['new', 'article', 'Straße & Smørrebrød: Ærø’s Café Fit-Out'], { cwd: dir });
      expect(foreign.stdout).toMatch(/^wrote content\/blog\/strasse-and-smorrebrod-aeros-cafe-fit-out\.md: a draft;/);
      const build = (out: string, ...flags: string[]) =>
        runSitegen(['build', '--quiet', '--content', join(dir, 'content'), '--out', join(dir, out), ...flags], {
          env: { ...localLeads, SITEGEN_NOW: '2026-07-01' },
        });
      expect((await build('out')).stderr).toBe('');
      expect(existsSync(join(dir, 'out', 'blog', 'van-signwriting-that-wins-local-jobs.html'))).toBe(false);
      expect((await build('preview', '--drafts')).stderr).toBe('');
      expect(readFileSync(join(dir, 'preview', 'blog', 'van-signwriting-that-wins-local-jobs.html'), 'utf8')).toContain(
        '>Draft, not published</p>',
      );
      // Published with its own front matter, yet the body as written for it: refused, as its front matter's words would be.
      const article = join(dir, 'content/blog/van-signwriting-that-wins-local-jobs.md');
      writeFileSync(
        article,
        readFileSync(article, 'utf8')
          .replace('draft: true\n', '')
          .replace(/^excerpt: .*$/m, 'excerpt: "What to paint on a van so that the people behind it ring you."')
          .replace(
            /^description: .*$/m,
            'description: "What to paint on a tradesperson\'s van so that the people who see it call: the name, the trade and a number."',
          )
          .replace(/^imageAlt: .*$/m, 'imageAlt: "A white van with a plumber\'s name and number on its side"'),
      );
      const published = await build('published');
      expect(published.code).toBe(1);
      expect(published.stderr).toMatch(
        /\/content\/blog\/van-signwriting-that-wins-local-jobs\.md: body: still holds the words `sitegen new article` wrote \("Start with who this is for and what they will be able to do after reading it\."\): write the article's own, or keep it a draft \(draft: true\)\n$/,
      );
    });
  }, 120_000);

  it('sitegen leads refuses two ways of printing, or of deleting, at once: one would be ignored', async () => {
    for (const [args, first, second] of [
      [['--json', '--csv'], '--json', '--csv'],
      [['--csv', '--google-ads'], '--csv', '--google-ads'],
      [['--csv', '--conversion-name', 'Quote request'], '--conversion-name <name>', '--csv'],
      [['--purge', '--erase', 'sarah@example.co.uk'], '--purge', '--erase <email>'],
    ] as const) {
      const result = await runSitegen(['leads', ...args, '--leads-dir', join(tmpdir(), 'never-made')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^error: option '${first}' cannot be used with option '${second}'\n`));
    }
  });

  it('sitegen leads refuses an erasure of no address and a conversion without a name', async () => {
    const leadsDir = ['--leads-dir', join(tmpdir(), 'never-made')];
    for (const [args, message] of [
      [['--erase', ' '], '--erase: expected an e-mail address, found " "'],
      [
        ['--conversion-name', ''],
        '--conversion-name: expected the name of a conversion action in Google Ads, found none',
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

  it('build and dev with a --content folder that does not exist name it before anything runs, and write nothing', async () => {
    await inScratchFolder(async (dir) => {
      const missing = join(dir, 'no-content');
      const message = `sitegen: the content folder ${missing} does not exist: name the folder of site.json and the pages with --content, or leave it out for the project's content/\n`;
      for (const args of [
        ['build', '--out', join(dir, 'out'), '--content', missing],
        ['dev', '--port', '0', '--content', missing],
      ]) {
        const result = await runSitegen(args, { env: localLeads });
        expect([result.code, result.stdout, result.stderr], args[0]).toEqual([1, '', message]);
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
