/**
 * The site's files besides its pages and public/'s: the assets, sitemap.xml,
 * robots.txt, _headers, the feeds and the redirects, each a pure function of
 * the plan, made before the plan is validated against them; and the editor
 * at /admin when the build has a repository for it to save to (CMS_REPO),
 * its script bundled once the plan is validated.
 */
import { editorFiles, productionEditor, type ProductionEditor } from '../admin/editor-files';
import type { BuiltAssets } from '../assets/build-assets';
import type { LegalPage, MarkdownBody } from '../content/model';
import type { OutputFile } from '../output/output';
import { siteFiles } from '../output/site-files';
import type { SitePlan } from '../plan/plan-site';
import type { SiteRun } from './build-run';

export interface SiteFiles {
  files: OutputFile[];
  /** The site's own images they name (the feeds'), as paths of the output: the build makes them. */
  images: string[];
  /** The editor the build writes, if any. */
  editor?: ProductionEditor;
}

export function makeSiteFiles(run: SiteRun, plan: SitePlan, assets: BuiltAssets): SiteFiles {
  const { config, content } = run;
  const editor = config.cms && productionEditor(config.cms);
  const bodyHtml = (body: MarkdownBody) => content.reader.bodyHtml(body);
  const options = { supabaseUrl: config.supabase.url, dev: false, noindex: config.drafts, editor: editor?.headers };
  return { ...siteFiles({ plan, assets, bodyHtml }, options), editor };
}

/** Every path of the output the build writes besides its pages: what public/ may not hold. */
export function writtenPaths({ files, editor }: SiteFiles): string[] {
  return [...files.map((file) => file.path), ...(editor?.paths ?? [])];
}

/** The editor's files: its page, its script (bundled by esbuild), Decap CMS, and the content as this build read it. */
export async function makeEditor(
  run: SiteRun,
  { plan, assets, files }: { plan: SitePlan; assets: BuiltAssets; files: SiteFiles },
): Promise<OutputFile[]> {
  if (!files.editor) return [];
  const bodyHtml = (page: LegalPage) => run.content.reader.bodyHtml(page.body);
  return editorFiles(run.config, files.editor, { plan, assets, bodyHtml });
}
