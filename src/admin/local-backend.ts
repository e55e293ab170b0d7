/**
 * Decap CMS's local backend for `sitegen dev`: decap-server in its file
 * system mode, reading and writing the project's working tree (content/ and
 * its photos), so that every save in the editor is a file the dev server
 * rebuilds from at once, reviewed and committed as any other edit.
 *
 * It writes files for whoever reaches it, so it listens on the loopback
 * interface only (BIND_HOST; it would listen on every interface without
 * it), on a free port, and answers only pages of this machine (its own CORS
 * rule). It runs as a child process that leaves with sitegen dev: it stops
 * with the dev server, and exits by itself when its parent goes, even
 * killed, as its standard input then closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { SitegenError } from '../errors';

export interface LocalBackend {
  /** Decap's proxy URL: http://127.0.0.1:<port>/api/v1. */
  url: string;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const host = '127.0.0.1';
/** How long decap-server may take to listen: it loads express and its middleware, a second or two on a busy machine. */
const startTimeoutMs = 20_000;

/** The origin the local backend listens at on `port`: what the editor's page may connect to. */
export function localBackendOrigin(port: number): string {
  return `http://${host}:${port}`;
}

/** Starts decap-server on `port` (freePort's, chosen when sitegen dev starts, so that its _headers can name it). */
export async function startLocalBackend(
  root: string,
  port: number,
  log: (line: string) => void,
): Promise<LocalBackend> {
  const server = require.resolve('decap-server/dist/index.js');
  // decap-server runs in this small host, which exits when sitegen dev's end of its input closes.
  const hostScript = `process.stdin.on('end', () => process.exit(0)).resume(); require(${JSON.stringify(server)});`;
  const child = spawn(process.execPath, ['-e', hostScript], {
    // Its own folder: decap-server reads a .env file from where it starts, and the project's is not for it.
    cwd: dirname(server),
    env: {
      PATH: process.env.PATH,
      MODE: 'fs',
      GIT_REPO_DIRECTORY: root,
      BIND_HOST: host,
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    await listening(child, port);
  } catch (error) {
    child.kill();
    throw error;
  }
  child.stderr!.on('data', (chunk: Buffer) => log(`  editor     decap-server: ${chunk.toString().trim()}`));
  return { url: `${localBackendOrigin(port)}/api/v1`, close: () => stop(child) };
}

/** A port no one listens on now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once decap-server says it listens; rejects, with what it said, if it exits or takes too long. */
function listening(child: ChildProcess, port: number): Promise<void> {
  let said = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(
        new SitegenError(
          `the editor's local backend (decap-server on ${host}:${port}) ${why}${said ? `: ${said.trim()}` : ''}`,
        ),
      );
    };
    const timer = setTimeout(() => fail(`did not start within ${startTimeoutMs / 1000} s`), startTimeoutMs);
    const read = (chunk: Buffer) => {
      said += chunk.toString();
      if (/listening on/i.test(said)) {
        clearTimeout(timer);
        child.stdout!.off('data', read).resume();
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.once('exit', (code) => fail(`exited (code ${code})`));
    child.once('error', (error) => fail(`could not start (${error.message})`));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin!.end();
    child.kill();
  });
}
