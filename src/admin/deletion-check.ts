/**
 * What the build would refuse once the editor's delete is made, a live article's, or a file another uses (a photo, an
 * article linked to: said of it, admin/in-use.ts, as the build's words would blame the other). Decap checks nothing
 * first; an article another links to, or the logo, deleted would stop every build and page of `sitegen dev`, a live
 * article every deploy (`sitegen check --since`). Only the content less those files is read, linked into .sitegen/
 * under the project's name for it (as refusals name files): a file's own fault, deleted with it, refuses nothing.
 */
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadSite } from '../content/load-site';
import { liveArticleStays, londonDay, publicationStatus } from '../content/publishing';
import { planSettings, resolveConfig } from '../config';
import { ContentError, SitegenError } from '../errors';
import { goneArticles, stillUsed } from '../../admin/in-use';
import { readSite } from '../images/model-images';
import { listFiles } from '../list-files';
import { paths } from '../paths';
import { planSite } from '../plan/plan-site';
import { validatePlan } from '../plan/validate-plan';
import { deletedPaths, type BackendFolders, type Refusal } from './backend-paths';

/** 409 for a deletion the build would refuse; undefined for a request that deletes nothing. */
export async function deletionRefusal(folders: BackendFolders, body: unknown): Promise<Refusal | undefined> {
  const deleted = deletedPaths(body);
  if (deleted.length === 0) return undefined;
  const { root, content } = folders;
  const config = resolveConfig({ root, content });
  await mkdir(join(root, '.sitegen'), { recursive: true });
  const scratch = await mkdtemp(join(root, '.sitegen', 'deletion-'));
  const today = londonDay(config.now());
  try {
    const gone = goneArticles(folders, deleted);
    const live = gone.find((article) => article.slug && publicationStatus(article, today) === 'published');
    if (live?.slug)
      throw new ContentError(live.file, '', `is live at ${paths.article(live.slug)}: deleted, ${liveArticleStays}`);
    const contentDir = join(scratch, relative(root, content));
    await linkTree(content, contentDir, new Set(deleted.map((path) => join(root, path))));
    const model = loadSite({ contentDir, projectRoot: scratch });
    const photos = new Set(deleted.map((path) => relative(content, join(root, path))));
    const used = stillUsed(model, gone, photos, relative(root, content));
    if (used) throw used;
    const site = await readSite({ contentDir, projectRoot: scratch }, model);
    const publicFiles = listFiles(config.publicDir);
    const input = { content: site.content, images: site.catalog.descriptors, settings: planSettings(config) };
    for (const drafts of [false, true]) validatePlan(planSite(input, { today, drafts }), publicFiles);
  } catch (error) {
    if (error instanceof SitegenError) return { status: 409, reason: error.message.replaceAll(`${scratch}/`, '') };
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `from`'s files at `to`, as links (a copy where the folders are on different disks), but for those in `left`. */
async function linkTree(from: string, to: string, left: ReadonlySet<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (left.has(source)) continue;
    if (entry.isDirectory()) await linkTree(source, target, left);
    else if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
  }
}
