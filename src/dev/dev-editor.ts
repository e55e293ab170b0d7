/**
 * The editor at /admin in `sitegen dev`, its files made when first asked for, and Decap's local backend, through which
 * it reads and writes content/: every save is a file the dev server rebuilds from like any other edit.
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

const pagePaths = new Set(['/admin', '/admin/', '/admin/index.html']);

export class DevEditor {
  private bundle?: Promise<EditorBundle>;
  readonly backend: LocalBackend;

  constructor(
    private readonly site: DevSite,
    private readonly config: BuildConfig,
    private readonly setup: { decap: DecapFiles; events: string; log: (line: string) => void },
  ) {
    this.backend = localBackend({ root: config.root, contentDir: config.contentDir, log: setup.log });
  }

  /**
   * True when answered. The editor's page holds no secret, and is served to any browser of this machine; what saves,
   * the backend, takes the token of the address sitegen dev printed, which the page keeps (admin/local-token.ts).
   */
  intercept(request: IncomingMessage, response: ServerResponse, path: string): boolean {
    if (path === localBackendPath) return this.backend.handle(request, response);
    if (pagePaths.has(path)) response.setHeader('Cache-Control', 'no-store');
    return false;
  }

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
    return path === bundle.file.path ? bundle.file.content : this.setup.decap.read(path);
  }

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
      backend: { name: 'local' as const, url: localBackendPath, tokenHeader: this.backend.tokenHeader },
      decap: decap.script,
      content: '/admin/content.json',
      events,
    };
    return editorHtml(site, settings, `/${bundle.file.path}`);
  }

  private script(): Promise<EditorBundle> {
    return (this.bundle ??= bundleEditor(this.config));
  }
}

const problemPage = (message: string): string =>
  [
    '<!DOCTYPE html>',
    '<html lang="en-GB">',
    '<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>The editor could not open</title></head>',
    `<body style="font-family: system-ui, sans-serif; margin: 2rem"><h1>The editor could not open</h1><p>${escapeHtml(message)}</p></body>`,
    '</html>',
    '',
  ].join('\n');
