/**
 * The preview as a visitor on a slow mobile connection gets it: every page
 * arrives in small pieces, and the browser draws what it has so far before the
 * next piece comes. Other files arrive whole. Chromium's own network
 * throttling hands the renderer a small page in one go, and a fixed pause may
 * or may not see a frame drawn, so each piece waits for the page to draw two
 * frames: the second begins once the first, with the piece before, is drawn.
 * A piece also ends just before each of the texts a test names (cuts), where
 * it needs the page drawn half-arrived.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

// Few enough pieces that a page arrives well within the five seconds after which a form not yet working says so
// (templates/styles.css, .form-wait-note), moving what is below it, even on a busy machine.
const pieceBytes = 4096;

/** Two frames drawn, or a moment if the page draws none yet (a stylesheet still on its way); a page being replaced answers nothing. */
function twoFrames(page: Page): Promise<unknown> {
  return page
    .evaluate(
      () =>
        new Promise((resolve) => {
          requestAnimationFrame(() => requestAnimationFrame(resolve));
          setTimeout(resolve, 200);
        }),
    )
    .catch(() => {});
}

/** The offsets at which a page's pieces begin: every `pieceBytes`, and at each of `cuts`. */
function pieceStarts(body: Buffer, cuts: readonly string[]): number[] {
  const everyPiece = [...Array(Math.ceil(body.length / pieceBytes)).keys()].map((piece) => piece * pieceBytes);
  const atCuts = cuts.map((cut) => body.indexOf(cut)).filter((start) => start > 0);
  return [...new Set([...everyPiece, ...atCuts])].sort((a, b) => a - b);
}

/** A server in front of `target` that sends `page` its pages piece by piece, each page first changed by `edit`. */
export async function slowConnection(
  target: string,
  page: Page,
  cuts: readonly string[] = [],
  edit: (html: string) => string = (html) => html,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (request, response) => {
    const upstream = await fetch(`${target}${request.url}`);
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    const fetched = Buffer.from(await upstream.arrayBuffer());
    response.writeHead(upstream.status, headers);
    if (!headers['content-type']?.startsWith('text/html')) return response.end(fetched);
    const body = Buffer.from(edit(fetched.toString()));
    const starts = pieceStarts(body, cuts);
    for (const [piece, start] of starts.entries()) {
      await new Promise((resolve) => response.write(body.subarray(start, starts[piece + 1]), resolve));
      await twoFrames(page);
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
