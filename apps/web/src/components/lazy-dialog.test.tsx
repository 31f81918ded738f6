import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { type LazyDialogProps, LazyDialog } from './lazy-dialog';

let loads = 0;
const Later = lazy(async () => {
  loads += 1;
  return {
    default: ({ onOpenChange }: LazyDialogProps) => (
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent title="Later">Loaded on demand</DialogContent>
      </Dialog>
    ),
  };
});

describe('LazyDialog', () => {
  it('loads its dialog on the first press, opens it, and gives the focus back on close', async () => {
    const user = userEvent.setup();
    render(
      <LazyDialog
        dialog={(props) => <Later {...props} />}
        trigger={(props) => <Button {...props}>Open later</Button>}
      />,
    );
    const button = screen.getByRole('button', { name: 'Open later' });
    expect(loads).toBe(0);
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Later' })).toHaveTextContent(
      'Loaded on demand',
    );
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(loads).toBe(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Later' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
