/**
 * Debian's Chromium with a window (on Xvfb), driven over DevTools' protocol
 * through a pipe: the benchmark attaches to a page only to read it, before
 * the pointer moves and after the page has changed, since Chromium never
 * prerenders for a page DevTools is attached to.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export async function startChromium({ path, display, width, height, reducedMotion = false }) {
  const profile = await mkdtemp(join(tmpdir(), 'sitegen-nav-chromium-'));
  const child = spawn(
    path,
    [
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--kiosk',
      ...(reducedMotion ? ['--force-prefers-reduced-motion'] : []),
      `--window-size=${width},${height}`,
      '--window-position=0,0',
      'about:blank',
    ],
    { env: { ...process.env, DISPLAY: display }, stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const [toBrowser, fromBrowser] = [child.stdio[3], child.stdio[4]];
  let nextId = 1;
  const waiting = new Map();
  const listeners = new Set();
  let buffered = '';
  fromBrowser.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\0'); end !== -1; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const { resolve, reject } = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) reject(new Error(`${message.error.message} (${JSON.stringify(message.error.data ?? '')})`));
        else resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  return {
    send,
    onEvent: (listener) => listeners.add(listener),
    close: async () => {
      child.kill('SIGKILL');
      await new Promise((resolve) => (child.exitCode === null ? child.on('close', resolve) : resolve()));
      // Its helper processes outlive it for a moment and may still write there (ENOTEMPTY): rm tries again.
      await rm(profile, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}

/** Attaches to a page, runs `read(evaluate)`, detaches: DevTools is attached to it only while it reads. */
export async function withPage(browser, targetId, read) {
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  const evaluate = async (expression) => {
    const answer = browser.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    const waited = new AbortController();
    const tooLong = sleep(20_000, undefined, { signal: waited.signal }).then(() => {
      throw new Error(`the page did not answer within 20 s: ${expression.slice(0, 80)}`);
    });
    const { result, exceptionDetails } = await Promise.race([answer, tooLong]).finally(() => waited.abort());
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  };
  try {
    return await read(evaluate);
  } finally {
    await browser.send('Target.detachFromTarget', { sessionId });
  }
}
