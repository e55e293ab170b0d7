/**
 * The editor at /admin in `sitegen dev`: its page, its script and Decap
 * CMS, with the content it checks and previews entries against, made when
 * first asked for; and Decap's local backend (decap-server), started with
 * the first visit, through which the editor reads and writes content/.
 * Every save is a file the dev server rebuilds from like any other edit.
 */
import { relative } from 'node:path';
import { isInside } from '../list-files';
import { bundleEditor, type EditorBundle } from '../admin/editor-bundle';
import { DecapFiles, editorHtml } from '../admin/editor-page';
import { localBackendOrigin, startLocalBackend, type LocalBackend } from '../admin/local-backend';
import type { BuildConfig } from '../config';
import type { EditorHeaders } from '../output/site-files';
import type { DevSite } from './dev-site';

export interface DevEditorSetup {
  decap: DecapFiles;
  /** The loopback port decap-server listens on once started (freePort, local-backend.ts). */
  port: number;
  /** The dev server's reload events, which tell the editor the content changed. */
  events: string;
  log: (line: string) => void;
}

export class DevEditor {
  private bundle?: Promise<EditorBundle>;
  private backend?: Promise<LocalBackend>;

  constructor(
    private readonly site: DevSite,
    private readonly config: BuildConfig,
    private readonly setup: DevEditorSetup,
  ) {}

  /** What the editor's own rules in _headers allow it: its local backend, and Decap's folder cached. */
  static headers({ decap, port }: Pick<DevEditorSetup, 'decap' | 'port'>): EditorHeaders {
    return { connect: [localBackendOrigin(port)], decapFolder: decap.folder };
  }

  /** A file of /admin by its path under the output; undefined for any other path. */
  async read(path: string): Promise<string | Uint8Array | undefined> {
    if (!path.startsWith('admin/')) return undefined;
    if (path === 'admin/index.html') return this.page();
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

  async close(): Promise<void> {
    const backend = await this.backend?.catch(() => undefined);
    await backend?.close();
  }

  private async page(): Promise<string | undefined> {
    const { decap, port, events, log } = this.setup;
    this.backend ??= startLocalBackend(this.config.root, port, log).then((backend) => {
      log(
        `  editor     saves to ${relative(this.config.root, this.config.contentDir)}/ through decap-server on ${new URL(backend.url).host}`,
      );
      return backend;
    });
    // A backend that failed to start is started again by the next visit.
    this.backend.catch(() => (this.backend = undefined));
    const [backend, bundle] = await Promise.all([this.backend, this.script()]);
    const site = this.site.model()?.site;
    if (!site) return undefined;
    const settings = {
      backend: { name: 'local' as const, url: backend.url },
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
