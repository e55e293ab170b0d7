/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { dismissToast, holdToast, releaseToast, subscribeToasts, watchWindow, type Toast } from './toasts';

export interface ToasterProps {
  label: string;
  dismiss: string;
}

const stack = 'flex flex-col items-center gap-3 sm:items-end';

/** Takes the focus to the toast shown, as Radix's toasts (the specification's) do; their region's name says it. */
const jumpKey = 'F8';

/**
 * Where toasts appear: two live regions, in the page from the first paint so
 * that screen readers already watch them when a toast is added. An error is
 * announced at once (role="alert"); a success when the reader is free
 * (role="status").
 */
export function Toaster({ label, dismiss }: ToasterProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Where the focus was before it came into a toast: dismissing takes the focused button away, and the focus, left on
  // the body, would send a keyboard or screen-reader user back to the top of the page, away from the form.
  const cameFrom = useRef<HTMLElement | null>(null);
  useEffect(() => subscribeToasts(setToasts), []);
  useEffect(watchWindow, []);
  // The toasts come last in the page, many Tab stops from the form: a keyboard user reaches one before its seconds are up.
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const jump = (event: KeyboardEvent) => {
      const button = region.current?.querySelector('button');
      if (event.key !== jumpKey || !button) return;
      event.preventDefault();
      button.focus();
    };
    document.addEventListener('keydown', jump);
    return () => document.removeEventListener('keydown', jump);
  }, []);
  // Fixed to the window's bottom, a toast covers the page's: while one shows, the page keeps what takes the focus clear
  // of it (templates/styles.css), as it does of the consent question. The room it made below the footer stays once it
  // goes: taken back, it would drop the page's end, read at the window's bottom, by that much without a touch.
  useEffect(() => {
    const toaster = region.current!;
    const { style } = document.documentElement;
    let room = 0;
    const observer = new ResizeObserver(() => {
      const height = toaster.querySelector('button') ? toaster.offsetHeight : 0;
      room = Math.max(room, height);
      style.setProperty('--toast-height', `${height}px`);
      style.setProperty('--toast-room', `${room}px`);
    });
    observer.observe(toaster);
    return () => observer.disconnect();
  }, []);
  const close = (id: number) => {
    dismissToast(id);
    cameFrom.current?.focus();
  };
  const shown = (variant: Toast['variant']) =>
    toasts
      .filter((toast) => toast.variant === variant)
      .map((toast) => (
        <div
          key={toast.id}
          class={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl p-4 shadow-lg ring-1 ${
            variant === 'destructive' ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-900 ring-slate-200'
          }`}
          onPointerEnter={() => holdToast(toast.id, 'pointer')}
          onPointerLeave={() => releaseToast(toast.id, 'pointer')}
          onFocusIn={(event) => {
            holdToast(toast.id, 'focus');
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              cameFrom.current = event.relatedTarget as HTMLElement | null;
          }}
          onFocusOut={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) releaseToast(toast.id, 'focus');
          }}
          // Escape closes the toast that holds the focus, as Radix's toasts (the specification's) do.
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close(toast.id);
          }}
        >
          <div class="flex-1">
            <p class="font-semibold">{toast.title}</p>
            <p class="mt-1 text-sm">{toast.text}</p>
          </div>
          <button
            type="button"
            class="-m-3 flex size-11 shrink-0 items-center justify-center rounded text-lg leading-none opacity-80 hover:opacity-100"
            aria-label={dismiss}
            onClick={() => close(toast.id)}
          >
            &times;
          </button>
        </div>
      ));
  return (
    <section
      ref={region}
      aria-label={`${label} (${jumpKey})`}
      class="pointer-events-none fixed inset-x-0 bottom-consent z-50 flex flex-col gap-3 p-4"
    >
      <div role="alert" class={stack}>
        {shown('destructive')}
      </div>
      <div role="status" aria-live="polite" aria-atomic="false" class={stack}>
        {shown('success')}
      </div>
    </section>
  );
}
