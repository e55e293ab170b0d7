// Compiles the generator (src/) to lib/: once at install (npm's prepare
// step), and again by bin/sitegen.js whenever a file it was compiled from has
// changed since. Every `sitegen` run then starts from plain JavaScript.
//
// The small packages every build runs on are bundled in: each build thread
// then loads a few files instead of resolving and reading dozens, and starts
// sooner. The rest stay external, to load only
// when a command needs them (gray-matter and marked, only when a file must be
// parsed or a body rendered), or because they must be one copy shared with
// the compiled templates (React and Preact), or are native or large.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * One run compiles at a time (commands started together after a pull each find lib/ out of date): another waits for it,
 * then runs what it made, rather than take lib/ away from under it.
 */
export async function compileGenerator() {
  const lock = join(root, 'lib.compiling');
  if (!(await takeLock(lock))) return;
  try {
    // What a run stopped while it compiled left (Ctrl-C): none other compiles while this one holds the lock.
    for (const name of await readdir(root))
      if (name.startsWith('lib.compiling-')) await rm(join(root, name), { recursive: true, force: true });
    await compileInto(join(root, 'lib'));
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Whether this run is the one to compile: false once another run that held the lock has finished. */
async function takeLock(lock) {
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), `${process.pid}`);
      return true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    for (;;) {
      const holder = await readFile(join(lock, 'pid'), 'utf8').then(Number, () => undefined);
      if (!existsSync(lock)) return false;
      // A run stopped while it compiled (Ctrl-C, a kill) left its lock: taken over at once (or, stopped before it could
      // write its pid, once that is plainly over).
      const made = await stat(lock).then(
        ({ mtimeMs }) => mtimeMs,
        () => Date.now(),
      );
      if (holder === undefined ? Date.now() - made > 10_000 : !isAlive(holder)) {
        await rm(lock, { recursive: true, force: true });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

async function compileInto(lib) {
  const bundled = new Set(['commander', 'fast-glob', 'libphonenumber-js', 'valibot']);
  const { dependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const external = Object.keys(dependencies)
    .filter((name) => !bundled.has(name))
    .flatMap((name) => [name, `${name}/*`]);

  // Before anything is read: a file saved while this runs is newer than what lib/ was compiled from.
  const compiledAt = Date.now();
  // A fresh folder (chunk names change with their content, and stale ones would pile up), put in lib/'s place only
  // once complete: a run that fails, on a syntax error say, leaves lib/ as it was.
  const fresh = join(root, `lib.compiling-${process.pid}`);
  try {
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: {
        cli: 'src/cli.ts',
        'site-worker': 'src/threads/site-worker.ts',
        'generator-version': 'src/generator-version.ts',
      },
      outdir: fresh,
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external,
      // The bundled CommonJS packages expect require() and __dirname.
      banner: {
        js: [
          "import { createRequire as __sitegenRequire } from 'node:module';",
          "import { dirname as __sitegenDirname } from 'node:path';",
          "import { fileURLToPath as __sitegenPath } from 'node:url';",
          'const require = __sitegenRequire(import.meta.url);',
          'const __filename = __sitegenPath(import.meta.url);',
          'const __dirname = __sitegenDirname(__filename);',
        ].join(' '),
      },
      sourcemap: 'linked',
      logLevel: 'warning',
      chunkNames: 'chunks/[name]-[hash]',
      metafile: true,
    });
    // The compiled code's hash, which src/generator-version.ts reads: computed once here, not by every build.
    const { codeHash } = await import(pathToFileURL(join(fresh, 'generator-version.js')).href);
    await writeFile(join(fresh, 'generator.sha256'), await codeHash(fresh));
    // What bin/sitegen.js compares lib/ with: when it was compiled, and from which of the project's files.
    const inputs = Object.keys(metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
    await writeFile(
      join(fresh, 'compiled-from.json'),
      JSON.stringify({ compiledAt, inputs: [...inputs, 'scripts/compile-cli.js'] }),
    );
    await rm(lib, { recursive: true, force: true });
    await rename(fresh, lib);
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await compileGenerator();
