/**
 * The local backend's token, in sitegen dev: handed to this page in the address sitegen dev prints, kept in this
 * origin's localStorage, and sent in a header with every request to the backend. Not a cookie: a browser sends a
 * cookie of localhost to every server of localhost, whatever its port, and a server of another program or account
 * would be handed it; this origin's storage is read by this origin alone. A token is new each run: a stale one is
 * found before the editor opens, and the page says what to open instead.
 */
import type { EditorBackend } from '../src/admin/editor-page';

const storageKey = 'sitegen-editor-token';

/** Whether the backend takes this page's token; if not, the page says why the editor cannot open. */
export async function holdLocalToken(backend: Extract<EditorBackend, { name: 'local' }>): Promise<boolean> {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    localStorage.setItem(storageKey, given);
    // Out of the address bar, the history and any link copied from it.
    history.replaceState(null, '', `${location.pathname}${location.hash}`);
  }
  const token = localStorage.getItem(storageKey) ?? '';
  const send = fetch.bind(window);
  const backendUrl = new URL(backend.url, location.href).href;
  window.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (url !== backendUrl) return send(input, init);
    const headers = new Headers(init?.headers);
    headers.set(backend.tokenHeader, token);
    return send(input, { ...init, headers });
  };
  if ((await askBackend(backend, 'info', {})).ok) return true;
  localStorage.removeItem(storageKey);
  const [title, text] = [document.createElement('h1'), document.createElement('p')];
  title.textContent = "The editor needs this run's address";
  text.textContent = `Open the editor at the address sitegen dev printed in its terminal: it carries a token new each run, so that no other program or account on this machine can save through it.`;
  document.body.replaceChildren(title, text);
  document.body.style.cssText = 'font-family: system-ui, sans-serif; margin: 2rem';
  return false;
}

/** A request of the local backend, made as Decap makes its own (the token added on its way, above). */
export function askBackend(backend: { url: string }, action: string, params: Record<string, unknown>) {
  const body = JSON.stringify({ action, params: { branch: 'main', ...params } });
  return fetch(backend.url, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
}
