/**
 * Two of V8's flags, tuned for `sitegen build`, which renders on every core. On a machine of two cores, V8's
 * background threads (its optimising compiler, its parallel collector) have no core of their own and take time from
 * the build threads, which wait.
 * - A larger interrupt budget (default 67,584): fewer functions optimised that are hot only for a while. Only Node
 *   20's V8 has it: later ones count calls instead, and print an error for a flag they do not know.
 * - No parallel scavenge: the young generation, collected often while pages render, is collected by the thread that
 *   filled it, not by tasks that wait for a free core.
 * A single long-running thread with a core to spare (the dev server, `sitegen check`) does better with the defaults,
 * so only the build sets these (docs/performance.md). V8 reads both as it goes, and its flags are the process's: set
 * before the build workers start, they hold for them too.
 */
import { setFlagsFromString } from 'node:v8';

const budget = process.versions.node.startsWith('20.') ? ['--interrupt-budget=300000'] : [];

export const tuneV8ForBuilds = () => [...budget, '--no-parallel-scavenge'].forEach((flag) => setFlagsFromString(flag));
