#!/usr/bin/env node
// The generator runs as JavaScript compiled once at install (`npm run prepare`),
// never as TypeScript compiled on every run.
import { existsSync } from 'node:fs';

// React picks its build when first imported; the development build renders about ten times slower
// and the site never runs React in a browser, so production is the only mode that makes sense here.
process.env.NODE_ENV = 'production';

const cli = new URL('../lib/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('sitegen is not compiled yet: run `npm install` (or `npm run prepare`) in the project folder.');
  process.exit(1);
}
await import(cli.href);
