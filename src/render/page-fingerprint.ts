/**
 * What a page was rendered from, as one hash, so that a later update (the dev
 * server after an edit, an incremental build) renders only the pages whose
 * inputs changed. Shared by the main thread and the build workers, which
 * decide the same way for the pages they render.
 */
import { samePageScripts, type PageScripts, type ScriptMarker } from '../assets/script-manifest';
import { contentHash } from '../hash';
import type { Route } from '../routes';

/** A page as an earlier render left it. */
export interface RenderedBefore {
  fingerprint: string;
  markers: ScriptMarker[];
  scripts: PageScripts;
}

/**
 * `shared` stands for what every page is rendered from (the layout's sources
 * and data, the stylesheet); `templateVersion` for the sources of the page's
 * own template. A Markdown page's fingerprint ends in its body's hash (see
 * withBodyHash), which stands for the body's HTML: it need not be read to
 * know it is unchanged. The page's scripts are not in it: they are checked
 * apart (below).
 */
export function pageFingerprint(shared: string, templateVersion: string, route: Route): string {
  const madeFrom = route.madeFrom ?? `${JSON.stringify(route.head)}\0${JSON.stringify(route.props)}`;
  const fingerprint = contentHash(`${shared}\0${templateVersion}\0${madeFrom}`);
  return route.body ? withBodyHash(fingerprint, route.body.hash) : fingerprint;
}

/**
 * The fingerprint of a Markdown page whose body alone changed: everything
 * else the page is made from is hashed apart from its body, so an
 * incremental build can fingerprint a body edit without making the route
 * (output/body-edits.ts).
 */
export function withBodyHash(fingerprint: string, bodyHash: string): string {
  const at = fingerprint.indexOf('.');
  return `${at === -1 ? fingerprint : fingerprint.slice(0, at)}.${bodyHash}`;
}

/** Whether a page rendered before can stay as it is: same inputs, and its markers still load the same scripts. */
export function unchangedSince(
  previous: RenderedBefore | undefined,
  fingerprint: string,
  scriptsFor: (markers: ScriptMarker[]) => PageScripts,
): boolean {
  return (
    previous !== undefined &&
    fingerprint !== '' &&
    previous.fingerprint === fingerprint &&
    samePageScripts(previous.scripts, scriptsFor(previous.markers))
  );
}
