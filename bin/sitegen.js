#!/usr/bin/env node
// The generator runs as JavaScript compiled once at install (`npm run prepare`),
// never as TypeScript compiled on every run.
import { existsSync } from 'node:fs';

const cli = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('sitegen is not compiled yet: run `npm install` (or `npm run prepare`) in the project folder.');
  process.exit(1);
}
await import(cli.href);
