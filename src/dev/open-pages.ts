/**
 * The pages open in browsers, each listening (server-sent events) for the rebuilds that change it: a page the edit did
 * not touch keeps what the visitor typed and where they were. A failure shows on every page, and so does its fix; a
 * path that is no page shows the 404's. A page asked for while a rebuild ran, and listening once it had finished, is
 * told as it connects: it may have been made from the site as it was before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paths } from '../paths';
import type { RebuildOutcome } from './rebuild-queue';

export class OpenPages {
  /** Each browser listening, with the page it shows (none for the editor, which hears of every rebuild). */
  private readonly listening = new Map<ServerResponse, string | undefined>();
  /** When each page last changed, by the server's clock; when every page did. */
  private readonly changedAt = new Map<string, number>();
  private everyPageAt = 0;

  /** `pages`: the paths of the site's pages now. */
  constructor(private readonly pages: () => ReadonlySet<string>) {}

  get size(): number {
    return this.listening.size;
  }

  /** `?page=` the path it shows, `&since=` when it asked for it (the browser's clock: the same machine's). */
  listen(request: IncomingMessage, response: ServerResponse): true {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    const query = new URL(request.url ?? '/', 'http://dev').searchParams;
    const page = query.get('page') ?? undefined;
    this.listening.set(response, page);
    request.on('close', () => this.listening.delete(response));
    const since = Number(query.get('since'));
    if (page !== undefined && since > 0) {
      const at = (path: string) => this.changedAt.get(path) ?? 0;
      if (Math.max(this.everyPageAt, at(page), at(shown(page, this.pages(), new Set()))) >= since) tell(response);
    }
    return true;
  }

  rebuilt(outcome: RebuildOutcome): void {
    const now = Date.now();
    const changed = 'error' in outcome || outcome.recovered ? undefined : new Set(outcome.pages);
    if (changed) for (const page of changed) this.changedAt.set(page, now);
    else this.everyPageAt = now;
    const pages = this.pages();
    for (const [client, page] of this.listening) {
      if (!changed || page === undefined || changed.has(shown(page, pages, changed))) tell(client);
    }
  }

  close(): void {
    for (const client of this.listening.keys()) client.end();
  }
}

/** The page a browser at `path` shows: that page, or the 404's if there is none (a page just gone is still its own). */
function shown(path: string, pages: ReadonlySet<string>, changed: ReadonlySet<string>): string {
  return pages.has(path) || changed.has(path) ? path : paths.notFound;
}

const tell = (client: ServerResponse) => client.write('event: reload\ndata: \n\n');
