/**
 * The assets stage: the stylesheet (Tailwind), the browser bundles (esbuild) and the compiled templates, side by side,
 * since their cost is mostly loading their libraries. A first build takes all three from the asset cache while their
 * code is unchanged; the dev server, after an edit, makes again only those the changed files feed.
 */
import type { BuildConfig } from '../config';
import { isInside } from '../list-files';
import { formatBytes } from '../log';
import { assetKey, readAssets, writeAssets, type BuiltAssets } from './asset-cache';
import { bundleClientScripts } from './client-scripts';
import { compileTemplates } from './compile-templates';
import { buildStylesheet } from './styles';

export type { BuiltAssets } from './asset-cache';
export type AssetStage = 'styles' | 'islands' | 'templates';

interface AssetOptions {
  dev: boolean;
  /** The generator's version: with it, assets are taken from and kept in the asset cache. */
  generator?: string;
  /** The assets of the last update, and the files changed since: only what those feed is made again. */
  previous?: { assets: BuiltAssets; changed: ReadonlySet<string> };
  onStage?: (stage: AssetStage, detail: string, ms: number) => void;
}

export async function buildAssets(config: BuildConfig, options: AssetOptions): Promise<BuiltAssets> {
  const { generator, previous, dev } = options;
  if (previous) return remakeAssets(config, options);
  const key = generator ? assetKey(config, generator, dev) : undefined;
  const started = performance.now();
  const cached = key ? await readAssets(config, key, dev) : undefined;
  if (cached) {
    const reused = ', unchanged since the last build: reused';
    const ms = performance.now() - started;
    options.onStage?.('styles', `${describeStylesheet(cached.stylesheet)}${reused}`, ms);
    options.onStage?.('islands', `${cached.scripts.files.length} scripts${reused}`, ms);
    options.onStage?.('templates', `${describeTemplates()}${reused}`, ms);
    return cached;
  }
  const assets = await remakeAssets(config, options);
  if (key) await writeAssets(config, key, dev, assets);
  return assets;
}

const describeStylesheet = ({ file, css }: BuiltAssets['stylesheet']) => `${file} ${formatBytes(css.length)}`;
const describeScripts = ({ files }: BuiltAssets['scripts']) =>
  `${files.length} scripts, ${formatBytes(files.reduce((sum, file) => sum + file.content.length, 0))}`;
const describeTemplates = () => 'compiled';

async function remakeAssets(config: BuildConfig, { dev, onStage, previous }: AssetOptions): Promise<BuiltAssets> {
  const touches = (...dirs: string[]) =>
    !previous || [...previous.changed].some((path) => dirs.some((dir) => isInside(dir, path)));
  const timed = async <T>(stage: AssetStage, make: () => Promise<T>, detail: (value: T) => string) => {
    const started = performance.now();
    const value = await make();
    onStage?.(stage, detail(value), performance.now() - started);
    return value;
  };
  const { templatesDir, islandsDir, sharedDir } = config;
  // Tailwind finds the classes in templates/ and islands/; templates render the islands' first paint, so both feed them.
  // An error waits for the other stages' lines, and the first stage's is told: islands name an island's syntax error.
  const made = [
    !previous || touches(templatesDir, islandsDir)
      ? timed('styles', () => buildStylesheet(config, !dev), describeStylesheet)
      : previous.assets.stylesheet,
    !previous || touches(islandsDir, sharedDir)
      ? timed('islands', () => bundleClientScripts(config, { hashed: !dev }), describeScripts)
      : previous.assets.scripts,
    !previous || touches(templatesDir, islandsDir, sharedDir)
      ? timed('templates', () => compileTemplates(config), describeTemplates)
      : previous.assets.templates,
  ] as const;
  const [stylesheet, scripts, templates] = await Promise.allSettled(made).then(() => Promise.all(made));
  return { stylesheet, scripts, templates };
}
