/**
 * `sitegen dev`: the site built in memory and served exactly as `sitegen
 * preview` serves it (clean URLs, 404, _headers, the local lead endpoint),
 * rebuilt incrementally when a file in content/, templates/, islands/ or the
 * shared lead code changes, with open browsers told to reload. A failed
 * rebuild shows its error in the browser and the terminal, and the next good
 * one brings the page back: the server never exits on a bad edit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, resolve } from 'node:path';
import { requireProject, resolveConfig } from '../config';
import { messageOf } from '../errors';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import type { PGlite } from '../leads/lead-database';
import { describeLeadSettings, leadsLine, openLocalLeads } from '../leads/local-leads';
import { diskSource } from '../server/disk-source';
import { startSiteServer, type SiteServer } from '../server/site-server';
import type { SiteSource } from '../server/static-site';
import { reloadClientPath, SiteBuilder } from '../site-builder';
import { errorFile, errorPage } from './error-page';
import { reloadClient } from './reload-client';
import { watchFolders } from './watch-folders';

export interface DevOptions {
  root?: string;
  /** The content folder; default <root>/content. */
  content?: string;
  port?: number;
  host?: string;
  /** Folder of the lead database; `null` keeps it in memory (tests). */
  leadsDir?: string | null;
  /** Notifications, rate limit: from the environment and .env unless given (tests). */
  leadSettings?: LeadSettings;
  /** Where the terminal lines go. */
  log?: (line: string) => void;
  /**
   * The generator's version (generator-version.ts): with it, the server
   * starts from the asset cache and the content index that builds keep, and
   * keeps them up to date.
   */
  generator?: string;
}

export interface DevServer extends SiteServer {
  builder: SiteBuilder;
  /** The lead database, opened by the first lead if not before. */
  leads(): Promise<PGlite>;
  /** Resolves when no rebuild is running or waiting. */
  idle(): Promise<void>;
  /** How many browser pages are listening for reloads. */
  listeners(): number;
}

export const defaultDevPort = 4321;
const eventsPath = '/__sitegen/events';
/** Editors save in bursts (write, rename, chmod): changes this close together are one rebuild. */
const settleMs = 15;
const retryMs = 150;

