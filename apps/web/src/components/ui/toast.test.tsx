import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows a toast in the live region and removes it after its time', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast('Status updated', { description: 'The user is now LOCKED.', durationMs: 5000 });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Status updated');
    expect(region).toHaveTextContent('The user is now LOCKED.');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(region).not.toHaveTextContent('Status updated');
  });

  it('announces errors as alerts and can be dismissed', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast('Could not save', { variant: 'error' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    // Red as a whole, not only its icon.
    expect(screen.getByRole('alert')).toHaveClass('bg-danger-soft');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
