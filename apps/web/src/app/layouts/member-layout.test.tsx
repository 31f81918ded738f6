import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { MemberLayout } from './member-layout';

const TEXT = 'The platform is under maintenance. Please try again later.';

describe('member layout: maintenance mode', () => {
  it('replaces the app with a full page while the API answers MAINTENANCE_MODE', async () => {
    let maintenance = true;
    mockApi({
      'GET /api/things': () =>
        maintenance ? failResponse(503, 'MAINTENANCE_MODE', TEXT) : okResponse([]),
    });
    renderRoutes(
      [
        {
          element: <MemberLayout />,
          children: [{ path: '/dashboard', element: <Stub name="Dashboard" /> }],
        },
      ],
      { at: '/dashboard' },
    );
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    await act(() => api.get('/things').catch(() => undefined));
    expect(screen.getByRole('heading', { name: "We'll be back soon" })).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();

    // The next successful answer brings the app back.
    maintenance = false;
    await act(() => api.get('/things'));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('member layout: the bottom tab bar and toasts', () => {
  it('marks the document while the bar is there, so toasts rise above it (index.css)', () => {
    const { unmount } = renderRoutes(
      [
        {
          element: <MemberLayout />,
          children: [{ path: '/dashboard', element: <Stub name="Dashboard" /> }],
        },
      ],
      { at: '/dashboard' },
    );
    expect(screen.getByRole('navigation', { name: 'Quick navigation' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-bottom-nav');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-bottom-nav');
  });
});
