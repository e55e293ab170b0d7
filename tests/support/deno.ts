/**
 * The Deno binary the `deno` npm package brings (from its platform package).
 * Called directly rather than through node_modules/.bin/deno, a Node wrapper
 * that would stand between a test and the process it stops.
 */
import { createRequire } from 'node:module';

const { runInstall } = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };

export const denoBinary: string = runInstall();
