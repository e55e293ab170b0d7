/**
 * What only the process shows of a build that bad content stops: exit code 1, the message alone on stderr and printed
 * last, dist/ as it was and nothing left beside it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { brokenFrontMatter, buildCaseTimeout, deadNavigationLink, quotedDraftFlag } from '../support/build-refusals';
import { executable, localLeads, projectRoot } from '../support/cli';
import { fingerprint } from '../support/fingerprint';
import { contentWorkspace, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

describe('bad input', () => {
  // What only the process shows, for a file the site cannot read, a value its schema refuses and a rule of the plan's
  // (checked once the assets are being made): exit code 1, the message alone on stderr, dist/ as it was and nothing
  // left beside it.
  it.concurrent.each([brokenFrontMatter, quotedDraftFlag, deadNavigationLink])(
    '%s stops `sitegen build` with exit code 1 and leaves dist/ as it was',
    async (_, file, change, message) => {
      const site = await workspace();
      const before = await fingerprint(site.out);
      await site.edit(file, change);
      const result = await site.build();
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/^sitegen: [^\n]+\n$/);
      expect(result.code).toBe(1);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(await fingerprint(site.out)).toEqual(before);
      expect((await readdir(site.dir)).sort()).toEqual(['content', 'dist']);
    },
  );

  it.concurrent(
    'a build stopped by bad content prints its error last, after the lines of what ran beside it',
    async () => {
      const site = await contentWorkspace();
      await site.edit('blog/google-ads-guide.md', (text) => text.replace('title: "', 'title: [unclosed "'));
      const args = ['build', '--content', site.content, '--out', join(site.dir, 'dist')];
      // As a terminal shows it: both streams in one, in the order they were written.
      const shell = spawn('sh', ['-c', '"$0" "$@" 2>&1', process.execPath, executable, ...args], {
        cwd: projectRoot,
        env: { ...process.env, ...localLeads },
      });
      let printed = '';
      shell.stdout.on('data', (chunk: Buffer) => (printed += chunk));
      expect((await once(shell, 'close'))[0]).toBe(1);
      const lines = printed.trimEnd().split('\n');
      expect(lines.filter((line) => /^ {2}(styles|islands|templates) /.test(line))).toHaveLength(3);
      expect(lines.at(-1)).toMatch(/^sitegen: \S+\/blog\/google-ads-guide\.md: front matter: is not valid YAML/);
    },
  );
});
