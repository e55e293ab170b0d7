/** What `run` returns, or undefined where it throws: a file a run may or may not find, a text that may not decode. */
export function unlessThrown<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
