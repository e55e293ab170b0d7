/** A scratch copy of the real content and of a good build, for a test to break one file of and build with the real executable. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot, runSitegen } from './cli';
import { siteDir, siteUrl } from './site';

const workspaces: string[] = [];

/** Removes every workspace this test file made: its afterAll. */
export async function removeWorkspaces(): Promise<void> {
  await Promise.all(workspaces.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export async function workspace() {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-bad-'));
  workspaces.push(dir);
  const content = join(dir, 'content');
  const out = join(dir, 'dist');
  await Promise.all([
    cp(join(projectRoot, 'content'), content, { recursive: true }),
    cp(siteDir(), out, { recursive: true }),
  ]);
  const edit = async (file: string, change: (text: string) => string) => {
    const path = join(content, file);
    const before = await readFile(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    await writeFile(path, after);
  };
  const build = () =>
    runSitegen(['build', '--content', content, '--out', out, '--site-url', siteUrl()], { env: { SUPABASE_URL: '' } });
  return { dir, content, out, edit, build };
}
