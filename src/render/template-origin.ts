/**
 * The file of templates/ (or islands/) an error was thrown in, when a component a page draws throws (a page's own
 * template names the page, not the file at fault) or one throws as the templates load. Its first frame in the compiled templates is traced back to the file
 * esbuild names above that line, as it names each file it bundles.
 */
import { fileURLToPath } from 'node:url';
import { RenderError } from '../errors';
import { readIfThere } from '../optional-files';

// A file: URL as Node writes a module's frames, or a path (as vitest rewrites them).
const compiledFrame = /([^\s(]*\/templates-[0-9a-f]+\.mjs):(\d+):\d+/;
/** The line esbuild writes above each file it bundles: "// templates/components/ServiceCard.tsx". */
const bundledFile = /^\/\/ ([\w@.-]+(?:\/[\w@.+-]+)+\.[cm]?[jt]sx?)$/;
/** The lines of the compiled module last read: a dev server makes a new one at each edit of a template. */
let read: { url: string; lines: string[] } | undefined;

/**
 * What `render` gives, or its RenderError naming the file at fault where that is not the template it names. Node only:
 * the editor's preview, which renders in the browser, has no compiled module to read.
 */
export function namingTheFile<T>(render: () => T): T {
  try {
    return render();
  } catch (error) {
    if (!(error instanceof RenderError)) throw error;
    const file = templateFileOf(error.cause);
    throw file && file !== error.template ? new RenderError(file, error.page, error.source, error.cause) : error;
  }
}

export function templateFileOf(error: unknown): string | undefined {
  const frame = error instanceof Error ? compiledFrame.exec(error.stack ?? '') : null;
  if (!frame) return undefined;
  const url = frame[1]!;
  if (read?.url !== url) {
    const text = readIfThere(url.startsWith('file:') ? fileURLToPath(url) : url);
    if (text === undefined) return undefined;
    read = { url, lines: text.split('\n') };
  }
  for (let line = Number(frame[2]) - 1; line >= 0; line -= 1) {
    const named = bundledFile.exec(read.lines[line] ?? '')?.[1];
    // A package's code (node_modules/) is not a file to put right: the page's template is named instead.
    if (named) return /^(templates|islands)\//.test(named) ? named : undefined;
  }
}
