/**
 * Which scripts a page loads: the markers its markup holds (data-island, data-enhance) looked up in the manifest of the
 * bundled scripts. Apart from the bundling (client-scripts.ts), so render workers need not load the bundler.
 */
import { SitegenError } from '../errors';

/** What a page's markup asks for: `island:EnquiryForm` for data-island="EnquiryForm", `enhance:menus` for data-enhance="menus". */
export type ScriptMarker = `island:${string}` | `enhance:${string}`;

export interface PageScripts {
  /** Entry modules, as <script type="module">. */
  modules: string[];
  /** The chunks those modules import, as <link rel="modulepreload"> so they load in parallel, not one after another. */
  preloads: string[];
}

/** Which scripts each marker needs: plain data, so a render worker can be handed it. */
export interface ScriptManifest {
  /** Marker → the URLs of its entry module and of every chunk it imports statically. */
  entries: Record<string, { module: string; chunks: string[] }>;
}

export function scriptsForManifest(manifest: ScriptManifest, markers: Iterable<ScriptMarker>): PageScripts {
  const [modules, preloads] = [new Set<string>(), new Set<string>()];
  for (const marker of markers) {
    const entry = manifest.entries[marker];
    if (!entry) {
      const [kind, name] = marker.split(':');
      const file = kind === 'island' ? `islands/${name}.tsx` : `islands/enhance/${name}.ts`;
      throw new SitegenError(
        `it places the ${kind === 'island' ? 'island' : 'enhancement'} "${name}", but there is no ${file}`,
      );
    }
    modules.add(entry.module);
    for (const chunk of entry.chunks) preloads.add(chunk);
  }
  return { modules: [...modules].sort(), preloads: [...preloads].sort() };
}
