/**
 * The last form's submission not yet known to be stored (sending, or failed):
 * its id and the fields it carried, kept in the tab's session storage
 * (`tradeboost-unsent`, which the cookie policy lists), as the browser keeps
 * a form's words in the tab's history, so that the same words sent again once
 * the page is loaded again (reloaded while it was sending, or left and come
 * back to) carry the same id, and the lead is stored once. Forgotten once it
 * is stored, or with the tab. Storage the browser refuses is done without:
 * the id then lasts as long as the page.
 */
const key = 'tradeboost-unsent';

type Submission = { id: string; fields: string };

/** The id kept for these fields, if they are the ones it was sent with. */
export function unsentId(fields: string): string | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? '{}') as Partial<Submission>;
    return kept.fields === fields ? (kept.id ?? null) : null;
  } catch {
    return null;
  }
}

/** Keeps the submission; null forgets it (the lead is stored). */
export function keepUnsent(submission: Submission | null): void {
  try {
    if (submission) sessionStorage.setItem(key, JSON.stringify(submission));
    else sessionStorage.removeItem(key);
  } catch {
    // Refused: the id lasts as long as the page.
  }
}
