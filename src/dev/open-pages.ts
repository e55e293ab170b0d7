/**
 * The browsers listening (server-sent events) for rebuilds: the open pages' shared worker (reload-client.ts) and the
 * editor. A page asked for while a rebuild ran, and listening once it had finished, is told as it connects: it may be
 * the site as it was. They connect again half a second after sitegen dev restarts (`retry`), not a browser's 3 s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paths } from '../paths';
import type { RebuildOutcome } from './rebuild-queue';

export class OpenPages {
  private readonly listening = new Set<ServerResponse>();
  /** When each page last changed, by the server's clock; when every page did. */
  private readonly changedAt = new Map<string, number>();
  private everyPageAt = 0;
  /** How many pages have begun to listen, each as its worker first asks whether it changed. */
  pagesListening = 0;

  /** `pages`: the paths of the site's pages now. */
  constructor(private readonly pages: () => ReadonlySet<string>) {}

  listen(request: IncomingMessage, response: ServerResponse): true {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write('retry: 500\n: connected\n\n');
    this.listening.add(response);
    request.on('close', () => this.listening.delete(response));
    return true;
  }

  /** `?page=` the path a page shows, `&since=` when it asked for it (the browser's clock: the same machine's). */
  changedSince(request: IncomingMessage, response: ServerResponse): true {
    this.pagesListening += 1;
    const query = new URL(request.url ?? '/', 'http://dev').searchParams;
    const page = query.get('page') ?? '/';
    const at = (path: string) => this.changedAt.get(path) ?? 0;
    // A browser at a path no page has shows the 404 page.
    const shown = this.pages().has(page) ? page : paths.notFound;
    const changed = Math.max(this.everyPageAt, at(page), at(shown)) >= Number(query.get('since'));
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(`${changed}`);
    return true;
  }

  /** Tells each listener the pages changed (`null` for every page), and whether the stylesheet did. */
  rebuilt(outcome: RebuildOutcome): void {
    const now = Date.now();
    const changed = 'error' in outcome || outcome.recovered ? undefined : outcome.pages;
    const styles = 'styles' in outcome && outcome.styles;
    // A page asked for while the stylesheet changed may have the old one: it is told, as every page is.
    if (changed && !styles) for (const page of changed) this.changedAt.set(page, now);
    else this.everyPageAt = now;
    const data = JSON.stringify({ pages: changed ?? null, styles });
    for (const client of this.listening) client.write(`event: reload\ndata: ${data}\n\n`);
  }

  close(): void {
    for (const client of this.listening) client.end();
  }
}
