import { CYCLE_CSV_MAX_BYTES } from '@ctn/contracts/cycles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import {
  CYCLE_ID,
  cyclesAnswer,
  makeCompleted,
  makeCycleSummary,
  makeDraft,
} from '../testing-fixtures';
import { AdminCyclesPage } from './admin-cycles-page';

const LIST = 'GET /api/rewards/admin/cycles';
const PREVIEW = 'POST /api/rewards/admin/cycles/preview';
const DETAIL = `GET /api/rewards/admin/cycles/${CYCLE_ID}`;
const RUN = `POST /api/rewards/admin/cycles/${CYCLE_ID}/run`;
const DISCARD = `DELETE /api/rewards/admin/cycles/${CYCLE_ID}`;

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/cycles',
        element: (
          <>
            <AdminCyclesPage />
            <Toaster />
          </>
        ),
      },
      { path: '/admin/cycles/:id', element: <Stub name="Cycle detail" /> },
      { path: '/admin/rewards', element: <Stub name="Rewards" /> },
    ],
    { at: '/admin/cycles' },
  );
}

const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextSibling;

afterEach(() => {
  vi.useRealTimers();
});

describe('admin cycles page', () => {
  it('lists the cycles and opens one', async () => {
    const draft = makeCycleSummary({
      _id: '0c0c0c0c-0000-4000-8000-000000000002',
      number: null,
      status: 'DRAFT',
      source: 'CSV',
      totalPaid: null,
      rewardLines: null,
      completedAt: null,
    });
    const api = mockApi({
      [LIST]: () =>
        okResponse(
          cyclesAnswer([
            draft,
            makeCycleSummary(),
            makeCycleSummary({ _id: 'x1', number: 2, status: 'RUNNING' }),
            makeCycleSummary({ _id: 'x2', number: 1, status: 'FAILED' }),
          ]),
        ),
    });
    const { user, router } = renderPage();
    const table = await screen.findByRole('table', { name: '' });
    expect(Object.fromEntries(api.calls(LIST)[0]!.url.searchParams)).toEqual({
      page: '1',
      limit: '10',
    });
    const [first, second, third, fourth] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Draft');
    expect(first).toHaveTextContent('CSV upload');
    // Not paid and not completed; a draft has no lines to count.
    expect(within(first!).getAllByText('—')).toHaveLength(2);
    expect(first).not.toHaveTextContent('lines');
    expect(second).toHaveTextContent('#3');
    expect(second).toHaveTextContent('BingX commission data');
    expect(second).toHaveTextContent('Mar 1, 2025 – Mar 7, 2025');
    expect(second).toHaveTextContent('$2,400.00');
    expect(second).toHaveTextContent('$288.50');
    expect(second).toHaveTextContent('Platform Admin');
    expect(second).toHaveTextContent('40 lines');
    for (const [row, status, colour] of [
      [first, 'DRAFT', 'neutral'],
      [second, 'COMPLETED', 'success'],
      [third, 'RUNNING', 'info'],
      [fourth, 'FAILED', 'danger'],
    ] as const) {
      expect(within(row!).getByText(status)).toHaveAttribute('data-variant', colour);
    }
    expect(screen.getByText('4 cycles')).toBeInTheDocument();
    await user.click(within(second!).getByRole('link', { name: 'View cycle #3' }));
    expect(router.state.location.pathname).toBe(`/admin/cycles/${CYCLE_ID}`);
  });

  it('says No cycles yet, and shows a failed list with Retry', async () => {
    mockApi({ [LIST]: () => okResponse(cyclesAnswer([])) });
    const first = renderPage();
    expect(await screen.findByText('No cycles yet')).toBeInTheDocument();
    first.unmount();

    mockApi({ [LIST]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch cycles')).toBeInTheDocument();
    mockApi({ [LIST]: () => okResponse(cyclesAnswer([])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No cycles yet')).toBeInTheDocument();
  });

  it('previews the last 7 full days of exchange data and shows the draft', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
    const api = mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: () =>
        okResponse(
          makeDraft({
            source: 'EXCHANGE',
            preview: {
              ...makeDraft().preview,
              unknownUids: ['555001', '555002'],
              unknownCount: 140,
              errors: [
                { line: 4, message: 'amount must be a positive number' },
                { line: 9, message: 'uid is missing' },
              ],
              errorCount: 2,
            },
          }),
        ),
    });
    const { user } = renderPage();
    await screen.findByText('No cycles yet');
    expect(screen.getByLabelText('BingX commission data')).toBeChecked();
    expect(screen.getByLabelText('Period start')).toHaveValue('2025-03-03');
    expect(screen.getByLabelText('Period end')).toHaveValue('2025-03-09');
    expect(screen.queryByLabelText('CSV file')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const batch = await screen.findByRole('region', { name: 'Batch' });
    expect(api.calls(PREVIEW)[0]!.body).toEqual({
      source: 'EXCHANGE',
      periodStart: '2025-03-03',
      periodEnd: '2025-03-09',
    });
    expect(screen.getByRole('heading', { name: 'Draft cycle' })).toBeInTheDocument();
    expect(figure(batch, 'Lines read')).toHaveTextContent('5');
    expect(figure(batch, 'Members matched')).toHaveTextContent('2');
    expect(figure(batch, 'Total master amount')).toHaveTextContent('$300.00');
    expect(within(batch).getByText('Unknown UIDs (140)')).toBeInTheDocument();
    const uids = within(batch).getByRole('list', { name: 'Unknown UIDs' });
    expect(
      within(uids)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['555001', '555002']);
    expect(within(batch).getByText('and 138 more not listed')).toBeInTheDocument();
    expect(within(batch).getByText('Line errors (2)')).toBeInTheDocument();
    const errors = within(batch).getByRole('list', { name: 'Line errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 4: amount must be a positive number', 'Line 9: uid is missing']);

    const payout = screen.getByRole('region', { name: 'Payout preview' });
    const rows = within(within(payout).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'LevelPercentLinesAmount',
      '13%2$9.00',
      '22%1$4.00',
      'Total payout3$13.00',
    ]);
    expect(figure(payout, 'Recipients available')).toHaveTextContent('2');
    expect(figure(payout, 'Recipients locked')).toHaveTextContent('1');
    expect(figure(payout, 'Recipients skipped')).toHaveTextContent('1');
    // The list is asked again so the draft shows up there too.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  });

  it('checks the CSV and the period before asking the server', async () => {
    const api = mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: () => okResponse(makeDraft()),
    });
    const { user } = renderPage();
    await screen.findByText('No cycles yet');
    await user.click(screen.getByLabelText('CSV upload'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a CSV file with uid,amount lines')).toBeInTheDocument();

    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: CYCLE_CSV_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('CSV file'), big);
    expect(screen.getByText('The CSV file is larger than 8 MB')).toBeInTheDocument();

    const csv = 'uid,amount\n100001,250\n100002,50\n';
    const file = new File([csv], 'batch.csv', { type: 'text/csv' });
    // jsdom's File has no text(); browsers do.
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(csv) });
    await user.upload(screen.getByLabelText('CSV file'), file);
    expect(screen.queryByText('The CSV file is larger than 8 MB')).toBeNull();
    const start = screen.getByLabelText('Period start');
    const end = screen.getByLabelText('Period end');
    fireEvent.change(start, { target: { value: '2025-04-10' } });
    fireEvent.change(end, { target: { value: '2025-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('periodEnd must not be before periodStart')).toBeInTheDocument();
    expect(api.calls(PREVIEW)).toHaveLength(0);

    fireEvent.change(end, { target: { value: '2025-04-16' } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Batch' });
    expect(api.calls(PREVIEW)[0]!.body).toEqual({
      source: 'CSV',
      periodStart: '2025-04-10',
      periodEnd: '2025-04-16',
      csv,
    });
  });

  it('starts the default period after the last paid cycle, never inside it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
    mockApi({ [LIST]: () => okResponse(cyclesAnswer([], {}, '2025-03-06')) });
    renderPage();
    await screen.findByText('No cycles yet');
    expect(await screen.findByLabelText('Period start')).toHaveValue('2025-03-06');
    expect(screen.getByLabelText('Period end')).toHaveValue('2025-03-09');
  });

  it('makes a CSV over paid days a correction naming the cycles it nets out', async () => {
    const paid = {
      number: 4,
      source: 'EXCHANGE',
      periodStart: '2025-04-01',
      periodEnd: '2025-04-12',
    };
    const api = mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: (req) =>
        (req.body as { correctsCycles?: number[] }).correctsCycles
          ? okResponse(makeDraft())
          : failResponse(
              409,
              'CYCLE_PERIOD_OVERLAP',
              'Cycle #4 (from the exchange, 2025-04-01 to 2025-04-12) already pays some of these days.',
              { overlappingCycle: 4, source: 'EXCHANGE', cycles: [paid] },
            ),
    });
    const { user } = renderPage();
    await screen.findByText('No cycles yet');
    await user.click(screen.getByLabelText('CSV upload'));
    const csv = '100001,250\n';
    const file = new File([csv], 'batch.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.resolve(csv) });
    await user.upload(screen.getByLabelText('CSV file'), file);
    fireEvent.change(screen.getByLabelText('Period start'), { target: { value: '2025-04-10' } });
    fireEvent.change(screen.getByLabelText('Period end'), { target: { value: '2025-04-16' } });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already covers some of these days');

    const confirm = await screen.findByRole('checkbox', {
      name: /This correction nets out cycle #4 \(from the exchange, 2025-04-01 to 2025-04-12\)/,
    });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Say why these days are paid again')).toBeVisible();
    await user.type(screen.getByLabelText('Why these days are paid again'), 'Export was wrong');
    await user.click(confirm);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Batch' });
    expect(api.calls(PREVIEW).at(-1)!.body).toEqual({
      source: 'CSV',
      periodStart: '2025-04-10',
      periodEnd: '2025-04-16',
      csv,
      correctionReason: 'Export was wrong',
      correctsCycles: [4],
    });
  }, 40_000);

  it('shows the field messages of a refused preview', async () => {
    mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: () =>
        failResponse(400, 'VALIDATION_ERROR', 'bad', {
          errors: [{ field: 'periodStart', message: 'The period may not start in the future' }],
        }),
    });
    const { user } = renderPage();
    await screen.findByText('No cycles yet');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The period may not start in the future',
    );
  });

  it('runs a draft after the confirmation, polls while RUNNING, then shows the statement', async () => {
    // The server's state of the cycle: a draft, then running for one poll, then completed.
    let state = makeDraft();
    let runningPolls = 0;
    const running = (elapsedMs: number) =>
      makeDraft({
        status: 'RUNNING',
        progress: { phase: 'CREDITING', expectedLines: 3, elapsedMs },
      });
    const api = mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: () => okResponse(state),
      [RUN]: () => {
        state = running(2_500);
        return okResponse(state);
      },
      [DETAIL]: () => {
        if (state.status === 'RUNNING') {
          runningPolls += 1;
          const answer = runningPolls === 1 ? running(65_000) : makeCompleted();
          state = answer;
          return okResponse(answer);
        }
        return okResponse(state);
      },
    });
    const { user, router } = renderPage();
    await screen.findByText('No cycles yet');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Run cycle' }));

    const dialog = await screen.findByRole('dialog', { name: 'Run this cycle?' });
    expect(dialog).toHaveTextContent(
      "This credits $13.00 in total to members' balances and cannot be undone.",
    );
    expect(dialog).toHaveTextContent('2 credited as available, 1 as locked, 1 skipped');
    expect(api.calls(RUN)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(RUN)).toHaveLength(0);

    const listsBeforeRun = api.calls(LIST).length;
    await user.click(screen.getByRole('button', { name: 'Run cycle' }));
    const again = await screen.findByRole('dialog', { name: 'Run this cycle?' });
    await user.click(within(again).getByRole('button', { name: 'Run cycle' }));
    expect(await screen.findByText('Running: Crediting balances')).toBeInTheDocument();
    expect(api.calls(RUN)[0]!.body).toEqual({});
    expect(screen.getByText('Expected lines').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Elapsed').nextSibling).toHaveTextContent('2 s');
    await waitFor(
      () => expect(screen.getByText('Elapsed').nextSibling).toHaveTextContent('1 min 5 s'),
      {
        timeout: 2500,
      },
    );

    const statement = await screen.findByRole(
      'region',
      { name: 'Totals by level' },
      { timeout: 2500 },
    );
    expect(runningPolls).toBe(2);
    expect(screen.getByRole('heading', { name: 'Cycle #8' })).toBeInTheDocument();
    expect(
      within(statement)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'LevelPercentLinesAmountAvailableLockedHeld',
      '13%2$9.00$6.00$3.00$0.00',
      '22%1$4.00$4.00$0.00$0.00',
      'Total3$13.00$10.00$3.00$0.00',
    ]);
    const byType = screen.getByRole('region', { name: 'By type' });
    expect(byType).toHaveTextContent('DOWNLINE3$13.00');
    expect(byType).toHaveTextContent('DIRECT4$35.00');
    const recipients = screen.getByRole('region', { name: 'Recipients' });
    expect(figure(recipients, 'Credited')).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Locked members' })).toHaveTextContent(
      'BingX balance below 100 USDT1$3.00',
    );
    expect(screen.getByRole('region', { name: 'Skipped uplines' })).toHaveTextContent(
      'Account disabled11',
    );
    // The list is asked again when the run starts and when it ends.
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThanOrEqual(listsBeforeRun + 2));
    // Polling stops once the cycle is done.
    await new Promise((r) => setTimeout(r, 1_300));
    expect(runningPolls).toBe(2);

    await user.click(screen.getByRole('link', { name: 'View rewards' }));
    expect(router.state.location.pathname).toBe('/admin/rewards');
    expect(router.state.location.search).toBe('?cycle=8');
  }, 10_000);

  it('discards a draft and returns to the new-cycle panel', async () => {
    const api = mockApi({
      [LIST]: () => okResponse(cyclesAnswer([])),
      [PREVIEW]: () => okResponse(makeDraft()),
      [DISCARD]: () => okResponse(null, 'CYCLE_DISCARDED'),
    });
    const { user } = renderPage();
    await screen.findByText('No cycles yet');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Draft discarded')).toBeInTheDocument();
    expect(api.calls(DISCARD)).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'New cycle' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Draft cycle' })).toBeNull();
  });
});
