/**
 * A build cut short (killed, interrupted, or its report's reader gone) leaves the output as it was and nothing new
 * beside it, and the next build removes what a killed one left.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildCaseTimeout } from '../support/build-refusals';
import { localLeads, projectRoot, runSitegenHeld } from '../support/cli';
import { fingerprint } from '../support/fingerprint';
import { siteUrl } from '../support/site';
import { buildHere, contentWorkspace, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

describe('what killed builds leave beside the output', () => {
  it.concurrent(
    'is removed by the next build, whole or incremental; what a running build writes is left alone',
    async () => {
      const { dir, content } = await contentWorkspace();
      // A process that has ended: its id names the folders of a build killed halfway (out of memory, a CI time-out).
      const ended = spawn(process.execPath, ['-e', '']);
      await once(ended, 'exit');
      const dead = ended.pid!;
      const alive = process.pid;
      for (const [incremental, kind] of [
        [false, 'building'],
        [true, 'incremental'],
      ] as const) {
        const left = [`dist.${kind}-${dead}-1700000000000`, `dist.${kind}-${dead}-1700000000000.replaced`];
        const running = `dist.${kind}-${alive}-1700000000000`;
        for (const name of [...left, running]) {
          await mkdir(join(dir, name, 'blog'), { recursive: true });
          await writeFile(join(dir, name, 'blog', 'page.html'), 'a copy of the site\n');
        }
        expect(await buildHere({ content, out: join(dir, 'dist'), incremental })).toBe('');
        const beside = (await readdir(dir)).filter((name) => name.startsWith('dist.') && name.includes(kind));
        expect(beside).toEqual([running]);
        await rm(join(dir, running), { recursive: true });
      }
    },
  );
});

describe('a build whose report nobody reads any more', () => {
  it.concurrent(
    '(sitegen build | head -1) finishes the site quietly, exit code 0, nothing left beside it',
    async () => {
      const site = await workspace();
      await rm(site.out, { recursive: true });
      const result = await runSitegenHeld(site.buildArgs, {
        cwd: projectRoot,
        env: localLeads,
        held: join(site.content, 'pages/404.json'),
        atFirstLine: (child) => child.stdout.destroy(),
      });
      // The reader went away after the first chunk it read: what the build printed before it waited for 404.json,
      // one line or both, however the pipe cut them, and nothing after.
      const out = relative(projectRoot, site.out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(result.stdout).toMatch(
        new RegExp(`^sitegen build → ${out}\\n( {2}forms {6}SUPABASE_URL is not set: [^\\n]*\\n)?$`),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect((await readdir(site.dir)).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
      const read = join(site.dir, 'read');
      expect(await buildHere({ content: site.content, out: read, siteUrl: siteUrl() })).toBe('');
      expect(await fingerprint(site.out)).toEqual(await fingerprint(read));
    },
  );
});

describe('an interrupted build', () => {
  const interruptions: [string, number, NodeJS.Signals, boolean][] = [
    ['Ctrl-C (SIGINT) during a build', 130, 'SIGINT', false],
    ['SIGTERM (a cancelled CI job) during an incremental build', 143, 'SIGTERM', true],
  ];
  it.concurrent.each(interruptions)(
    '%s leaves the output as it was and nothing new beside it, and exits %i',
    async (_, code, signal, incremental) => {
      const site = await workspace();
      const buildHereAgain = () => buildHere({ content: site.content, out: site.out, siteUrl: siteUrl(), incremental });
      // The workspace's dist/ is a good build: a whole build keeps it beside its own (dist.previous), to write over next
      // time; an incremental one keeps its record, to build on next time.
      expect(await buildHereAgain()).toBe('');
      const outputs = async () => (await readdir(site.dir)).filter((name) => name.startsWith('dist')).sort();
      const before = { out: await fingerprint(site.out), outputs: await outputs() };
      await site.edit('blog/google-ads-guide.md', (text) =>
        text.replace(/^title: .*$/m, 'title: "Retitled, Then Interrupted"'),
      );

      const interrupted = await runSitegenHeld([...site.buildArgs, ...(incremental ? ['--incremental'] : [])], {
        cwd: projectRoot,
        env: localLeads,
        held: join(site.content, 'pages/404.json'),
        atFirstLine: (child) => child.kill(signal),
      });
      expect(interrupted.stderr).toBe(`sitegen: build interrupted by ${signal}: the output is as it was\n`);
      expect(interrupted.code).toBe(code);
      expect(await fingerprint(site.out)).toEqual(before.out);
      expect(await outputs()).toEqual(before.outputs);

      // The next build makes what the interrupted one would have.
      expect(await buildHereAgain()).toBe('');
      expect(await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8')).toContain(
        'Retitled, Then Interrupted',
      );
    },
  );
});
