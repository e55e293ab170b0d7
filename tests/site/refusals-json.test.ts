/**
 * A data file of content/ whose JSON the site cannot read (not valid, a key given twice, a list where an object
 * belongs, a field misspelt, no longer taken or of the wrong type) stops the build with a line naming the file and the
 * field.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type BadInput, buildCaseTimeout, stopsTheBuild } from '../support/build-refusals';
import { contentWorkspace, removeWorkspaces } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

const badJson: BadInput[] = [
  [
    'a wrongly typed field in JSON',
    'trades/builder.json',
    (text) => text.replace(/"features": \[[^\]]*\]/, '"features": "Boiler repair keyword targeting"'),
    /content\/trades\/builder\.json: services\[0\]\.features: expected a list of exactly 4 entries, found "Boiler repair keyword targeting"/,
  ],
  // A list where an object belongs: not its items named as fields no schema knows, and the object's fields as missing.
  [
    'a list where an object belongs',
    'team.json',
    (text) => text.replace(/"image": (\{[^}]*\})/, '"image": [$1]'),
    /content\/team\.json: team\[0\]\.image: expected an object, found a list\n/,
  ],
  [
    'a file holding a list where its object belongs',
    'stats.json',
    (text) => text.replace(/^\{\s*"stats": (\[[\s\S]*\])\s*\}\s*$/, '$1'),
    /content\/stats\.json: \(top level\): expected an object, found a list\n/,
  ],
  [
    'a file holding an empty list where its object belongs',
    'pages/about.json',
    () => '[]\n',
    /content\/pages\/about\.json: \(top level\): expected an object, found a list\n/,
  ],
  [
    'a day of the opening hours as a short name',
    'site.json',
    (text) => text.replace('"Monday"', '"Mon"'),
    /content\/site\.json: hours\.days\[0\]: expected one of "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", found "Mon"\n/,
  ],
  [
    'a misspelt field',
    'site.json',
    (text) => text.replace('"tagline"', '"tagLine"'),
    /content\/site\.json: tagLine: is not a known field \(check its spelling\), and tagline is missing\n/,
  ],
  [
    'a field the content no longer takes',
    'site.json',
    (text) => text.replace('"hours": {', '"hours": { "label": "Mon-Fri 9AM-6PM",'),
    /content\/site\.json: hours\.label: is not a known field \(check its spelling\): expected one of days, opens, closes\n/,
  ],
  [
    'a file whose last brace is missing',
    'stats.json',
    (text) => text.replace(/\}\s*$/, ''),
    /content\/stats\.json: is not valid JSON \(it ends too soon, at line 8 column 1: a closing \} or \] missing, or its end cut off\)$/m,
  ],
  [
    'a comma missing between two fields',
    'site.json',
    (text) => text.replace('"phone": "0808 157 0192",', '"phone": "0808 157 0192"'),
    /content\/site\.json: is not valid JSON \(a comma missing before what starts at line 9 column 3\)$/m,
  ],
  [
    'a number in quotes',
    'site.json',
    (text) => text.replace('"latitude": 52.9238', '"latitude": "52.9238"'),
    /content\/site\.json: geo\.latitude: expected a latitude in degrees, found "52\.9238", in quotes: write it without them$/m,
  ],
  [
    'curly quotes pasted from a word processor',
    'stats.json',
    (text) => text.replace('"label": "Tradesmen Helped"', '"label": “Tradesmen Helped”'),
    /content\/stats\.json: is not valid JSON \(a curly quote “ at line 3 column 34: JSON takes straight quotes, write " in its place\)$/m,
  ],
  [
    'a text in single quotes',
    'stats.json',
    (text) => text.replace('"label": "Tradesmen Helped"', `"label": 'Tradesmen Helped'`),
    /content\/stats\.json: is not valid JSON \(a ' at line 3 column 34: JSON takes double quotes, write " in its place\)$/m,
  ],
  [
    'a key in single quotes',
    'stats.json',
    (text) => text.replace('"stats"', "'stats'"),
    /content\/stats\.json: is not valid JSON \(a ' at line 2 column 3: JSON takes double quotes, write " in its place\)$/m,
  ],
  [
    'a comment, as code would have',
    'stats.json',
    (text) => text.replace('"stats": [', '"stats": [\n    // the figures on the home page'),
    /content\/stats\.json: is not valid JSON \(a comment at line 3 column 5: JSON has none, remove it\)$/m,
  ],
  [
    'a text whose closing quote is missing',
    'stats.json',
    (text) => text.replace('"label": "Tradesmen Helped"', '"label": "Tradesmen Helped'),
    /content\/stats\.json: is not valid JSON \(a text not closed on its line, at line 3 column 34: a " missing at its end\)$/m,
  ],
  [
    'a key given twice, of which JSON.parse would keep the last without a word',
    'site.json',
    (text) => text.replace('"phone": "0808 157 0192",', '"phone": "0808 157 0192",\n  "phone": "0808 157 0193",'),
    /content\/site\.json: phone: is given twice, at lines 8 and 9: keep one$/m,
  ],
  [
    'a key given twice in an object of a list',
    'team.json',
    (text) => text.replace('"name": "Sarah Mitchell",', '"name": "Sarah Mitchell",\n      "name": "Sara Mitchell",'),
    /content\/team\.json: team\[0\]\.name: is given twice, at lines 4 and 5: keep one$/m,
  ],
  [
    'a key given twice on one line',
    'trades/builder.json',
    (text) => text.replace('"singular": "Builder",', '"singular": "Builder", "singular": "Bilder",'),
    /content\/trades\/builder\.json: singular: is given twice, on line 4: keep one$/m,
  ],
  [
    'a comma after the last item of a list, where JSON.parse names no position',
    'stats.json',
    (text) => text.replace(/\}\s*\]/, '},\n  ]'),
    /content\/stats\.json: is not valid JSON \(a comma after the last item, at line 6: remove it\)$/m,
  ],
  [
    'a comma after the last field of an object',
    'site.json',
    (text) => text.replace('"TradeBoost Digital on YouTube" }', '"TradeBoost Digital on YouTube", }'),
    /content\/site\.json: is not valid JSON \(a comma after the last item, at line \d+: remove it\)$/m,
  ],
];

describe('bad input', () => {
  it.concurrent.each(badJson)('%s stops the build, naming the file and field', stopsTheBuild);

  // Deleted, or renamed: not Node's "ENOENT: no such file or directory, open …".
  it.concurrent('a data file missing stops the build, naming the file', async () => {
    const site = await contentWorkspace();
    await rm(join(site.content, 'site.json'));
    expect(await site.refusal()).toBe(`sitegen: ${site.content}/site.json: is missing: the site needs it\n`);
  });
});
