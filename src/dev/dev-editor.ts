/**
 * The editor at /admin in `sitegen dev`: its page, its script and Decap
 * CMS, with the content it checks and previews entries against, made when
 * first asked for; and Decap's local backend (decap-server) at
 * /admin/api/v1, through which the editor reads and writes content/. Every
 * save is a file the dev server rebuilds from like any other edit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../escape';
import { messageOf, SitegenError } from '../errors';
import { isInside } from '../list-files';
import { bundleEditor, type EditorBundle } from '../admin/editor-bundle';
import { DecapFiles, editorHtml } from '../admin/editor-page';
import { localBackend, localBackendPath, type LocalBackend } from '../admin/local-backend';
import type { BuildConfig } from '../config';
import type { DevSite } from './dev-site';

/** The editor's page, by the paths it is served at: where the dev server hands it the local backend's token. */
const pagePaths = new Set(['/admin', '/admin/', '/admin/index.html']);

export class DevEditor {
  private bundle?: Promise<EditorBundle>;
  private readonly backend: LocalBackend;

  constructor(
    private readonly site: DevSite,
    private readonly config: BuildConfig,
    /** `events`: the dev server's reload events, which tell the editor the content changed. */
    private readonly setup: { decap: DecapFiles; events: string; log: (line: string) => void },
  ) {
    this.backend = localBackend({ root: config.root, contentDir: config.contentDir, log: setup.log });
  }

  /**
   * Answers a request of the local backend (true); for the editor's page, hands it the backend's token and lets the
   * site's handler serve it (false), as for any other request.
   */
  intercept(request: IncomingMessage, response: ServerResponse, path: string): boolean {
    if (path === localBackendPath) {
      this.backend.handle(request, response);
      return true;
    }
    if (pagePaths.has(path) && (request.method === 'GET' || request.method === 'HEAD'))
      response.setHeader('Set-Cookie', this.backend.cookie(request));
    return false;
  }

  /** A file of /admin by its path under the output ("admin/index.html"); undefined for one the editor does not have. */
  async read(path: string): Promise<string | Uint8Array | undefined> {
    if (path === 'admin/index.html')
      return this.page().catch((error: unknown) => {
        this.setup.log(`  editor     ${messageOf(error)}`);
        return problemPage(messageOf(error));
      });
    if (path === 'admin/content.json') {
      const content = this.site.editorContent();
      return content && JSON.stringify(content);
    }
    const bundle = await this.script();
    if (path === bundle.file.path) return bundle.file.content;
    return this.setup.decap.read(path);
  }

  /** Files changed: the editor's script is made again if it is made from one of them (its code, a template, an island). */
  changed(paths: Iterable<string>): void {
    if (!this.bundle) return;
    const changed = [...paths];
    this.bundle.then(
      ({ inputs }) => {
        if (changed.some((path) => inputs.includes(path) || isInside(this.config.adminDir, path)))
          this.bundle = undefined;
      },
      () => (this.bundle = undefined),
    );
  }

  private async page(): Promise<string | undefined> {
    const { decap, events } = this.setup;
    const { root, contentDir } = this.config;
    // Decap names files by their paths from the project's folder, which the local backend keeps to content/ in.
    if (!isInside(root, contentDir))
      throw new SitegenError(
        `the editor saves into the project's folder, and the content (${contentDir}) is outside it (${root}): run sitegen dev without --content to edit it`,
      );
    const bundle = await this.script();
    const site = this.site.model()?.site;
    if (!site) return undefined;
    const settings = {
      backend: { name: 'local' as const, url: localBackendPath },
      decap: decap.script,
      content: '/admin/content.json',
      events,
    };
    return editorHtml(site, settings, `/${bundle.file.path}`);
  }

  private script(): Promise<EditorBundle> {
    this.bundle ??= bundleEditor(this.config);
    return this.bundle;
  }
}

/** What /admin shows when the editor cannot open: the reason, as the terminal says it. */
function problemPage(message: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>The editor could not open</title></head>',
    `<body style="font-family: system-ui, sans-serif; margin: 2rem"><h1>The editor could not open</h1><p>${escapeHtml(message)}</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
