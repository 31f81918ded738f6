import { type MouseEvent, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/** What a lazily loaded dialog receives: it is mounted open, and closes through `onOpenChange`. */
export interface LazyDialogProps {
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog whose code (Radix and the dialog's content) loads on the first press of its button,
 * not with the page: a page that offers a dialog does not pay for it on its first screen.
 * `dialog` renders a `lazy()` component that renders a controlled, open `Dialog`; it is
 * unmounted when closed, and the focus goes back to the button (Radix would give it to its own
 * trigger, which a controlled dialog has not).
 */
export function LazyDialog({
  dialog,
  trigger,
}: {
  dialog: (props: LazyDialogProps) => ReactNode;
  /** The button: give it `{ onClick, 'aria-haspopup', 'aria-expanded' }`. */
  trigger: (props: {
    onClick: (event: MouseEvent<HTMLElement>) => void;
    'aria-haspopup': 'dialog';
    'aria-expanded': boolean;
  }) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // The button that opened the dialog, to give the focus back to when it closes.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener?.focus();
    wasOpen.current = open;
  }, [open, opener]);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    setOpener(event.currentTarget);
    setOpen(true);
  };
  return (
    <>
      {trigger({ onClick, 'aria-haspopup': 'dialog', 'aria-expanded': open })}
      {open ? <Suspense fallback={null}>{dialog({ onOpenChange: setOpen })}</Suspense> : null}
    </>
  );
}
