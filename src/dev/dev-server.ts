/**
 * `sitegen dev`: the site built in memory, served exactly as `sitegen preview` serves it, rebuilt incrementally on
 * every change of its sources, with open browsers told to reload. A failed rebuild shows its error in the browser and
 * the terminal until the next good one: the server never exits on a bad edit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { requireProject, resolveConfig, type BuildConfig } from '../config';
import { messageOf } from '../errors';
import { clock, describeLeadSettings, leadsLine, openLocalLeads } from '../leads/local-leads';
import { purgedLine } from '../leads/lead-retention';
import { isInside } from '../list-files';
import { decoded } from '../paths';
import { diskSource } from '../server/disk-source';
import type { LocalServerOptions } from '../server/preview';
import { refuseOffLoopback } from '../server/loopback';
import { startSiteServer } from '../server/site-server';
import type { SiteSource } from '../server/static-site';
import { DecapFiles } from '../admin/editor-page';
import { DevEditor } from './dev-editor';
import { DevSite } from './dev-site';
import { OpenPages } from './open-pages';
import { RebuildQueue, type RebuildOutcome } from './rebuild-queue';
import { errorFile, errorPage } from './error-page';
import { devScripts, reloadClient, reloadWorker } from './reload-client';
import { watchFolders } from './watch-folders';

interface DevOptions extends LocalServerOptions {
  content?: string;
  log?: (line: string) => void;
  /** With it, the server starts from the asset cache and content index that builds keep, and keeps them up to date. */
  generator?: string;
}

export type DevServer = Awaited<ReturnType<typeof startDevServer>>;

const defaultDevPort = 4321;

export async function startDevServer(options: DevOptions = {}) {
  const root = resolve(options.root ?? process.cwd());
  const { config, liveLeads } = devConfig(root, options.content);
  await refuseOffLoopback(options.host ?? 'localhost');
  const log = options.log ?? ((line: string) => console.log(line));
  const decap = new DecapFiles();
  // The editor's own rules in _headers: its own origin (its backend's) alone, Decap's folder cached.
  const editorHeaders = { connect: [], decapFolder: decap.folder };
  const site = new DevSite(config, { generator: options.generator, editor: editorHeaders });
  const editor = new DevEditor(site, config, { decap, events: devScripts.events, log });
  const clients = new OpenPages(() => new Set(site.routes().map((route) => route.path)));
  const report = rebuildLines(root, log);
  const refusals = refusalLines(site, log);
  const rebuilds = new RebuildQueue(site, (outcome, changed) => {
    // Browsers first: the line in the terminal can wait a moment, a page waiting for its reload is what the edit costs.
    clients.rebuilt(outcome);
    editor.changed(changed);
    report(outcome, changed);
    refusals();
  });
  // The lead database opens with the first lead: pages are served as soon as the site is known.
  const leads = await openLocalLeads({
    root,
    leadsDir: options.leadsDir,
    settings: options.leadSettings,
    log: (message) => log(leadsLine(message)),
    onLead: (line) => log(`  ${line}`),
    when: 'needed',
  });
  const first = await rebuilds.rebuild();
  const server = await startSiteServer({
    source: siteSource(site, editor, config.publicDir),
    port: options.port ?? defaultDevPort,
    host: options.host ?? 'localhost',
    leads: leads.handler,
    intercept: devAnswers({ site, editor, rebuilds, clients, listing: leads.listing, root, log }),
  });
  await leads.announce(server.url);
  log(`sitegen dev: ${server.url}/`);
  log(`  editor     ${editor.backend.address(server.url)}`);
  if (liveLeads)
    log(leadsLine(`the forms post here, not to SUPABASE_URL (${liveLeads}): test leads stay on this machine`));
  log(leadsLine(describeLeadSettings(leads.settings)));
  if ('error' in first) log(failureLine(first.error, root));
  else {
    log(`  ready in ${Math.round(first.ms)} ms, ${first.pages.length} pages (each rendered when first opened)`);
    refusals();
    site.saveIndex();
  }
  // Once the site is served: the leads past their time go (lead-retention.ts), as at every start of preview.
  const purging = leads.purge().then(
    (purged) => void (purged > 0 && log(leadsLine(purgedLine(purged)))),
    (error: unknown) => log(leadsLine(`old leads could not be purged: ${messageOf(error)}`)),
  );
  const stopWatching = watchSources(config, rebuilds, editor, log);
  return {
    ...server,
    site,
    editorUrl: editor.backend.address(server.url),
    /** The lead database, opened by the first lead if not before. */
    leads: leads.database,
    /** How many pages have begun to listen for rebuilds (tests wait on it). */
    pagesListening: () => clients.pagesListening,
    idle: () => rebuilds.idle(),
    close: async () => {
      stopWatching();
      clients.close();
      await rebuilds.close();
      await server.close();
      await purging;
      await leads.close();
      if (!rebuilds.failure) site.saveIndex();
      site.close();
    },
  };
}

