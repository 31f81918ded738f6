import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/**
 * Presses a list's Export CSV and waits until the file is handed to the browser (jsdom has no
 * object URLs and no downloads: both are stubbed for the press). The button itself is tested in
 * components/export-button.test.tsx; a page's test checks what it exports.
 */
export async function pressExport(user: UserEvent): Promise<void> {
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  try {
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
  } finally {
    click.mockRestore();
  }
}

/** A CSV answer of an export. */
export function csvResponse(filename: string): Response {
  return new Response('ID,Name\r\n1,Ada\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });
}
