import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The layers (docs/testing.md): unit needs no build and no browser (`npm run
 * test:unit`); site builds, serves and checks the real site; browser drives
 * Debian's Chromium against the real `sitegen preview` and `dev`; lighthouse,
 * the browser tests that score pages with Lighthouse, runs last and alone.
 */
const browserSetup = [
  'tests/support/setup-site.ts',
  'tests/support/setup-leads.ts',
  'tests/browser/support/chromium-server.ts',
];

/**
 * The unit layer's files first, then the other layers' in vitest's own order (the slowest first once a run has timed
 * them, else the largest). By default vitest takes the layers in turn by name, unit last: its one slow file (the lead
 * database's) then ran alone at the end while the other worker sat idle. Small files last keep both workers busy.
 * With --sequence.shuffle, every file in an order of the seed's, as vitest's own shuffle does: to find a file that
 * depends on what another left behind.
 */
class UnitLayerFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    const rank = (file: TestSpecification) =>
      shuffle
        ? createHash('sha1').update(`${seed} ${file.moduleId}`).digest().readUInt32BE()
        : Number(file.project.name !== 'unit');
    // Within a group: the lighthouse layer still runs after the others.
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

/**
 * The tests' scratch folders (project copies, builds, lead databases, browser profiles) in memory where the machine has
 * a memory file system: a run makes and removes tens of thousands of files, and on a disk's ext4 finding a free inode
 * among so many just deleted costs the kernel a large share of the run's processor time. Set before the global setups
 * and the workers start, so the builds and browsers they spawn inherit it; a TMPDIR set by hand wins.
 */
function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
if (!process.env.TMPDIR && writable('/dev/shm')) process.env.TMPDIR = '/dev/shm';

export default defineConfig({
  // The JSX of the templates a test imports is compiled as the build compiles it, for React's production build.
  oxc: { jsx: { development: false } },
  test: {
    testTimeout: 30_000,
    // Every build a test makes is made as of one day, whatever the day it runs: what the site shows changes with the
    // clock (the content's jobs close in January 2027). A test of the clock sets its own; the global setups pass it on.
    // And with React's production build, which the CLI loads (src/production.ts): a build run in a test's process renders
    // as the executable does, rather than with React's development build, several times slower.
    env: { SITEGEN_NOW: '2026-12-01', NODE_ENV: 'production' },
    hookTimeout: 60_000,
    // expect.poll waits for what a page or a server does next (a toast after a send, a banner after a load, a rebuild):
    // vitest's default second is a guess at how busy the machine is, and two files and Chromium on two shared cores
    // can take longer than that to draw; a poll that is never met fails all the same, only later.
    expect: { poll: { timeout: 10_000 } },
    // Two files at a time, of any layer: a file spends much of its time waiting on what it drives (a build, Chromium,
    // Java, PGlite), and the other core runs that meanwhile.
    maxWorkers: 2,
    sequence: { sequencer: UnitLayerFirst },
    // Files share no state but the modules they import: loaded once per worker rather than once per file.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          globalSetup: ['tests/support/setup-leads.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/support/setup-site.ts', 'tests/support/setup-leads.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // One Chromium for every browser test file; each connects to it.
          globalSetup: browserSetup,
          setupFiles: ['tests/browser/support/close-pages.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'lighthouse',
          include: ['tests/lighthouse/**/*.test.ts'],
          globalSetup: browserSetup,
          setupFiles: ['tests/browser/support/close-pages.ts'],
          // A performance score is the page's time on this machine: measured with nothing else running, one file at a time.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
