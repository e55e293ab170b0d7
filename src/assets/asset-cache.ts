/**
 * The stylesheet, the browser bundles and the compiled templates are made from the project's code (templates/,
 * islands/, the shared lead code), the installed packages and the generator, never from content/. A build whose code
 * is unchanged since the last (file-versions.ts) takes them from .sitegen/ instead of running Tailwind and esbuild
 * again: on a content-only change, the common case, that is most of a small site's build.
 */
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheFiles } from '../cache-files';
import { compilerSettings, type BuildConfig } from '../config';
import { snapshotKey, takeSnapshot } from '../file-versions';
import { listFiles } from '../list-files';
import { markInUse } from '../stale-files';
import type { ClientScripts } from './client-scripts';
import type { CompiledTemplates, TemplateModule } from './compile-templates';
import type { ScriptManifest } from './script-manifest';
import type { Stylesheet } from './styles';
import { replaceFile } from '../replace-file';
import { readJsonIfThere } from '../optional-files';

export type BuiltAssets = { stylesheet: Stylesheet; scripts: ClientScripts; templates: CompiledTemplates };

interface CacheEntry {
  key: string;
  stylesheet: Stylesheet;
  scripts: { files: { path: string; content: string }[]; manifest: ScriptManifest };
  templates: Omit<CompiledTemplates, 'module' | 'moduleUrl'> & { module: string };
}

/**
 * The generator's version covers the lock file. `dev`: builds (hashed names) and the dev server (stable names) make
 * different assets, and each keeps its own. Files are named relative to the project, as the assets name them: a
 * checkout moved or copied with its times (`cp -a`, `mv`) keeps its cache.
 */
export function assetKey(config: BuildConfig, generator: string, dev: boolean): string {
  const dirs = [config.templatesDir, config.islandsDir, config.sharedDir];
  const files = dirs.flatMap((dir) => listFiles(dir).map((path) => join(dir, path)));
  const settings = compilerSettings.map((name) => join(config.root, name));
  const { files: versions, unsettled } = takeSnapshot([...files, ...settings]);
  const inProject = (path: string) => relative(config.root, path);
  const snapshot = {
    files: Object.fromEntries(Object.entries(versions).map(([path, version]) => [inProject(path), version])),
    unsettled: unsettled.map(inProject),
  };
  return snapshotKey(snapshot, `${generator}\0${dev}`);
}

export async function readAssets(config: BuildConfig, key: string, dev: boolean): Promise<BuiltAssets | undefined> {
  const file = cacheFiles(config.cacheDir).assets(dev);
  const entry = readJsonIfThere<CacheEntry>(file);
  if (entry?.key !== key) return undefined;
  const modulePath = join(config.cacheDir, entry.templates.module);
  // Marked in use, so that no other build removes it as stale while this one imports it.
  if (!markInUse(modulePath)) return undefined;
  const moduleUrl = pathToFileURL(modulePath).href;
  return {
    stylesheet: entry.stylesheet,
    scripts: entry.scripts,
    templates: { ...entry.templates, module: (await import(moduleUrl)) as TemplateModule, moduleUrl },
  };
}

export async function writeAssets(config: BuildConfig, key: string, dev: boolean, assets: BuiltAssets): Promise<void> {
  const { files, manifest } = assets.scripts;
  const { moduleUrl, versions, layoutVersion } = assets.templates;
  const entry: CacheEntry = {
    key,
    stylesheet: assets.stylesheet,
    scripts: {
      files: files.map(({ path, content }) => ({ path, content: Buffer.from(content).toString() })),
      manifest,
    },
    templates: { module: relative(config.cacheDir, fileURLToPath(moduleUrl)), versions, layoutVersion },
  };
  await replaceFile(cacheFiles(config.cacheDir).assets(dev), JSON.stringify(entry));
}
