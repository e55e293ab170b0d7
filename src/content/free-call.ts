import { ContentError } from '../errors';

/** Words promising a free call: true of a freephone number (0800, 0808) alone, misleading with any other. */
const freeCall = /\b(?:free[- ]?phone|toll[- ]free|call (?:us )?(?:for )?free|free to call)\b/i;

/** With a number not free to call, refuses the first of `texts` (a file and its words) that promises a free call. */
export function refuseFreeCallWords(phone: string, texts: () => Iterable<readonly [string, string]>): void {
  if (/^080[08]/.test(phone.replace(/\D/g, ''))) return;
  for (const [file, text] of texts()) {
    const words = freeCall.exec(text)?.[0];
    const problem = `says "${words}", but site.json's phone number, ${phone}, is not free to call (only 0800 and 0808 numbers are): reword it`;
    if (words) throw new ContentError(file, '', problem);
  }
}
