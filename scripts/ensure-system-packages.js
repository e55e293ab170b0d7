// Before the tests (npm test's pretest) and in CI's install step: the browser tests and gates drive
// Debian's Chromium, the html gate runs the Nu HTML Checker on Java, and the migrations are applied to
// PostgreSQL 15 with pg_cron (the scheduler Supabase runs the daily purge of old leads with); none is
// ever skipped.
// Whatever is missing is installed when we can (root with apt-get, in one apt-get run), else we
// stop with the command to run.
import { existsSync } from 'node:fs';
import { ensureSystemPackages, onPath } from './system-packages.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const java = process.env.JAVA ?? 'java';
const postgresBin = '/usr/lib/postgresql/15/bin';

ensureSystemPackages(
  [
    { package: 'chromium', what: `Chromium at ${chromium}`, present: () => existsSync(chromium) },
    { package: 'default-jre-headless', what: `Java (\`${java}\`)`, present: () => onPath(java) },
    {
      package: 'postgresql-15-cron',
      what: 'PostgreSQL 15 with pg_cron',
      present: () => existsSync(`${postgresBin}/initdb`) && existsSync('/usr/lib/postgresql/15/lib/pg_cron.so'),
    },
  ],
  'The tests',
);
