/**
 * A visitor's text made safe to show on one line, in a terminal (`sitegen
 * leads`, the line preview and dev print for each new lead) or an email's
 * subject: control characters (line breaks, escape sequences that move the
 * cursor or set the window title) and the characters that reorder text on
 * screen (bidi embeddings, overrides and isolates, line and paragraph
 * separators) become spaces, runs of them one.
 */
/** The characters that reorder text on screen: bidi marks, embeddings, overrides and isolates. */
const bidi = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
/** What JSON.stringify leaves as it is, yet a terminal acts on: DEL, C1 controls (U+009B starts a command), bidi. */
export const unescapedControls = new RegExp(`[\u007f-\u009f\u2028\u2029${bidi}]`, 'g');
const unsafe = new RegExp(`[\u0000-\u001f\u007f-\u009f\u2028\u2029${bidi}]+`, 'g');

export function oneLine(value: string): string {
  return value.replace(unsafe, ' ').trim();
}
