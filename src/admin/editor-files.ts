/**
 * /admin in a production build (CMS_REPO set): the editor for Decap's
 * GitHub backend, which saves each change as a commit to the repository's
 * branch, for CI to build. Its page, its script, Decap CMS, and the content
 * as this build read it (what the editor checks and previews entries
 * against); and its own rules for _headers.
 */
import type { BuiltAssets } from '../assets/build-assets';
import type { BuildConfig, CmsSettings } from '../config';
import { leadEndpoint } from '../config';
import type { LegalPage, SiteModel } from '../content/model';
import { isPublished, type Publishing } from '../content/publishing';
import type { LocalImage } from '../images/image-names';
import type { OutputFile } from '../output/output';
import type { EditorHeaders } from '../output/site-files';
import { bundleEditor } from './editor-bundle';
import { editorContent } from './editor-content';
import { DecapFiles, editorHtml, editorPath } from './editor-page';

export interface EditorSources {
  model: SiteModel;
  publishing: Publishing;
  assets: BuiltAssets;
  images: ReadonlyMap<string, LocalImage>;
  bodyHtml(page: LegalPage): string;
}

/** What Decap's GitHub backend reaches besides the site: GitHub's API, and the OAuth provider that signs marketers in. */
export function productionEditorHeaders(cms: CmsSettings, decap: DecapFiles): EditorHeaders {
  const auth = cms.authUrl ? new URL(cms.authUrl).origin : 'https://api.netlify.com';
  return { connect: ['https://api.github.com', auth], decapFolder: decap.folder };
}

export async function editorFiles(
  config: BuildConfig,
  cms: CmsSettings,
  sources: EditorSources,
): Promise<OutputFile[]> {
  const decap = new DecapFiles();
  const { model, assets } = sources;
  const bundle = await bundleEditor(config);
  const content = editorContent({
    model,
    contentDir: config.contentDir,
    publicDir: config.publicDir,
    siteUrl: config.siteUrl,
    endpoint: leadEndpoint(config),
    stylesheet: `/${assets.stylesheet.file}`,
    images: sources.images,
    bodyHtml: sources.bodyHtml,
    // Anyone may read /admin/content.json: drafts and scheduled articles stay in the repository until they go live.
    articles: model.articles.filter((article) => isPublished(article, sources.publishing)),
  });
  const settings = {
    backend: { name: 'github' as const, repo: cms.repo, branch: cms.branch, authUrl: cms.authUrl },
    decap: decap.script,
    content: `${editorPath}content.json`,
  };
  return [
    { path: 'admin/index.html', content: editorHtml(model.site, settings, `/${bundle.file.path}`) },
    { path: 'admin/content.json', content: JSON.stringify(content) },
    bundle.file,
    ...decap.all(),
  ];
}
