import { createHash, timingSafeEqual } from 'node:crypto';

export const contentHash = (content: string | Uint8Array): string =>
  createHash('sha256').update(content).digest('base64url');

/** "styles" + content → "styles-1a2b3c4d5e.css": a new name whenever the content changes, so it can be cached for a year. */
export const hashedName = (name: string, content: string | Uint8Array, extension: string): string =>
  `${name}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}.${extension}`;

/** Whether a secret given in a request is the expected one, in a time that does not tell how much of it matched. */
export function sameSecret(given: string, expected: string): boolean {
  // As bytes: timingSafeEqual throws on unequal lengths, and a character outside ASCII takes more than one byte.
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
