export { escapeHtml } from '../supabase/functions/_shared/escape-html.ts';
