/**
 * What the build would refuse once a delete the editor asks for is made, or a live article's delete: Decap runs no check of
 * ours before it deletes (it has no such event), and an article another links to, or the logo, deleted would stop every
 * build and every page of `sitegen dev`, and a live article deleted every deploy (`sitegen check --since`). The content, without those files, is linked into a scratch folder under .sitegen/ named as the
 * project names it, so that a refusal names the files as the build does.
 */
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadSite } from '../content/load-site';
import { liveArticleStays, londonDay, publicationStatus } from '../content/publishing';
import { planSettings, resolveConfig } from '../config';
import { ContentError, SitegenError } from '../errors';
import { readSite } from '../images/model-images';
import { listFiles } from '../list-files';
import { paths } from '../paths';
import { planSite } from '../plan/plan-site';
import { validatePlan } from '../plan/validate-plan';
import type { BackendFolders } from './backend-paths';

export async function deletionRefusal(folders: BackendFolders, deleted: readonly string[]) {
  const { root, content } = folders;
  const config = resolveConfig({ root, content });
  await mkdir(join(root, '.sitegen'), { recursive: true });
  const scratch = await mkdtemp(join(root, '.sitegen', 'deletion-'));
  const today = londonDay(config.now());
  try {
    const live = loadSite({ contentDir: content, projectRoot: root }).articles.find(
      (article) => article.slug && deleted.includes(article.file) && publicationStatus(article, today) === 'published',
    );
    if (live?.slug)
      throw new ContentError(live.file, '', `is live at ${paths.article(live.slug)}: deleted, ${liveArticleStays}`);
    const contentDir = join(scratch, relative(root, content));
    await linkTree(content, contentDir, new Set(deleted.map((path) => join(root, path))));
    const site = await readSite({ contentDir, projectRoot: scratch });
    const publicFiles = listFiles(config.publicDir, { hidden: true });
    const settings = planSettings(config);
    for (const drafts of [false, true]) {
      const plan = planSite({ content: site.content, images: site.catalog.descriptors, settings }, { today, drafts });
      validatePlan(plan, publicFiles);
    }
    return undefined;
  } catch (error) {
    // Named as the project names them: the scratch folder is none of the marketer's business.
    if (error instanceof SitegenError) return error.message.replaceAll(`${scratch}/`, '');
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `from`'s files at `to`, as links (a copy where the folders are on different disks), but for those in `left`. */
async function linkTree(from: string, to: string, left: ReadonlySet<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (left.has(source)) continue;
    if (entry.isDirectory()) await linkTree(source, target, left);
    else if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
  }
}
