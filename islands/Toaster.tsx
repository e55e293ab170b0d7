/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { dismissToast, subscribeToasts, type Toast } from './lib/toasts';

export interface ToasterProps {
  label: string;
  dismiss: string;
}

/**
 * The live region where toasts appear. It is in the page from the first paint,
 * so screen readers already watch it when a toast is added.
 */
export function Toaster({ label, dismiss }: ToasterProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <section aria-label={label} class="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4">
      <div role="status" aria-live="polite" aria-atomic="false" class="flex flex-col items-center gap-3 sm:items-end">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            class={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl p-4 shadow-lg ring-1 ${
              toast.variant === 'destructive' ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-900 ring-slate-200'
            }`}
          >
            <div class="flex-1">
              <p class="font-semibold">{toast.title}</p>
              <p class="mt-1 text-sm">{toast.text}</p>
            </div>
            <button type="button" class="rounded p-1 text-lg leading-none opacity-80 hover:opacity-100" aria-label={dismiss} onClick={() => dismissToast(toast.id)}>
              &times;
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
