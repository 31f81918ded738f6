import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * A tooltip on hover and keyboard focus (Radix: Escape dismisses it; the content describes the
 * trigger). Wrap a region's tooltips in one `TooltipProvider`.
 */
export const TooltipProvider = TooltipPrimitive.Provider;

export function Tooltip({
  content,
  children,
  side = 'right',
}: {
  content: ReactNode;
  /** One focusable element (passed through with `asChild`). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={10}
          className="z-[70] rounded-lg bg-slate-900 px-3 py-2 text-white shadow-lg motion-safe:animate-[fade-in_120ms_ease-out] dark:bg-slate-700"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-slate-900 dark:fill-slate-700" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
