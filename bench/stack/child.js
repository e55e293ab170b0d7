/**
 * One measurement: one contender of one step, in a fresh process, over every
 * article once, as a build meets them (cold JIT, no warm-up). Prints one line
 * of JSON: the module load time, the work loop's time, the article count and
 * the total output size.
 *
 *   node bench/stack/child.js <step> <brief|ours> <inputs.json> <bundles as JSON>
 */
import { readFileSync } from 'node:fs';
import { sizeOf, steps } from './contenders.js';

const [stepName, side, inputsFile, bundlesJson] = process.argv.slice(2);
const step = steps[stepName];
const contender = step?.[side];
if (!contender) throw new Error(`unknown contender: ${stepName} ${side}`);

// Reading and parsing the inputs is no contender's work: done before any clock starts.
const { articles, layout, assets } = JSON.parse(readFileSync(inputsFile, 'utf8'));
const inputs = articles.map(step.input);

const loadStart = performance.now();
const run = await contender.load({ bundles: JSON.parse(bundlesJson), layout, assets });
const loadMs = performance.now() - loadStart;

let size = 0;
const loopStart = performance.now();
for (const input of inputs) size += sizeOf(run(input));
const loopMs = performance.now() - loopStart;

process.stdout.write(`${JSON.stringify({ loadMs, loopMs, articles: inputs.length, size })}\n`);
