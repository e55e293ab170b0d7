/** Dev's page in place of one it cannot build: it loads the reload client, so fixing the file brings the page back. */
import { relative } from 'node:path';
import { ContentError, RenderError, SitegenError, messageOf } from '../errors';
import { escapeHtml } from '../escape';

export function errorFile(error: Error, root: string): string | undefined {
  if (error instanceof ContentError) return error.file;
  if (error instanceof RenderError) return error.template;
  const located = /(?:^|\s)((?:[\w.-]+\/)*[\w.-]+\.(?:tsx?|css|json|md))(?::\d+|: )/.exec(error.message);
  if (located) return located[1];
  const fromStack = error.stack?.split('\n').find((line) => line.includes(root) && !line.includes('node_modules'));
  const path = fromStack && /\((?:file:\/\/)?([^():]+)/.exec(fromStack)?.[1];
  return path ? relative(root, path) : undefined;
}

export function errorPage(error: Error, root: string, reloadScript: string): string {
  const file = errorFile(error, root);
  const details =
    error instanceof SitegenError ? (error.cause instanceof Error ? error.cause.stack : undefined) : error.stack;
  return [
    '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Unexpected Application Error!</title><link rel="icon" href="data:,">', // else /favicon.ico: a 404 in the console
    `<script type="module" src="${reloadScript}"></script></head><body>`,
    '<main>',
    '<h1>Unexpected Application Error!</h1>',
    `<p id="message">${escapeHtml(messageOf(error))}</p>`,
    file ? `<p id="file">File: <code>${escapeHtml(file)}</code></p>` : '',
    details ? `<pre>${escapeHtml(details)}</pre>` : '',
    '<p>Fix the file and save: this page reloads by itself.</p>',
    '</main></body></html>',
  ].join('\n');
}
