import { defineConfig } from 'vitest/config';

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
    // Two files at a time, of any layer: a file spends much of its time waiting on what it drives (a build, Chromium,
    // Java, PGlite), and the other core runs that meanwhile.
    maxWorkers: 2,
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
