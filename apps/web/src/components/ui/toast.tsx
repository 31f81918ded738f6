import { ADMIN_TOAST_MS } from '@ctn/contracts/constants';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';

/**
 * Toasts: short notices that disappear by themselves. `toast()` can be called from anywhere
 * (an event handler, a mutation's onSuccess); the one `<Toaster />` of the root layout shows them
 * in a live region, so screen readers announce them too.
 */
export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

type Listener = () => void;
let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  emit(items.filter((item) => item.id !== id));
}

export function toast(
  title: string,
  options: { description?: string; variant?: ToastVariant; durationMs?: number } = {},
): number {
  const id = nextId++;
  const { description, variant = 'success', durationMs = ADMIN_TOAST_MS } = options;
  emit([...items, { id, title, description, variant }].slice(-4));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;
const noItems: readonly ToastItem[] = [];

const styles: Record<ToastVariant, string> = {
  success: 'text-success-soft-fg',
  error: 'text-danger',
  info: 'text-info-soft-fg',
};
const icons = { success: CircleCheck, error: CircleAlert, info: Info };

export function Toaster() {
  const list = useSyncExternalStore(subscribe, getItems, () => noItems);
  return (
    <div
      role="region"
      aria-label="Notifications"
      data-toaster
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:right-0 sm:left-auto sm:items-end"
    >
      <ol aria-live="polite" className="flex w-full flex-col gap-2 sm:w-96">
        {list.map((item) => {
          const Icon = icons[item.variant];
          return (
            <li
              key={item.id}
              role={item.variant === 'error' ? 'alert' : undefined}
              data-variant={item.variant}
              className={cn(
                'pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-xl shadow-slate-900/10 motion-safe:animate-[toast-in_200ms_ease-out] dark:shadow-black/40',
                // A failure is red (admin section 2), not only its icon.
                item.variant === 'error'
                  ? 'border-red-500/40 bg-danger-soft'
                  : 'border-border bg-surface',
              )}
            >
              <Icon
                className={cn('mt-0.5 size-5 shrink-0', styles[item.variant])}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p
                  className={cn(
                    'font-semibold',
                    item.variant === 'error' ? 'text-danger-soft-fg' : 'text-fg',
                  )}
                >
                  {item.title}
                </p>
                {item.description ? (
                  <p className="mt-0.5 text-fg-muted">{item.description}</p>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => dismissToast(item.id)}
                aria-label="Dismiss notification"
                className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
