/** The check's report as the terminal shows it (src/check/report.ts). */
import { describe, expect, it } from 'vitest';
import { formatGate } from '../../src/check/report';
import type { Finding } from '../../src/check/types';

const nuFinding = (page: string, line: number): Finding => ({
  page,
  rule: 'nu-html-checker',
  target: `line ${line}: <footer role="banana" class="bg-gray-900">`,
  message: 'Bad value “banana” for attribute “role” on element “footer”.',
  fix: 'correct the element the message names, as the HTML standard (html.spec.whatwg.org) describes it',
});

describe('formatGate', () => {
  it('lists the same markup error once for every page it is on, though the Nu HTML Checker finds it on a different line of each', () => {
    const findings = [
      nuFinding('/', 210),
      nuFinding('/about', 187),
      nuFinding('/blog', 240),
      nuFinding('/contact', 199),
    ];
    const text = formatGate({ gate: 'html', passed: false, checked: '4 pages', findings, notes: [] });
    expect(text).toBe(
      [
        'html ✗',
        '  ✗ / and 3 more pages  nu-html-checker  line 210: <footer role="banana" class="bg-gray-900">',
        '      Bad value “banana” for attribute “role” on element “footer”.',
        '      fix: correct the element the message names, as the HTML standard (html.spec.whatwg.org) describes it',
        '',
      ].join('\n'),
    );
  });

  it('keeps apart two errors of one rule on different markup', () => {
    const other = { ...nuFinding('/about', 187), target: 'line 187: <nav role="banana">' };
    const text = formatGate({
      gate: 'html',
      passed: false,
      checked: '2 pages',
      findings: [nuFinding('/', 210), other],
      notes: [],
    });
    expect(text.match(/^ {2}✗ .*$/gm)).toEqual([
      '  ✗ /  nu-html-checker  line 210: <footer role="banana" class="bg-gray-900">',
      '  ✗ /about  nu-html-checker  line 187: <nav role="banana">',
    ]);
  });
});
