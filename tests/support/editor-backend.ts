/**
 * The editor's local backend a site test file shares: the real `sitegen dev`
 * on a copy of the project, with the links a checkout may hold in content/
 * (out of the machine's folder, into the project's code, to nothing) and a
 * folder beside it that no request may reach, started before the file's tests
 * and stopped after them. And the requests of Decap's proxy backend, in raw
 * HTTP so that Host and Origin say what the test makes them say.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { fingerprint } from './fingerprint';
import { copyProject, type ProjectCopy } from './project-copy';
import { exchange } from './raw-http';
import { photo } from './test-images';

// Set by useEditorBackend's beforeAll for the file that called it: an import of them reads what is set now (an ES
// module's exports are live), so a test reads them by name as a file's own would be read.
export let project: ProjectCopy;
export let outside: string;
export let dev: DevServer;
export let host: string;
/** This run's token, from the address sitegen dev printed, as the editor's page sends it (admin/local-token.ts). */
export let token: string;
export const tokenHeader = 'X-Sitegen-Editor-Token';
/** What dev has said in its terminal, line by line, since it started for this file. */
export const lines: string[] = [];
/** A photo as the editor's page uploads one. */
export let upload: Buffer;

/** Starts dev for the test file that calls this at its top level, and stops it after the file's tests. */
export function useEditorBackend(): void {
  beforeAll(async () => {
    lines.length = 0;
    project = await copyProject();
    upload = await photo({ width: 64, height: 48, hue: 10 });
    outside = await mkdtemp(join(tmpdir(), 'sitegen-outside-'));
    await writeFile(join(outside, 'secret.txt'), 'not the editor’s');
    const blog = join(project.dir, 'content', 'blog');
    // Links a checkout may hold, planted or by mistake: out of the machine's folder, into the project's code, to nothing.
    await symlink(outside, join(blog, 'elsewhere'));
    await mkdir(join(project.dir, 'src'));
    await symlink(join(project.dir, 'src'), join(blog, 'code'));
    await symlink(join(project.dir, 'templates', 'new.tsx'), join(blog, 'dangling.md'));
    await symlink(join(project.dir, 'tsconfig.json'), join(project.dir, 'content', 'images', 'settings.png'));
    dev = await startDevServer({
      root: project.dir,
      port: 0,
      host: '127.0.0.1',
      leadsDir: null,
      log: (line) => lines.push(line),
    });
    host = new URL(dev.url).host;
    token = new URL(dev.editorUrl).searchParams.get('token')!;
  });
  afterAll(async () => {
    await dev?.close();
    await project?.remove();
    await rm(outside, { recursive: true, force: true });
  });
}

export interface Call {
  action: string;
  params: object;
  /** Headers in place of the editor page's; null leaves one out. */
  headers?: Record<string, string | null>;
}

/** A request of Decap's proxy backend, with the editor page's Host, Origin and token unless `headers` says otherwise. */
export async function call({ action, params, headers = {} }: Call) {
  const body = JSON.stringify({ action, params: { branch: 'main', ...params } });
  const sent = { Host: host, Origin: `http://${host}`, [tokenHeader]: token, ...headers };
  const head = [
    'POST /admin/api/v1 HTTP/1.1',
    ...Object.entries(sent).flatMap(([name, value]) => (value === null ? [] : [`${name}: ${value}`])),
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  const answer = await exchange(dev.url, `${head.join('\r\n')}\r\n\r\n${body}`);
  const text = answer.body.toString();
  return {
    status: answer.status,
    body: answer.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : text,
  };
}

/** The params of an entry's save (persistEntry): a small article at `path`, `extra` in place of its parts. */
export const entry = (path: string, extra: object = {}) => ({
  dataFiles: [{ slug: 'probe', path, raw: '---\ntitle: Probe\n---\n', ...extra }],
  assets: [],
  options: { commitMessage: 'Probe', useWorkflow: false, status: 'published' },
});
/** A file sent with a save or alone, in base64 as the editor's page sends it. */
export const asset = (path: string, bytes: Buffer = Buffer.from('probe')) => ({
  path,
  content: bytes.toString('base64'),
  encoding: 'base64',
});
/** The params of the media library's upload (persistMedia). */
export const media = (path: string, bytes?: Buffer) => ({
  asset: asset(path, bytes),
  options: { commitMessage: 'Upload' },
});
/** The backend's answer to what it refuses, in `reason`'s words. */
export const refused = (reason: string) => ({ error: `sitegen dev refused this: ${reason}` });

/** Every file of the project and of the folder beside it, with its bytes' hash. */
export async function everything() {
  return { project: await fingerprint(project.dir), outside: await fingerprint(outside) };
}

/** An entry's save at `path`, as the probe of a refusal sends one. */
export const write = (path: string) => ({ action: 'persistEntry', params: entry(path) });

/** A request the backend refuses, named; the status and the answer it gets. */
export type Probe = [string, Call, number, object | string];

/**
 * Sends `probe`, with what its table cannot know filled in, and expects `status` and `answer`, and the project and
 * the folder beside it byte for byte as they were.
 */
export async function expectRefused(probe: Call, status: number, answer: object | string) {
  const before = await everything();
  // What the table cannot know before the server runs: its port, the project's folder, this run's token.
  const last = token.at(-1) === 'x' ? 'y' : 'x';
  const fill = <T>(value: T): T =>
    JSON.parse(
      JSON.stringify(value)
        .replaceAll('PORT', new URL(dev.url).port)
        .replaceAll('ABSOLUTE', project.dir)
        .replaceAll('ANOTHER_TOKEN', `${token.slice(0, -1)}${last}`)
        // Two bytes of UTF-8 for two characters: the server reads as many characters as the token has, more bytes.
        .replaceAll('NON_ASCII_TOKEN', `${token.slice(0, -2)}é`)
        .replaceAll('=TOKEN', `=${token}`),
    );
  expect(await call(fill(probe))).toEqual({ status, body: fill(answer) });
  await dev.idle();
  expect(await everything()).toEqual(before);
}
