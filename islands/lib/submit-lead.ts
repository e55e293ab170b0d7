/**
 * Sending a lead: what supabase.functions.invoke('contact-form') sends (the
 * form's fields and where the visitor came from), with the messages of the
 * specification's error catalogue. Loaded on a visitor's first interaction
 * with a form, never at page load.
 */
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { leadAttribution } from './attribution';
import type { LeadEndpoint, ToastCopy } from './types';

/** A request slower than this is abandoned and the visitor told; nothing is retried behind their back. */
export const submitTimeoutMs = 15_000;

export type SubmitResult = { ok: true } | { ok: false; message: string };

export async function submitLead(
  endpoint: LeadEndpoint,
  payload: Record<string, unknown>,
  copy: ToastCopy,
): Promise<SubmitResult> {
  // functions-js needs an absolute URL; the local server answers on this site's own origin.
  const base = new URL(endpoint.url, location.href).href.replace(/\/$/, '');
  const headers: Record<string, string> = endpoint.anonKey
    ? { apikey: endpoint.anonKey, Authorization: `Bearer ${endpoint.anonKey}` }
    : {};
  const client = new FunctionsClient(base, { headers });
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), submitTimeoutMs);
  try {
    const { data, error } = await client.invoke<{ success?: boolean; error?: string }>('contact-form', {
      // Where the visitor came from, as far as their consent lets this browser know.
      body: { ...payload, attribution: leadAttribution() },
      signal: timeout.signal,
    });
    if (timeout.signal.aborted) return { ok: false, message: copy.timeout };
    if (error) {
      // A non-2xx answer may still carry the function's own { error } text: it says more than the status code.
      if (error instanceof FunctionsHttpError)
        return { ok: false, message: (await errorText(error.context)) || copy.invokeFallback };
      return { ok: false, message: copy.failedFallback };
    }
    if (!data || typeof data !== 'object' || data.success !== true) {
      return {
        ok: false,
        message:
          (data && typeof data === 'object' && typeof data.error === 'string' && data.error) || copy.responseFallback,
      };
    }
    return { ok: true };
  } catch {
    return { ok: false, message: timeout.signal.aborted ? copy.timeout : copy.failedFallback };
  } finally {
    clearTimeout(timer);
  }
}

async function errorText(response: unknown): Promise<string> {
  try {
    const body: unknown = await (response as Response).json();
    return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}

/**
 * A new submission's id, a v4 UUID: crypto.randomUUID exists only on https
 * and localhost; getRandomValues works everywhere.
 */
export function submissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
