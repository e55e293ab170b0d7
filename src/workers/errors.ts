/** Errors cross from a worker as plain data and come back as the same classes, with the same messages. */
import { ContentError, RenderError, SitegenError } from '../errors';

export type SerializedError =
  | { kind: 'content'; file: string; field: string; problem: string }
  | { kind: 'render'; route: string; template: string; message: string; stack?: string }
  | { kind: 'other'; message: string; stack?: string; code?: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ContentError)
    return { kind: 'content', file: error.file, field: error.field, problem: error.problem };
  if (error instanceof RenderError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    return {
      kind: 'render',
      route: error.route,
      template: error.template,
      message: cause?.message ?? error.message,
      stack: cause?.stack,
    };
  }
  // A file-system error's code says what went wrong (write-site.ts reads it).
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return {
    kind: 'other',
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    code,
  };
}

export function deserializeError(error: SerializedError): Error {
  if (error.kind === 'content') return new ContentError(error.file, error.field, error.problem);
  const cause = Object.assign(new Error(error.message), { stack: error.stack });
  if (error.kind === 'render') return new RenderError(error.route, error.template, cause);
  return Object.assign(new SitegenError(error.message, { cause }), error.code ? { code: error.code } : {});
}
