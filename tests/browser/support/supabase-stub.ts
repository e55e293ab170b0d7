/**
 * The forms against a Supabase project, played by a local server: a build of
 * the site whose forms post to it, served by the real preview, for the tests
 * of one file. Each test says how the server answers (`answerWith`), and reads
 * what it was sent; neither is left over from the test before.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Preview } from '../../../src/server/preview';
import { projectRoot } from '../../support/cli';
import { buildInProcess } from '../../support/project-copy';
import { startTestPreview } from './preview';

export type Mode =
  | 'success'
  | 'held-success'
  | '500-json'
  | '500-text'
  | '502-html'
  | '429'
  | 'unsuccessful'
  | 'unsuccessful-silent'
  | 'not-json'
  | 'drop'
  | 'hang';

export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export const anonKey = 'anon-test-key-1234';
/** The Edge Function's words for a sixth enquiry within its period: a long error. */
export const rateLimited =
  'You have sent several enquiries in a short time. Please try again in 10 minutes, or call us.';

export interface SupabaseStub {
  /** The project's address, which the build's forms post to. */
  url: string;
  /** The preview of that build: the same object from the start, its server's parts filled in. */
  preview: Preview;
  /** The requests sent to the functions endpoint in this test, in order. */
  received: Received[];
  /** How the endpoint answers from now on, in this test: each test starts with 'success'. */
  answerWith(mode: Mode): void;
  /** Lets the answers held back by 'held-success' go, now and from now on in this test. */
  release(): void;
}

/** A stand-in for the Supabase project's functions endpoint, answering as `mode` says. */
function answer(request: IncomingMessage, response: ServerResponse, mode: Mode, released: Promise<void>) {
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  };
  if (request.method === 'OPTIONS')
    return response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST, OPTIONS' }).end();
  const json = (status: number, data: unknown) =>
    response.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(data));
  switch (mode) {
    case 'success':
      return json(200, { success: true });
    case 'held-success':
      // Held till the test lets it go, not for a time: a loaded machine may take longer to look than any delay.
      return void released.then(() => json(200, { success: true }));
    case '500-json':
      return json(500, { success: false, error: 'The enquiry service is down for maintenance.' });
    case '429':
      return json(429, { success: false, error: rateLimited });
    case '500-text':
      return response.writeHead(500, { ...cors, 'Content-Type': 'text/plain' }).end('Internal Server Error');
    case '502-html':
      // A proxy in front of the function (one that adds CORS headers), its own page in place of the function's answer.
      return response
        .writeHead(502, { ...cors, 'Content-Type': 'text/html' })
        .end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    case 'unsuccessful':
      return json(200, { success: false, error: 'Please use your business email address.' });
    case 'unsuccessful-silent':
      return json(200, { success: false });
    case 'not-json':
      return response.writeHead(200, { ...cors, 'Content-Type': 'text/plain' }).end('OK');
    case 'drop':
      return request.socket.destroy();
    case 'hang':
      return undefined;
  }
}

/** Started before the tests of the file that calls it at its top level, stopped after them; filled in once started. */
export function useSupabaseStub(): SupabaseStub {
  let mode: Mode = 'success';
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  const stub = {
    preview: {} as Preview,
    received: [] as Received[],
    answerWith: (next: Mode) => {
      mode = next;
    },
    release: () => release(),
  } as SupabaseStub;
  let started: Preview | undefined;
  let supabase: Server | undefined;
  let workspace: string | undefined;

  beforeAll(async () => {
    supabase = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        if (request.method !== 'OPTIONS')
          stub.received.push({
            method: request.method ?? '',
            path: request.url ?? '',
            headers: request.headers,
            body: JSON.parse(body || '{}'),
          });
        answer(request, response, mode, released);
      });
    });
    await new Promise<void>((resolve) => supabase!.listen(0, '127.0.0.1', resolve));
    stub.url = `http://127.0.0.1:${(supabase.address() as AddressInfo).port}`;

    workspace = await mkdtemp(join(tmpdir(), 'sitegen-supabase-'));
    // Built in this process: what the forms send is the test, not the executable (the global setup's build spawns it).
    const built = await buildInProcess(projectRoot, {
      out: join(workspace, 'dist'),
      env: { SUPABASE_URL: stub.url, SUPABASE_ANON_KEY: anonKey },
    });
    if (built.code !== 0) throw new Error(built.stderr);
    started = await startTestPreview(join(workspace, 'dist'));
    Object.assign(stub.preview, started);
  });

  afterAll(async () => {
    await started?.close();
    supabase?.closeAllConnections();
    await new Promise((resolve) => supabase?.close(resolve));
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });

  beforeEach(() => {
    mode = 'success';
    released = new Promise<void>((resolve) => (release = resolve));
    stub.received.length = 0;
  });
  return stub;
}

/** The home page's quote form filled in, as Priya Shah. */
export async function fillHeroForm(page: Page) {
  const form = page.locator('#home form');
  await form.getByLabel('Full name').fill('Priya Shah');
  await form.getByLabel('Email address').fill('priya@shahbuilders.co.uk');
  await form.getByLabel('Phone number').fill('07700 900456');
  await form.getByLabel('Your trade').selectOption('builder');
  return form;
}

/** What the home page's quote form holds, field by field. */
export async function formValues(page: Page) {
  const form = page.locator('#home form');
  return Promise.all(
    ['Full name', 'Email address', 'Phone number', 'Your trade'].map((label) => form.getByLabel(label).inputValue()),
  );
}
