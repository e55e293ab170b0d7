/**
 * `sitegen` runs lib/, compiled from src/. In a checkout where a file of
 * src/ has changed since, it compiles lib/ again before it runs, so an edit
 * takes effect on the next run; where lib/ is up to date it compiles
 * nothing; where it cannot compile it says so in one line, naming the
 * command. Each test in a copy of the generator, run by the copy's own
 * bin/sitegen.js.
 */
import { readdir, readFile, rename, rm, symlink, mkdir, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { projectRoot } from '../support/cli';
import { inProjectCopy, type ProjectCopy } from '../support/project-copy';

const description = 'Builds the agency website as flat files, and serves and checks it.';
const edited = 'Builds the agency website as flat files (edited under src/).';

/** Rewrites the line of `sitegen --help` that describes it, in the copy's src/cli.ts: saved now, as an editor saves. */
async function editHelp(project: ProjectCopy, to: string): Promise<void> {
  const file = join(project.dir, 'src', 'cli.ts');
  const source = await readFile(file, 'utf8');
  expect(source).toContain(description);
  await writeFile(file, source.replace(description, to));
}

const compiledFrom = (project: ProjectCopy) => readFile(join(project.dir, 'lib', 'compiled-from.json'), 'utf8');

// Each test runs the copied generator two or three times, and compiles it once: a busy machine can stretch that.
describe('the compiled generator', { timeout: 60_000 }, () => {
  it('runs lib/ as it is when it is up to date: nothing compiled, nothing said', async () => {
    await inProjectCopy(
      async (project) => {
        const before = await compiledFrom(project);
        const help = await project.run(['--help']);
        expect(help).toMatchObject({ code: 0, stderr: '' });
        expect(help.stdout).toContain(description);
        expect(await compiledFrom(project)).toBe(before);
      },
      { generator: true, caches: false },
    );
  });

  it('compiles src/ again after an edit, saying why; the next run uses the edit, and compiles nothing', async () => {
    await inProjectCopy(
      async (project) => {
        await editHelp(project, edited);
        const first = await project.run(['--help']);
        expect(first).toMatchObject({
          code: 0,
          stderr: 'sitegen: src/cli.ts changed since lib/ was compiled: compiling src/ again\n',
        });
        expect(first.stdout).toContain(edited);
        const second = await project.run(['--help']);
        expect(second).toMatchObject({ code: 0, stderr: '' });
        expect(second.stdout).toContain(edited);
      },
      { generator: true, caches: false },
    );
  });

  it('compiles once for commands started together after an edit (a pull), each of which then runs the edit', async () => {
    await inProjectCopy(
      async (project) => {
        await editHelp(project, edited);
        const runs = await Promise.all([1, 2, 3].map(() => project.run(['--help'])));
        for (const run of runs) expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining(edited) });
        const compiled = runs.filter((run) => run.stderr.includes('compiling src/ again'));
        expect(compiled.length).toBeGreaterThan(0);
        expect(await readdir(project.dir)).not.toContain('lib.compiling');
      },
      { generator: true, caches: false },
    );
  });

  it('takes over at once the lock and the half-made lib/ of a run stopped while it compiled', async () => {
    await inProjectCopy(
      async (project) => {
        // The pid of a process that has ended, as a Ctrl-C leaves it.
        const ended = spawnSync(process.execPath, [
          '-e',
          'process.stdout.write(String(process.pid))',
        ]).stdout.toString();
        await mkdir(join(project.dir, 'lib.compiling'));
        await writeFile(join(project.dir, 'lib.compiling', 'pid'), ended);
        await mkdir(join(project.dir, `lib.compiling-${ended}`));
        await editHelp(project, edited);
        const help = await project.run(['--help']);
        expect(help).toMatchObject({ code: 0, stdout: expect.stringContaining(edited) });
        expect((await readdir(project.dir)).filter((name) => name.startsWith('lib.compiling'))).toEqual([]);
      },
      { generator: true, caches: false },
    );
  });

  it('stops on a src/ that does not compile, naming file and line, and leaves lib/ as it was', async () => {
    await inProjectCopy(
      async (project) => {
        const before = await compiledFrom(project);
        await editHelp(project, "it's broken");
        const run = await project.run(['--help']);
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/src\/cli\.ts:\d+:\d+:/);
        expect(run.stderr).toMatch(/\nsitegen: src\/ does not compile \(above\); lib\/ is left as it was\n$/);
        expect(await compiledFrom(project)).toBe(before);
        expect(await readdir(project.dir)).not.toContainEqual(expect.stringMatching(/^lib\./));
      },
      { generator: true, caches: false },
    );
  });

  it('without esbuild, says so in one line naming the command, and runs the code compiled before', async () => {
    await inProjectCopy(
      async (project) => {
        await without(project, 'esbuild');
        await editHelp(project, edited);
        const help = await project.run(['--help']);
        expect(help).toMatchObject({
          code: 0,
          stderr: [
            'sitegen: esbuild is named in package.json but not installed (a pull may have added it): run `npm install`',
            'sitegen: src/cli.ts changed since lib/ was compiled, and cannot compile it here (esbuild is not installed): run `npm install`',
            '',
          ].join('\n'),
        });
        expect(help.stdout).toContain(description);
      },
      { generator: true, caches: false },
    );
  });

  it('names a package package.json names that is not installed, as after a pull that added one, and the command to run', async () => {
    await inProjectCopy(
      async (project) => {
        await without(project, '@takumi-rs/core');
        const help = await project.run(['--help']);
        expect(help.stderr).toBe(
          'sitegen: @takumi-rs/core is named in package.json but not installed (a pull may have added it): run `npm install`\n',
        );
      },
      { generator: true, caches: false },
    );
  });

  const appendLine = async (file: string) => writeFile(file, `${await readFile(file, 'utf8')}\n`);
  it.each([
    [
      'src/ changes (an edit, a pull)',
      async (project: ProjectCopy) => {
        await editHelp(project, edited);
        await appendLine(join(project.dir, 'src', 'paths.ts'));
      },
      'src\\/cli\\.ts',
    ],
    [
      'src/ is saved as sed -i saves it (a scratch file written beside the file, then renamed over it), naming the file',
      async (project: ProjectCopy) => {
        const file = join(project.dir, 'src', 'paths.ts');
        await writeFile(join(project.dir, 'src', 'sedAb12Cd'), `${await readFile(file, 'utf8')}\n`);
        await rename(join(project.dir, 'src', 'sedAb12Cd'), file);
      },
      'src\\/paths\\.ts',
    ],
    [
      "the forms' options in supabase/functions/_shared/ change (the generator's pages import them too)",
      (project: ProjectCopy) => appendLine(join(project.dir, 'supabase', 'functions', '_shared', 'lead-options.ts')),
      'supabase\\/functions\\/_shared\\/lead-options\\.ts',
    ],
  ] as const)('sitegen dev, running when %s, says once to restart it', async (_, edit, first) => {
    await inProjectCopy(
      async (project) => {
        const lines: string[] = [];
        const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
        const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
        try {
          await edit(project);
          const restart = new RegExp(
            `^ {2}\\d\\d:\\d\\d:\\d\\d ${first} changed: restart sitegen dev to run the generator's new code$`,
          );
          await expect.poll(() => lines.filter((line) => restart.test(line)).length).toBe(1);
        } finally {
          await dev.close();
        }
      },
      { generator: true, caches: false },
    );
  });

  it('an installed package, without src/, runs its lib/ with nothing to compare', async () => {
    await inProjectCopy(
      async (project) => {
        await rm(join(project.dir, 'src'), { recursive: true });
        const help = await project.run(['--help']);
        expect(help).toMatchObject({ code: 0, stderr: '' });
        expect(help.stdout).toContain(description);
      },
      { generator: true, caches: false },
    );
  });
});

/** The copy's node_modules: the project's packages, each linked, but `missing` ("esbuild", "@takumi-rs/core"). */
async function without(project: ProjectCopy, missing: string): Promise<void> {
  const modules = join(project.dir, 'node_modules');
  await rm(modules);
  await mkdir(modules);
  const [scope, name] = missing.includes('/') ? missing.split('/') : ['', missing];
  for (const entry of await readdir(join(projectRoot, 'node_modules'))) {
    if (entry === scope) {
      await mkdir(join(modules, scope));
      for (const inScope of (await readdir(join(projectRoot, 'node_modules', scope))).filter((each) => each !== name))
        await symlink(join(projectRoot, 'node_modules', scope, inScope), join(modules, scope, inScope));
    } else if (entry !== missing) await symlink(join(projectRoot, 'node_modules', entry), join(modules, entry));
  }
}
