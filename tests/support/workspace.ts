/**
 * Scratch copies of the real content (and of a good build), for a test to
 * break one file of; and the build run in this process, for tests of what a
 * build makes or refuses rather than of the process that runs it.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planSettings, resolveConfig } from '../../src/config';
import { londonDay } from '../../src/content/publishing';
import { SitegenError } from '../../src/errors';
import { readSite } from '../../src/images/model-images';
import { listFiles } from '../../src/list-files';
import type { BuildCommandOptions } from '../../src/pipeline/build';
import { planSite } from '../../src/plan/plan-site';
import { validatePlan } from '../../src/plan/validate-plan';
import { localLeads, projectRoot, runSitegen } from './cli';
import { buildInProcess } from './project-copy';
import { siteDir, siteUrl } from './site';

const workspaces: string[] = [];

/** Removes every workspace this test file made: its afterAll. */
export async function removeWorkspaces(): Promise<void> {
  await Promise.all(workspaces.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A copy of the real content/ in a folder of its own, with `edit` to change one of its files. */
export async function contentWorkspace() {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-bad-'));
  workspaces.push(dir);
  const content = join(dir, 'content');
  await cp(join(projectRoot, 'content'), content, { recursive: true });
  const edit = async (file: string, change: (text: string) => string) => {
    const path = join(content, file);
    const before = await readFile(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the edit of ${file} changed nothing`);
    await writeFile(path, after);
  };
  return { dir, content, edit, refusal: () => contentRefusal(content) };
}

/** The content workspace with a copy of a good build beside it, as dist/, and the real executable to build with. */
export async function workspace() {
  const site = await contentWorkspace();
  const out = join(site.dir, 'dist');
  await cp(siteDir(), out, { recursive: true });
  const buildArgs = ['build', '--content', site.content, '--out', out, '--site-url', siteUrl()];
  return {
    ...site,
    out,
    buildArgs,
    /** `sitegen build` of the workspace, by the real executable. */
    build: () => runSitegen(buildArgs, { env: localLeads }),
    /** The same build in this process: what the executable would print on stderr. */
    buildHere: () => buildHere({ content: site.content, out, siteUrl: siteUrl() }),
  };
}

/** What src/cli.ts prints for a failure the user can fix; anything else (a defect, printed with its stack) is thrown. */
export function printed(error: unknown): string {
  if (error instanceof SitegenError) return `sitegen: ${error.message}\n`;
  throw error;
}

/**
 * What `sitegen build` of a content folder would be refused with, checked in
 * this process as a build checks it before it writes anything: the content
 * read and validated and its images described (readSite, as `sitegen check`
 * reads it), then the site planned and its pages' paths and links checked
 * (validatePlan). The line the executable prints on stderr, or undefined if
 * the content is accepted.
 */
export async function contentRefusal(contentDir: string): Promise<string | undefined> {
  try {
    const { content, catalog } = await readSite({ contentDir, projectRoot });
    const config = resolveConfig({ root: projectRoot, content: contentDir, siteUrl: siteUrl() }, {});
    const publishing = { today: londonDay(config.now()), drafts: false };
    const plan = planSite({ content, images: catalog.descriptors, settings: planSettings(config) }, publishing);
    validatePlan(plan, listFiles(config.publicDir));
    return undefined;
  } catch (error) {
    return printed(error);
  }
}

/**
 * `sitegen build` (quiet) of a content folder in this process, with the
 * project's code unless `root` names another: what the executable would
 * print on stderr ('' for a build that succeeds).
 */
export async function buildHere({ root = projectRoot, ...options }: BuildCommandOptions): Promise<string> {
  return (await buildInProcess(root, options)).stderr;
}
