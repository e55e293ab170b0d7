/**
 * sharp, loaded the first time an image must be read or encoded (a build whose images are all kept never loads it),
 * and the pool its work runs in. On glibc Linux sharp gives each image one thread, to keep memory from fragmenting:
 * every core is used by encoding as many images at once as there are cores, each on a thread of Node's pool.
 */
import { availableParallelism } from 'node:os';
import type Sharp from 'sharp';

let library: Promise<typeof Sharp> | undefined;

export const loadSharp = (): Promise<typeof Sharp> =>
  (library ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations to reuse them: each image here is made once, so that is only memory held.
    sharp.cache(false);
    return sharp;
  }));

/** Runs tasks at most `concurrency` at a time, in the order they were given. */
export function taskPool(concurrency = availableParallelism()) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