/** A form filled in while developing posts here, not to SUPABASE_URL: the live site's, with the agency's leads. */
function devConfig(root: string, content: string | undefined): { config: BuildConfig; liveLeads: string | undefined } {
  const settings = resolveConfig({ root, content });
  requireProject(settings);
  return { config: { ...settings, supabase: { url: undefined, anonKey: '' } }, liveLeads: settings.supabase.url };
}

function devAnswers(dev: {
  site: DevSite;
  editor: DevEditor;
  rebuilds: RebuildQueue;
  clients: OpenPages;
  listing: (request: IncomingMessage, response: ServerResponse) => boolean;
  root: string;
  log: (line: string) => void;
}) {
  const renderFailure = renderFailures(dev.site, dev.root, dev.log);
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === devScripts.events) return dev.clients.listen(request, response);
    if (path === devScripts.changed) return dev.clients.changedSince(request, response);
    if (path === devScripts.client) return sendUncached(response, 200, 'text/javascript', reloadClient);
    if (path === devScripts.worker) return sendUncached(response, 200, 'text/javascript', reloadWorker);
    if (dev.editor.intercept(request, response, path)) return true;
    const problem = wantsPage(request, path) && (dev.rebuilds.failure ?? renderFailure(path));
    if (problem) return sendUncached(response, 500, 'text/html', errorPage(problem, dev.root, devScripts.client));
    return dev.listing(request, response);
  };
}

/** A change of the editor's own code makes its script again, nothing else. */
function watchSources(config: BuildConfig, rebuilds: RebuildQueue, editor: DevEditor, log: (line: string) => void) {
  // Editors' swap and backup files (.x.swp, x~) are not content.
  const ignored = (name: string) => /^\.|~$/.test(name);
  // The generator's code edited or pulled: this process runs its first. An editor's scratch file (sed's) goes unnamed.
  let told = false;
  const restart = (path: string) => {
    if (told || !extname(path)) return;
    log(`  ${clock()} ${relative(config.root, path)} changed: restart sitegen dev to run the generator's new code`);
    told = true;
  };
  const src = join(config.root, 'src');
  const checkout = existsSync(join(src, 'cli.ts'));
  const watchers = [
    watchFolders(
      [config.contentDir, config.templatesDir, config.islandsDir, config.sharedDir, config.publicDir],
      (path) => {
        rebuilds.schedule(resolve(path));
        // The generator's code imports the forms' options and the lead schema from there too (pages' choices, the endpoint).
        if (checkout && isInside(config.sharedDir, resolve(path))) restart(path);
      },
      ignored,
    ),
    watchFolders([config.adminDir], (path) => editor.changed([resolve(path)]), ignored),
    ...(checkout ? [watchFolders([src], restart, ignored)] : []),
  ];
  return () => watchers.forEach((watcher) => watcher.close());
}

