/**
 * Two of V8's flags, tuned for `sitegen build`, which runs React's renderer,
 * marked and gray-matter on every core. On a machine of two cores, V8's
 * background threads (its optimising compiler, its parallel collector) then
 * have no core of their own: what they do is taken from the build threads,
 * which wait.
 *
 * - The interrupt budget: V8 optimises a function once it has used up this
 *   much bytecode run a few times. With the default (67,584), each build
 *   thread has many functions compiled that are hot only for a while; a
 *   budget about 4.5 times as large optimises what stays hot.
 * - No parallel scavenge: the young generation, collected often while pages
 *   render, is collected by the thread that filled it, not by tasks that
 *   wait for a free core.
 *
 * On two cores both make large builds faster and small ones no slower
 * (docs/performance.md has the figures). A single thread that runs for long with a core to spare (the dev server,
 * `sitegen check`, bench:profile) does better with V8's defaults: only the
 * build sets these. Both are read by V8 as it goes, so setting them at run
 * time works; V8's flags are the process's, so set before the build workers
 * start, they hold for them too.
 */
import { setFlagsFromString } from 'node:v8';

export function tuneV8ForBuilds(): void {
  setFlagsFromString('--interrupt-budget=300000');
  setFlagsFromString('--no-parallel-scavenge');
}
