// Before the tests (npm test's pretest) and in CI's install step: the browser tests and gates drive
// Debian's Chromium, and the html gate runs the Nu HTML Checker on Java; neither is ever skipped.
// Whatever is missing is installed when we can (root with apt-get, in one apt-get run), else we
// stop with the command to run.
import { existsSync } from 'node:fs';
import { ensureSystemPackages, onPath } from './system-packages.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const java = process.env.JAVA ?? 'java';

ensureSystemPackages(
  [
    { package: 'chromium', what: `Chromium at ${chromium}`, present: () => existsSync(chromium) },
    { package: 'default-jre-headless', what: `Java (\`${java}\`)`, present: () => onPath(java) },
  ],
  'The tests',
);
