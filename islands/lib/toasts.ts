/**
 * The page's toasts, shared by every island in the bundle: a form calls
 * showToast, the Toaster island draws them. Module state works because all
 * islands of a page share one copy of this module.
 */
export interface Toast {
  id: number;
  title: string;
  text: string;
  variant: 'success' | 'destructive';
}

/** The specification's 4-5 seconds on screen. */
export const toastDuration = 5000;

/** Why a toast stays for now: the visitor points at it, has the focus in it, or is in another tab or window. */
export type Hold = 'pointer' | 'focus' | 'away';

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
/** The time left on screen of the toast shown (one at a time), counting down unless held. */
let clock:
  { id: number; left: number; since: number; timer?: ReturnType<typeof setTimeout>; holds: Set<Hold> } | undefined;

const publish = () => listeners.forEach((listener) => listener(toasts));
const clockOf = (id: number) => (clock?.id === id ? clock : undefined);

function run(id: number): void {
  const running = clockOf(id);
  if (!running) return;
  running.since = Date.now();
  running.timer = setTimeout(() => dismissToast(id), running.left);
}

/** Shows `toast` in place of any on screen, as the specification's toaster (shadcn/ui's, one at a time) does: a success after a failed try takes the error's place rather than stacking over the form. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  clearTimeout(clock?.timer);
  const id = nextId++;
  toasts = [{ ...toast, id }];
  clock = { id, left: toastDuration, since: 0, holds: new Set() };
  // Shown while the visitor is in another tab or window (they sent a form, then looked away): it waits for them.
  if (document.hasFocus()) run(id);
  else clock.holds.add('away');
  publish();
}

/**
 * A toast stays while the visitor points at it or has the focus in it, as
 * Radix's toasts (the specification's) do: an error is not taken away while
 * it is being read. Released, it has the time it had left.
 */
export function holdToast(id: number, why: Hold): void {
  const held = clockOf(id);
  if (!held) return;
  held.holds.add(why);
  if (held.timer === undefined) return;
  clearTimeout(held.timer);
  held.timer = undefined;
  held.left -= Date.now() - held.since;
}

export function releaseToast(id: number, why: Hold): void {
  const held = clockOf(id);
  if (!held || !held.holds.delete(why) || held.holds.size > 0) return;
  run(id);
}

/** Takes the toast away, if it is still the one shown. */
export function dismissToast(id: number): void {
  if (!clockOf(id)) return;
  clearTimeout(clock?.timer);
  clock = undefined;
  toasts = [];
  publish();
}

/**
 * Calls `listener` with the toasts now and on every change: the Toaster listens from an effect, which runs after a
 * frame, and a busy or hidden page may draw none before the lead's answer shows a toast.
 */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

/**
 * Stops a toast's seconds while its window is in the background, as Radix's toasts (the specification's) do; returns
 * what stops watching. Called by the Toaster in the browser: the templates render this module's users at build time.
 */
export function watchWindow(): () => void {
  const away = () => clock && holdToast(clock.id, 'away');
  const back = () => clock && releaseToast(clock.id, 'away');
  addEventListener('blur', away);
  addEventListener('focus', back);
  return () => {
    removeEventListener('blur', away);
    removeEventListener('focus', back);
  };
}
