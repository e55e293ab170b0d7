/** A new empty folder for a test of the `sitegen` command (tests/site/cli-*.test.ts) to run it in or build into. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `test` with a new empty folder, removed afterwards whatever the outcome. */
export async function inScratchFolder(test: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-cli-'));
  try {
    await test(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
