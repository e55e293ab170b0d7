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

/** Why a toast stays for now: the visitor points at it, or has the focus in it. */
export type Hold = 'pointer' | 'focus';

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
/** Each toast's time left on screen, counting down unless held. */
const clocks = new Map<
  number,
  { left: number; since: number; timer?: ReturnType<typeof setTimeout>; holds: Set<Hold> }
>();

const publish = () => listeners.forEach((listener) => listener(toasts));

function run(id: number): void {
  const clock = clocks.get(id);
  if (!clock) return;
  clock.since = Date.now();
  clock.timer = setTimeout(() => dismissToast(id), clock.left);
}

/** Shows `toast` in place of any on screen, as the specification's toaster (shadcn/ui's, one at a time) does: a success after a failed try takes the error's place rather than stacking over the form. */
export function showToast(toast: Omit<Toast, 'id'>): void {
  for (const clock of clocks.values()) clearTimeout(clock.timer);
  clocks.clear();
  const id = nextId++;
  toasts = [{ ...toast, id }];
  clocks.set(id, { left: toastDuration, since: 0, holds: new Set() });
  run(id);
  publish();
}

/**
 * A toast stays while the visitor points at it or has the focus in it, as
 * Radix's toasts (the specification's) do: an error is not taken away while
 * it is being read. Released, it has the time it had left.
 */
export function holdToast(id: number, why: Hold): void {
  const clock = clocks.get(id);
  if (!clock) return;
  clock.holds.add(why);
  if (clock.timer === undefined) return;
  clearTimeout(clock.timer);
  clock.timer = undefined;
  clock.left -= Date.now() - clock.since;
}

export function releaseToast(id: number, why: Hold): void {
  const clock = clocks.get(id);
  if (!clock || !clock.holds.delete(why) || clock.holds.size > 0) return;
  run(id);
}

export function dismissToast(id: number): void {
  clearTimeout(clocks.get(id)?.timer);
  clocks.delete(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  publish();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
