import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { setToken } from '@/lib/auth-token';
import { deferred, failResponse, mockApi } from '@/testing/api-mock';
import { ExportButton } from './export-button';

// The lists' pages test that they export under their own filters; this is the button itself.

const csv = (headers: Record<string, string> = {}) =>
  new Response('ID,Name\r\n1,Ada\r\n', {
    headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
  });

let downloads: { href: string; download: string }[];

beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderButton(list: 'withdrawals' | 'users', query: Record<string, string | null>) {
  setToken('tok');
  render(
    <>
      <ExportButton list={list} query={query} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('Export CSV', () => {
  it('downloads the list with the session token, busy meanwhile, under the server file name', async () => {
    const gate = deferred<Response>();
    const api = mockApi({ 'GET /api/withdrawals/admin/export': () => gate.promise });
    const user = renderButton('withdrawals', {
      search: 'grace',
      status: 'REJECTED',
      level: null,
      sort: '-createdAt',
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    const request = api.calls('GET /api/withdrawals/admin/export')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      search: 'grace',
      status: 'REJECTED',
      sort: '-createdAt',
    });
    expect(request.headers.get('authorization')).toBe('Bearer tok');
    gate.resolve(
      csv({ 'content-disposition': 'attachment; filename="withdrawals-2026-11-21.csv"' }),
    );
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloads).toEqual([{ href: 'blob:csv', download: 'withdrawals-2026-11-21.csv' }]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:csv');
  });

  it('names the file after the list and the day when the server gives no name', async () => {
    mockApi({ 'GET /api/users/admin/export': () => csv() });
    const user = renderButton('users', { sort: '-createdAt' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.download).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('shows a toast with the reason when the export is refused', async () => {
    mockApi({
      'GET /api/users/admin/export': () =>
        failResponse(400, 'VALIDATION_ERROR', 'Too many', {
          errors: [{ field: 'filters', message: 'Narrow the filters and try again.' }],
        }),
    });
    const user = renderButton('users', { sort: '-createdAt' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('Narrow the filters and try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloads).toHaveLength(0);
  });

  it('falls back to its own text when the server says nothing specific', async () => {
    mockApi({ 'GET /api/users/admin/export': () => failResponse(500, null, null) });
    const user = renderButton('users', {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
  });
});
