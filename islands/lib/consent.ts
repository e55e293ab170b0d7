/**
 * What this browser keeps for the site, in localStorage, and for how long:
 * the visitor's answer to the consent question (strictly necessary, 12
 * months) and, after an accept, how they found the site (90 days). The cookie
 * policy lists exactly these two names and lifetimes; a browser test holds it
 * to them. Nothing is written before the visitor chooses. Storage a browser
 * refuses (blocked, full) is storage we do without.
 */
export type Choice = 'accepted' | 'rejected';

export const consentKey = 'tradeboost-consent';
export const attributionKey = 'tradeboost-attribution';

/** The instant `months` from now. */
export const monthsFromNow = (months: number) => new Date().setMonth(new Date().getMonth() + months);

/** What is kept under `key`, unless its time is up (then it goes). */
export function readKept<T extends object>(key: string): T | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as (T & { until?: unknown }) | null;
    if (kept && typeof kept.until === 'number' && kept.until > Date.now()) return kept;
  } catch {
    // Unreadable or refused: as if nothing were kept.
  }
  forget(key);
  return null;
}

function forget(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Refused: nothing was kept.
  }
}

/** Keeps `value` under `key` until the instant `until`. */
export function keep(key: string, value: object, until: number): void {
  try {
    localStorage.setItem(key, JSON.stringify({ ...value, until }));
  } catch {
    // Refused: the site works on without it.
  }
}

/** The answer in force. Without an accept in force (none given, a reject, or its 12 months over), what one allowed goes. */
export function storedChoice(): Choice | null {
  const choice = readKept<{ choice: Choice }>(consentKey)?.choice ?? null;
  if (choice !== 'accepted') forget(attributionKey);
  return choice;
}

/** Keeps the answer for 12 months; a reject also forgets how the visitor found the site. */
export function keepChoice(choice: Choice): void {
  keep(consentKey, { choice }, monthsFromNow(12));
  if (choice === 'rejected') forget(attributionKey);
}
