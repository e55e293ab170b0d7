/** The message of anything thrown, for a log line: an Error's message, a Postgres error object's, or the value itself. */
export function describeError(cause: unknown): string {
  if (cause instanceof Error) return cause.message || cause.name;
  if (typeof cause === 'object' && cause !== null && 'message' in cause)
    return String((cause as { message: unknown }).message);
  return String(cause);
}