/** Each text is encoded once while it is the same, so that the server compresses the same bytes once. */
function siteSource(site: DevSite, editor: DevEditor, publicDir: string): SiteSource {
  const publicFiles = diskSource(publicDir);
  const encoded = new Map<string, { text: string; bytes: Buffer }>();
  return {
    read: async (path) => {
      if (path.startsWith('assets/images/') || path.startsWith('assets/cards/')) return site.image(path);
      if (path.startsWith('admin/'))
        return editor.read(path).then((file) => (typeof file === 'string' ? Buffer.from(file) : file));
      const content = site.file(path);
      if (content === undefined) return publicFiles.read(path);
      if (typeof content !== 'string') return content;
      const known = encoded.get(path);
      if (known?.text === content) return known.bytes;
      const bytes = Buffer.from(content);
      encoded.set(path, { text: content, bytes });
      return bytes;
    },
  };
}

/** A page that cannot render fails each time it is asked for: its error is said once for each state of the site. */
function renderFailures(site: DevSite, root: string, log: (line: string) => void) {
  let told: { routes: unknown; message: string } | undefined;
  return (path: string): Error | undefined => {
    try {
      // A path not validly encoded is taken as written, which no page has: the static handler answers it.
      site.page(decoded(path));
      return undefined;
    } catch (error) {
      const problem = error instanceof Error ? error : new Error(String(error));
      if (told?.routes !== site.routes() || told.message !== problem.message) log(failureLine(problem, root));
      told = { routes: site.routes(), message: problem.message };
      return problem;
    }
  };
}

function sendUncached(response: ServerResponse, status: number, type: string, body: string): true {
  response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(body);
  return true;
}

/** An error still standing (a save the watcher saw twice, another edit meanwhile) is said once. */
function rebuildLines(root: string, log: (line: string) => void) {
  let standing: string | undefined;
  return (outcome: RebuildOutcome, changed: ReadonlySet<string>) => {
    const failure = 'error' in outcome ? outcome.error.message : undefined;
    // Not named: what an editor writes and removes as it saves (sed's sedXXXXXX, vim's 4913), a name without an
    // extension, which a loaded machine may rebuild for before it is gone. Such names alone, changing no page, go unsaid.
    const named = [...changed].filter((path) => extname(path) !== '');
    const nothing = !('error' in outcome) && named.length === 0 && outcome.pages.length === 0;
    if (!nothing && (failure === undefined || failure !== standing))
      log(outcomeLine(outcome, named.length ? named : changed, root));
    standing = failure;
  };
}

/** What `sitegen build` would refuse, and the old links it would name, each said once while it stands. */
function refusalLines(site: DevSite, log: (line: string) => void) {
  let standing: string | undefined;
  let told = new Set<string>();
  return () => {
    const refusal = site.buildRefusal;
    if (refusal && refusal !== standing) log(`  ${clock()} sitegen build would refuse this: ${refusal}`);
    if (!refusal && standing) log(`  ${clock()} sitegen build would no longer refuse it`);
    standing = refusal;
    for (const link of site.oldLinks) if (!told.has(link)) log(`  ${clock()} old link: ${link}`);
    told = new Set(site.oldLinks);
  };
}

function outcomeLine(outcome: RebuildOutcome, changed: Iterable<string>, root: string): string {
  if ('error' in outcome) return failureLine(outcome.error, root);
  const names = [...changed].map((path) => (path.startsWith(root) ? relative(root, path) : path)).sort();
  const what = names.length > 2 ? `${names[0]} and ${names.length - 1} more` : names.join(', ');
  const { length } = outcome.pages;
  const pages = length === 0 ? 'no page changed' : `${length} page${length === 1 ? '' : 's'}`;
  return `  ${clock()} ${what} → ${pages} in ${Math.round(outcome.ms)} ms${outcome.recovered ? ' (fixed)' : ''}`;
}

const wantsPage = (request: IncomingMessage, path: string): boolean =>
  request.method === 'GET' &&
  !/\.[a-z0-9]+$/i.test(path) &&
  !path.startsWith('/functions/') &&
  !path.startsWith('/__sitegen/') &&
  // The editor opens whatever the content's state: it is where a marketer puts right the entry the build refuses.
  path !== '/admin' &&
  !path.startsWith('/admin/');

function failureLine(error: Error, root: string): string {
  const file = errorFile(error, root);
  return `  ${clock()} error: ${messageOf(error)}${file && !messageOf(error).includes(file) ? ` (${file})` : ''}`;
}
