/**
 * A project copy as the redirect tests (tests/site/redirects-*.test.ts and
 * check-since.test.ts) change and check it: redirects added to
 * content/redirects.json, saved as the content index trusts it, an article
 * given earlier slugs, and the links gate run on its output.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCheckCommand } from '../../src/check/check-command';
import type { CliResult } from './cli';
import { writeSettled, type ProjectCopy } from './project-copy';

export const redirectsFile = (project: ProjectCopy) => join(project.dir, 'content', 'redirects.json');

/** content/redirects.json with these redirects after the two the site has. */
export async function addRedirects(project: ProjectCopy, redirects: object[]): Promise<void> {
  const file = redirectsFile(project);
  const content = JSON.parse(await readFile(file, 'utf8')) as { redirects: object[] };
  await writeSettled(file, JSON.stringify({ ...content, redirects: [...content.redirects, ...redirects] }, null, 2));
}

/** An article's front matter given these earlier slugs (a JSON list), each redirected to it. */
export const withAliases = (aliases: string) => (text: string) =>
  text.replace(/^readTime:/m, `aliases: ${aliases}\nreadTime:`);

/**
 * `sitegen check --dir out --only links [--since <since>]` in the project
 * folder, run in this process: what the command prints, and its exit code.
 */
export async function checkLinks(root: string, since?: string): Promise<CliResult> {
  let stdout = '';
  const passed = await runCheckCommand({ root, dir: 'out', only: 'links', since }, (text) => (stdout += text));
  return { code: passed ? 0 : 1, stdout, stderr: '' };
}
