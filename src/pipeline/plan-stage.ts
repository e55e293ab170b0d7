/**
 * The plan, and the site's files besides its pages and public/'s, each a pure function of it; the plan validated once
 * against them, so that no file of public/ is where the build writes one of its own; and only then the editor at
 * /admin (CMS_REPO), its script bundled by esbuild.
 */
import { editorFiles, productionEditor } from '../admin/editor-files';
import type { BuiltAssets } from '../assets/build-assets';
import { planSettings } from '../config';
import type { MarkdownBody } from '../content/model';
import { cardsVersionOf } from '../images/site-images';
import { listFiles } from '../list-files';
import type { OutputFile } from '../output/output';
import { siteFiles } from '../output/site-files';
import { planSite, type SitePlan } from '../plan/plan-site';
import { refuseOnScheduledDays } from '../plan/scheduled-days';
import { validatePlan } from '../plan/validate-plan';
import type { BuildRun, SiteRun } from './build-run';
import type { ReadContent } from './content-stage';

/** Cloudflare Pages reads 2,000 static lines of _redirects and drops the rest unsaid; each redirect is two (redirect-files.ts). */
const cloudflareRedirects = 1000;

export function planStage({ config, publishing, log }: BuildRun, { content, catalog }: ReadContent): SitePlan {
  const settings = { ...planSettings(config), cardsVersion: cardsVersionOf(config.templatesDir, content, catalog) };
  const plan = planSite({ content, images: catalog.descriptors, settings }, publishing);
  const count = plan.redirects.length;
  if (count > cloudflareRedirects)
    log.info(
      `  redirects  ${count.toLocaleString('en-GB')} redirects: Cloudflare Pages applies the first ${cloudflareRedirects.toLocaleString('en-GB')} and answers the rest with the page left at each old path (a 200, not a 301); Netlify and sitegen preview apply every one`,
    );
  return plan;
}

export async function makeSiteFiles(
  { config, content, log }: SiteRun,
  plan: SitePlan,
  assets: BuiltAssets,
): Promise<{ files: OutputFile[]; images: string[] }> {
  const editor = config.cms && productionEditor(config.cms);
  const bodyHtml = (body: MarkdownBody) => content.reader.bodyHtml(body);
  const options = { supabaseUrl: config.supabase.url, dev: false, noindex: config.drafts, editor: editor?.headers };
  const { files, images } = siteFiles({ plan, assets, bodyHtml }, options);
  const writes = [...files.map((file) => file.path), ...(editor?.paths ?? [])];
  const publicFiles = listFiles(config.publicDir);
  for (const link of validatePlan(plan, publicFiles, writes)) log.stage('old link', link, -1);
  refuseOnScheduledDays(plan, publicFiles);
  if (!editor) return { files, images };
  return { files: [...files, ...(await editorFiles(config, editor, { plan, assets, bodyHtml }))], images };
}
