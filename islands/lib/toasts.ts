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

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

const publish = () => listeners.forEach((listener) => listener(toasts));

export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  publish();
  setTimeout(() => dismissToast(id), toastDuration);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  publish();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
