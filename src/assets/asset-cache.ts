/**
 * The stylesheet, the browser bundles and the compiled templates are made
 * from the project's code (templates/, islands/, the shared lead code), the
 * installed packages and the generator, never from content/. A build whose
 * code is byte for byte that of the last build takes them from
 * .sitegen/assets.json instead of running Tailwind and esbuild again: on a
 * content-only change, the common case, that is most of the fixed cost of a
 * build (about 0.3 s of CPU here). The key hashes the contents of every file
 * those stages can read, so a reused asset is the one a fresh run would make.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { compilerSettings, type BuildConfig } from '../config';
import { contentHash } from '../hash';
import type { ClientScripts } from './client-scripts';
import type { CompiledTemplates, TemplateModule } from './compile-templates';
import { scriptsForManifest, type ScriptManifest } from './script-manifest';
import type { Stylesheet } from './styles';
import { listFiles } from '../list-files';
import { markInUse } from '../stale-files';

export interface BuiltAssets {
  stylesheet: Stylesheet;
  scripts: ClientScripts;
  templates: CompiledTemplates;
}

interface CacheEntry {
  key: string;
  stylesheet: Stylesheet;
  scripts: { files: { path: string; content: string }[]; manifest: ScriptManifest };
  templates: { module: string; versions: CompiledTemplates['versions']; layoutVersion: string };
}

/** Builds (hashed names) and the dev server (stable names) make different assets: each keeps its own, so neither evicts the other's. */
function cacheFile(config: BuildConfig, hashed: boolean): string {
  return join(config.cacheDir, hashed ? 'assets.json' : 'assets-dev.json');
}

/**
 * Everything the three stages read: the generator and the packages (the lock
 * file is part of the generator's version), the compiler settings esbuild
 * reads, and the name and bytes of every file in the folders they compile.
 */
export async function assetKey(config: BuildConfig, generator: string, hashed: boolean): Promise<string> {
  const dirs = [config.templatesDir, config.islandsDir, config.sharedDir];
  const listed = dirs.map((dir) => listFiles(dir, { hidden: true }).map((path) => join(dir, path)));
  const settings = compilerSettings.map((name) => join(config.root, name)).filter((path) => existsSync(path));
  const files = [...listed.flat(), ...settings].sort();
  // Read synchronously: a few dozen small files, which the thread pool would take four round trips each to read.
  const parts = files.map((file) => `${relative(config.root, file)}\0${contentHash(readFileSync(file))}`);
  return contentHash(`${generator}\0${hashed}\0${parts.join('\0')}`);
}

/** The assets an earlier build made under this key, if they are still there. */
export async function readAssets(config: BuildConfig, key: string, hashed: boolean): Promise<BuiltAssets | undefined> {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(await readFile(cacheFile(config, hashed), 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
  const modulePath = join(config.cacheDir, entry.templates.module);
  if (entry.key !== key || !markInUse(modulePath)) return undefined;
  const moduleUrl = pathToFileURL(modulePath).href;
  const { manifest } = entry.scripts;
  return {
    stylesheet: entry.stylesheet,
    scripts: { files: entry.scripts.files, manifest, scriptsFor: (markers) => scriptsForManifest(manifest, markers) },
    templates: {
      module: (await import(moduleUrl)) as TemplateModule,
      moduleUrl,
      versions: entry.templates.versions,
      layoutVersion: entry.templates.layoutVersion,
    },
  };
}

export async function writeAssets(
  config: BuildConfig,
  key: string,
  hashed: boolean,
  assets: BuiltAssets,
): Promise<void> {
  const entry: CacheEntry = {
    key,
    stylesheet: assets.stylesheet,
    scripts: {
      files: assets.scripts.files.map((file) => ({
        path: file.path,
        content: typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8'),
      })),
      manifest: assets.scripts.manifest,
    },
    templates: {
      module: relative(config.cacheDir, fileURLToPath(assets.templates.moduleUrl)),
      versions: assets.templates.versions,
      layoutVersion: assets.templates.layoutVersion,
    },
  };
  await mkdir(config.cacheDir, { recursive: true });
  const temporary = `${cacheFile(config, hashed)}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(entry));
  await rename(temporary, cacheFile(config, hashed));
}
