import { RefreshCw } from 'lucide-react';
import { Button } from './button';

/** The Refresh button of every page and card: icon only on phones, spinning while reloading. */
export function RefreshButton({
  onClick,
  refreshing = false,
  disabled = refreshing,
  label = 'Refresh',
  size,
}: {
  onClick: () => void;
  refreshing?: boolean;
  disabled?: boolean;
  /** The accessible name, when the page has more than one thing to refresh. */
  label?: string;
  size?: 'sm';
}) {
  return (
    <Button variant="outline" size={size} onClick={onClick} disabled={disabled} aria-label={label}>
      <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
      <span className="hidden sm:inline">Refresh</span>
    </Button>
  );
}