export async function startDevServer(options: DevOptions = {}): Promise<DevServer> {
  const root = resolve(options.root ?? process.cwd());
  const config = resolveConfig({ root, content: options.content });
  requireProject(config);
  const log = options.log ?? ((line: string) => console.log(line));
  // Pages render when a browser asks for them: the server is ready once the site is known, however large.
  const builder = new SiteBuilder(config, { dev: true, remember: true, lazy: true, generator: options.generator });
  const clients = new Set<ServerResponse>();
  let failure: Error | undefined;

  const rebuild = async (changed?: Set<string>) => {
    const started = performance.now();
    try {
      const result = await builder.update(changed);
      const recovered = failure !== undefined;
      failure = undefined;
      return { ms: performance.now() - started, pages: result.rendered.length, recovered };
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      return { ms: performance.now() - started, error: failure };
    }
  };

  // The lead database opens with the first lead: pages are served as soon as the site is known.
  const leads = await openLocalLeads({
    root,
    leadsDir: options.leadsDir,
    settings: options.leadSettings,
    log: (message) => log(leadsLine(message)),
    onLead: (line) => log(`  ${line}`),
    when: 'needed',
  });
  const first = await rebuild();
  const publicFiles = diskSource(config.publicDir);
  // Each file's text encoded once while it is the same: the server compresses the same bytes only once (static-site.ts).
  const encoded = new Map<string, { text: string; bytes: Buffer }>();
  const source: SiteSource = {
    read: async (path) => {
      const content = builder.file(path);
      if (content === undefined) return publicFiles.read(path);
      if (typeof content !== 'string') return content;
      const known = encoded.get(path);
      if (known?.text === content) return known.bytes;
      const bytes = Buffer.from(content);
      encoded.set(path, { text: content, bytes });
      return bytes;
    },
  };

  const server = await startSiteServer({
    source,
    port: options.port ?? defaultDevPort,
    host: options.host ?? 'localhost',
    leads: leads.handler,
    intercept: (request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      if (path === eventsPath) return openEvents(request, response, clients);
      if (path === reloadClientPath) {
        response
          .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
          .end(reloadClient(eventsPath, reloadClientPath));
        return true;
      }
      if (wantsPage(request, path)) {
        // A page that cannot be built or rendered shows why, in place of the page.
        const problem = failure ?? renderFailure(path);
        if (problem) {
          response
            .writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
            .end(errorPage(problem, root, reloadClientPath));
          return true;
        }
      }
      return leads.listing(request, response);
    },
  });
  await leads.announce(server.url);

  /** Renders the page at `path` if it has not been yet; the error if its template fails, said in the terminal too. */
  function renderFailure(path: string): Error | undefined {
    let page: string;
    try {
      page = decodeURIComponent(path);
    } catch {
      // Not a path any page has: the static handler answers it.
      return undefined;
    }
    try {
      builder.page(page);
      return undefined;
    } catch (error) {
      const problem = error instanceof Error ? error : new Error(String(error));
      reportFailure(problem, root, log);
      return problem;
    }
  }

  log(`sitegen dev: ${server.url}/`);
  log(leadsLine(describeLeadSettings(leads.settings)));
  if ('error' in first) reportFailure(first.error!, root, log);
  else {
    log(`  ready in ${Math.round(first.ms)} ms, ${first.pages} pages (each rendered when first opened)`);
    // What this start learnt of the Markdown files, for the next start and the next build.
    builder.writeContentIndex();
  }

  // One rebuild at a time; changes that arrive meanwhile wait and go together into the next.
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const nameOf = (path: string) => (path.startsWith(root) ? relative(root, path) : path);
  const schedule = (path: string, delay = settleMs) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const changed = pending;
      pending = new Set();
      running = running.then(async () => {
        const result = await rebuild(changed);
        // Browsers first: the line in the terminal can wait a moment, a page waiting for its reload is what the edit costs.
        for (const client of clients) client.write('event: reload\ndata: \n\n');
        const names = [...changed].map(nameOf).sort();
        const what = names.length > 2 ? `${names[0]} and ${names.length - 1} more` : names.join(', ');
        if ('error' in result) {
          reportFailure(result.error!, root, log);
          // A file read while an editor was still writing it looks broken; one more look, a moment later, settles it.
          if (delay === settleMs && !pending.size) for (const path of changed) schedule(path, retryMs);
        } else {
          log(
            `  ${clock()} ${what} → ${result.pages} page${result.pages === 1 ? '' : 's'} in ${Math.round(result.ms)} ms${result.recovered ? ' (fixed)' : ''}`,
          );
        }
      });
    }, delay);
  };
  const watcher = watchFolders(
    [config.contentDir, config.templatesDir, config.islandsDir, config.sharedDir],
    (path) => schedule(resolve(path)),
    // Editors' swap and backup files (.x.swp, x~) are not content.
    (name) => /^\.|~$/.test(name),
  );

  return {
    ...server,
    builder,
    leads: leads.database,
    listeners: () => clients.size,
    idle: async () => {
      do {
        await new Promise((done) => setTimeout(done, settleMs * 2));
        await running;
      } while (timer || pending.size);
    },
    close: async () => {
      watcher.close();
      clearTimeout(timer);
      for (const client of clients) client.end();
      await running;
      await server.close();
      await leads.close();
      if (!failure) builder.writeContentIndex();
      await builder.close();
    },
  };
}

/** A server-sent event stream; the reload client listens to it. */
function openEvents(request: IncomingMessage, response: ServerResponse, clients: Set<ServerResponse>): true {
  response.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  clients.add(response);
  request.on('close', () => clients.delete(response));
  return true;
}

/** A request for a page (not an asset, not the lead endpoint): the error page stands in for it. */
function wantsPage(request: IncomingMessage, path: string): boolean {
  return (
    request.method === 'GET' &&
    !/\.[a-z0-9]+$/i.test(path) &&
    !path.startsWith('/functions/') &&
    !path.startsWith('/__sitegen/')
  );
}

function reportFailure(error: Error, root: string, log: (line: string) => void): void {
  const file = errorFile(error, root);
  log(`  ${clock()} error: ${messageOf(error)}${file && !messageOf(error).includes(file) ? ` (${file})` : ''}`);
}

function clock(): string {
  return new Date().toLocaleTimeString('en-GB', { hour12: false });
}
