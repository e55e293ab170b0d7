/**
 * Decap CMS's local backend for `sitegen dev`: decap-server's file-system middleware, mounted in the dev server on the
 * editor page's origin (no port of its own to find, guard or stop). It writes files, so it answers the editor's page
 * alone: past the dev server's Host check, a request must come from the server's own origin when it names one (a
 * browser does on every write), carry in a header the token of the address sitegen dev printed (no program or page not
 * given it can write: admin/local-token.ts), and name only paths of content/; decap-server sees no other.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { ErrorRequestHandler, Express, RequestHandler, Response } from 'express';
import { messageOf } from '../errors';
import { sameSecret } from '../hash';
import { sameOrigin } from '../server/host-check';
import { pathRefusal, uploadRefusal, usedAssets, type BackendFolders, type Refusal } from './backend-paths';
import { deletionRefusal } from './deletion-check';

/** Decap's proxy_url: where the editor's page sends its reads and writes. */
export const localBackendPath = '/admin/api/v1';

export type LocalBackend = ReturnType<typeof localBackend>;

/** Decap's uploads are photos from a phone, sent base64 in JSON: decap-server's own limit. */
const bodyLimit = '50mb';
const tokenHeader = 'X-Sitegen-Editor-Token';

type Log = (line: string) => void;

export function localBackend({ root, contentDir, log }: { root: string; contentDir: string; log: Log }) {
  const token = randomBytes(32).toString('base64url');
  const folders = { root, content: contentDir, uploads: join(contentDir, 'images') };
  // Loaded with the editor's first request: express and decap-server are no part of serving the site.
  let app: Promise<Express> | undefined;
  return {
    /** The header the editor's page sends the token in: one no page of another origin may send without asking. */
    tokenHeader,
    address: (url: string) => `${url}/admin/?token=${token}`,
    handle: (request: IncomingMessage, response: ServerResponse): true => {
      app ??= backendApp(folders, token, log);
      app.then(
        (handler) => handler(request, response),
        (error: unknown) => {
          app = undefined;
          log(`  editor     the local backend could not start: ${messageOf(error)}`);
          response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ error: `the local backend could not start: ${messageOf(error)}` }));
        },
      );
      return true;
    },
  };
}

async function backendApp(folders: BackendFolders, token: string, log: Log): Promise<Express> {
  const { default: express } = await import('express');
  const refuse = (response: Response, { status, reason }: Refusal | { status: 405; reason: string }) => {
    log(`  editor     refused: ${reason}`);
    response.status(status).json({ error: `sitegen dev refused this: ${reason}` });
  };
  const strangers: RequestHandler = (request, response, next) => {
    // Another site's first, its CORS preflight too (an OPTIONS): to another site, this server answers nothing.
    if (!sameOrigin(request)) {
      const reason = `a request from ${request.headers.origin}, not from this server's own pages`;
      return refuse(response, { status: 403, reason });
    }
    if (request.method !== 'POST') {
      response.set('Allow', 'POST');
      return refuse(response, { status: 405, reason: `${request.method} at ${localBackendPath}: expected POST` });
    }
    const given = String(request.headers[tokenHeader.toLowerCase()] ?? '');
    if (!sameSecret(given, token)) {
      const reason = `${given ? 'an editor token of another run' : 'no editor token'}: open the editor at the address sitegen dev printed, with this run's token`;
      return refuse(response, { status: 403, reason });
    }
    next();
  };
  const refusing =
    (check: (body: unknown) => Promise<Refusal | undefined>): RequestHandler =>
    (request, response, next) => {
      check(request.body).then((refusal) => (refusal ? refuse(response, refusal) : next()), next);
    };
  const paths = refusing((body) => pathRefusal(body, folders));
  // A delete the build would refuse is refused in its words, as a save is (by the editor, before it saves).
  const deletions = refusing((body) => deletionRefusal(folders, body));
  // Of the photos sent with an entry, only those it names are written; each, and one uploaded alone, must be publishable.
  const uploads = refusing((body) => {
    const { action, params } = body as { action: string; params?: Record<string, unknown> };
    if (action === 'persistEntry' && Array.isArray(params?.assets)) params.assets = usedAssets(params, params.assets);
    // A rename moves its file alone: decap-server would move its folder's every file too, unawaited, and one gone
    // meanwhile (another tab's rename) would stop sitegen dev.
    if (action === 'persistEntry' && params?.options) Object.assign(params.options, { hasSubfolders: false });
    return uploadRefusal(body, folders.root);
  });
  // What went wrong, as decap-server answers: in JSON, which the editor shows, without the stack trace.
  const failure: ErrorRequestHandler = (error, _request, response, _next) => {
    if (error?.type === 'entity.parse.failed')
      return refuse(response, { status: 400, reason: `expected JSON naming an action: ${messageOf(error)}` });
    const status = typeof error?.status === 'number' ? error.status : 500;
    // Paths from the project's folder, as the editor names files: the machine's folders are none of its business.
    response.status(status).json({ error: messageOf(error).replaceAll(`${folders.root}/`, '') });
  };
  const decap = express().disable('x-powered-by');
  decap.use(strangers, express.json({ limit: bodyLimit }), paths, deletions, uploads);
  await registerDecapServer(decap, folders.root);
  log(`  editor     saves to ${relative(folders.root, folders.content)}/ through decap-server at ${localBackendPath}`);
  return express().disable('x-powered-by').use('/admin', decap).use(failure);
}

/** decap-server's registerLocalFs reads the repository's folder from the environment, at once, as it is called. */
async function registerDecapServer(app: Express, root: string): Promise<void> {
  const { registerLocalFs } = createRequire(import.meta.url)('decap-server/dist/middlewares.js') as {
    registerLocalFs(app: Express, options: { logLevel: string }): Promise<void>;
  };
  const before = process.env.GIT_REPO_DIRECTORY;
  process.env.GIT_REPO_DIRECTORY = root;
  // Its errors only: a failed save is said in the terminal, its routine lines are not. An async function, it throws
  // nothing as it is called: its failure is the promise's.
  const registered = registerLocalFs(app, { logLevel: 'error' });
  // Put back before anything else runs: another dev server in this process may be registering its own.
  if (before === undefined) delete process.env.GIT_REPO_DIRECTORY;
  else process.env.GIT_REPO_DIRECTORY = before;
  await registered;
}
