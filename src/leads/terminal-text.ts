/**
 * A visitor's text made safe for a terminal: control characters (line breaks,
 * escape sequences that move the cursor or set the window title) and the
 * characters that reorder text on screen (bidi embeddings, overrides and
 * isolates, line and paragraph separators) become spaces, runs of them one.
 * Used wherever a lead is written to a terminal: `sitegen leads` and the line
 * preview and dev print for each new lead.
 */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

export function terminalText(value: string): string {
  return value.replace(unsafe, ' ').trim();
}
