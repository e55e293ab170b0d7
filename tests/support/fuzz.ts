/**
 * How many inputs a property test tries, and from which seed. `npm test`
 * runs a few from a fixed seed, so a failure is the same on every machine;
 * `npm run fuzz` runs many from a random seed, printed first, and fast-check
 * prints the seed and path of any failure: `FUZZ_SEED=<seed> npm run fuzz`
 * replays it. A failure found this way becomes an example test of its own.
 */
import type { Parameters } from 'fast-check';

const fuzzing = process.env.FUZZ === '1';
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : fuzzing ? Date.now() % 2 ** 31 : 20261127;
if (fuzzing) console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed} npm run fuzz)`);

/** fast-check's settings for one property: `runs` in `npm test`, `fuzzRuns` under `npm run fuzz`. */
export function fuzzParameters<T>(runs: number, fuzzRuns = runs * 20): Parameters<T> {
  return { seed, numRuns: fuzzing ? fuzzRuns : runs };
}
