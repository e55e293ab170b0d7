/** Errors cross from a build thread as plain data and come back as the same classes, with the same messages. */
import { ContentError, RenderError, SitegenError, messageOf } from '../errors';

export type SerializedError =
  | { kind: 'content'; file: string; field: string; problem: string }
  | { kind: 'render'; template: string; page: string; source?: string; message: string; stack?: string }
  | { kind: 'other'; message: string; stack?: string; code?: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ContentError)
    return { kind: 'content', file: error.file, field: error.field, problem: error.problem };
  if (error instanceof RenderError) {
    const cause = error.cause instanceof Error ? error.cause : new Error(String(error.cause));
    const { template, page, source } = error;
    return { kind: 'render', template, page, source, message: cause.message, stack: cause.stack };
  }
  // A file-system error's code says what went wrong (a full disk, a file where a folder should be).
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return { kind: 'other', message: messageOf(error), stack: error instanceof Error ? error.stack : undefined, code };
}

export function deserializeError(error: SerializedError): Error {
  if (error.kind === 'content') return new ContentError(error.file, error.field, error.problem);
  const cause = Object.assign(new Error(error.message), { stack: error.stack });
  if (error.kind === 'render') return new RenderError(error.template, error.page, error.source, cause);
  return Object.assign(new SitegenError(error.message, { cause }), error.code ? { code: error.code } : {});
}
