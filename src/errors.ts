import { closest, distance } from 'fastest-levenshtein';

/** A failure the user can fix: the CLI prints its message (and the causes it wraps), no stack trace, and exits 1. */
export class SitegenError extends Error {
  override name = 'SitegenError';
}

/** Bad content: names the file under content/, the field, what was expected and what was found. */
export class ContentError extends SitegenError {
  override name = 'ContentError';
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`, options);
  }
}

export class RenderError extends SitegenError {
  override name = 'RenderError';
  constructor(
    /** The template's file, relative to the project ("templates/pages/Article.tsx"). */
    readonly template: string,
    readonly page: string,
    readonly source: string | undefined,
    cause: unknown,
  ) {
    const madeFrom = source ? ` (made from ${source})` : '';
    super(`${template}: rendering ${page}${madeFrom} failed: ${messageOf(cause)}`, { cause });
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
/** With its cause's message: fetch's "fetch failed" says why (no such host, refused) only in its cause. */
export const messageWithCause = (error: unknown): string =>
  messageOf(error) + (error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '');
/** `: did you mean "…"?`, naming the nearest of `options` if `value` is a slip of it: three letters at most, a third of it. */
export function didYouMean(value: string, options: readonly string[]): string {
  const near = closest(value, options);
  return distance(value, near) <= Math.min(3, value.length / 3) ? `: did you mean "${near}"?` : '';
}
