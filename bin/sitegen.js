#!/usr/bin/env node
// The generator runs as JavaScript compiled from src/ into lib/
// (scripts/compile-cli.js, at install), never as TypeScript compiled on every
// run. In a checkout, where a file lib/ was compiled from has changed since
// (an edit, a pull), lib/ is compiled again first: a run never uses code
// older than its source. File times tell, and nothing is read but lib/'s list.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = `${root}lib/cli.js`;

/** Why lib/ is older than its source, or nothing: it is not, or there is no source (an installed package). */
function staleness() {
  if (!existsSync(`${root}src`)) return undefined;
  let compiled;
  try {
    compiled = JSON.parse(readFileSync(`${root}lib/compiled-from.json`, 'utf8'));
  } catch {
    return 'lib/ is missing, or does not say what it was compiled from';
  }
  for (const input of compiled.inputs) {
    const modified = statSync(`${root}${input}`, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined) return `${input}, which lib/ was compiled from, is gone`;
    if (modified > compiled.compiledAt) return `${input} changed since lib/ was compiled`;
  }
  return undefined;
}

/** The packages package.json names that a checkout lacks: a pull that added one needs `npm install` first. */
function notInstalled() {
  if (!existsSync(`${root}src`)) return [];
  const { dependencies } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  return Object.keys(dependencies).filter((name) => !existsSync(`${root}node_modules/${name}/package.json`));
}

const missing = notInstalled();
if (missing.length > 0) {
  const named = missing.length === 1 ? `${missing[0]} is` : `${missing.join(', ')} are`;
  console.error(
    `sitegen: ${named} named in package.json but not installed (a pull may have added it): run \`npm install\``,
  );
}
const stale = staleness();
if (stale) {
  let compiler;
  try {
    compiler = await import('../scripts/compile-cli.js');
  } catch (error) {
    const cannot =
      error.code === 'ERR_MODULE_NOT_FOUND' && /'esbuild'/.test(error.message)
        ? 'esbuild is not installed'
        : error.message;
    console.error(`sitegen: ${stale}, and cannot compile it here (${cannot}): run \`npm install\``);
  }
  if (compiler) {
    console.error(`sitegen: ${stale}: compiling src/ again`);
    try {
      await compiler.compileGenerator();
    } catch (error) {
      // On a src/ that does not compile, esbuild has printed what is wrong, with the file and line.
      console.error(
        error.errors
          ? 'sitegen: src/ does not compile (above); lib/ is left as it was'
          : `sitegen: lib/ could not be compiled again: ${error.message}`,
      );
      process.exit(1);
    }
  }
}
if (!existsSync(cli)) {
  console.error('sitegen is not compiled yet: run `npm install` (or `npm run prepare`) in the project folder.');
  process.exit(1);
}
await import(pathToFileURL(cli).href);
