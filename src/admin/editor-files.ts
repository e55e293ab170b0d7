/**
 * /admin in a production build (CMS_REPO set): the editor for Decap's GitHub backend, which saves each change as a
 * commit to the repository's branch, for CI to build.
 */
import type { BuildConfig, CmsSettings } from '../config';
import { isPublished, jobStatus } from '../content/publishing';
import type { OutputFile } from '../output/output';
import type { EditorHeaders, SiteFileSources } from '../output/site-files';
import { bundleEditor } from './editor-bundle';
import { editorContent } from './editor-content';
import { DecapFiles, editorHtml, editorPath } from './editor-page';

/** Decap's GitHub backend reaches GitHub's API, and the OAuth provider that signs marketers in. */
export function productionEditor(cms: CmsSettings) {
  const decap = new DecapFiles();
  const auth = cms.authUrl ? new URL(cms.authUrl).origin : 'https://api.netlify.com';
  const headers: EditorHeaders = { connect: ['https://api.github.com', auth], decapFolder: decap.folder };
  // Beside them in admin/, the script, named by its hash once bundled.
  const paths = ['admin/index.html', 'admin/content.json', ...decap.all().map((file) => file.path)];
  return { cms, decap, headers, paths };
}

export async function editorFiles(
  config: BuildConfig,
  { cms, decap }: ReturnType<typeof productionEditor>,
  { plan, assets, bodyHtml }: SiteFileSources,
): Promise<OutputFile[]> {
  const bundle = await bundleEditor(config);
  const content = editorContent(config, {
    plan,
    stylesheet: `/${assets.stylesheet.file}`,
    bodyHtml,
    // Anyone may read /admin/content.json: drafts and scheduled articles stay in the repository until they go live.
    articles: plan.model.articles.filter((article) => isPublished(article, plan.publishing)),
  });
  // So does a job not yet posted: the role may not be announced.
  const jobs = content.json['jobs.json'] as { jobs: { datePosted: string; validThrough: string }[] } | undefined;
  if (jobs) {
    const posted = jobs.jobs.filter((job) => jobStatus(job, plan.publishing.today) !== 'waiting');
    content.json['jobs.json'] = { ...jobs, jobs: posted };
  }
  const settings = {
    backend: { name: 'github' as const, repo: cms.repo, branch: cms.branch, authUrl: cms.authUrl },
    decap: decap.script,
    content: `${editorPath}content.json`,
  };
  return [
    { path: 'admin/index.html', content: editorHtml(plan.model.site, settings, `/${bundle.file.path}`) },
    { path: 'admin/content.json', content: JSON.stringify(content) },
    bundle.file,
    ...decap.all(),
  ];
}
