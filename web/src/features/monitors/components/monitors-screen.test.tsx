import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';

const failed = {
  id: 'ev-1',
  type: 'mail.send',
  status: 'FAILED',
  error: 'SMTP said no',
  event: { to: 'x@example.test' },
  attempts: 3,
  batchId: null,
  clientId: 'c1',
  createdAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:01:00Z',
};

describe('monitors screen', () => {
  it('shows queues, workers, jobs with their error, and retries a failed job', async () => {
    const retried: unknown[] = [];
    const app = renderApp(paths.monitors, {
      user: { id: 'root', role: 'SUPER_ADMIN' },
      handlers: {
        GetQueueStats: () => ({ body: { data: { getQueueStats: [{ type: 'mail.send', pending: 0, processing: 0, succeeded: 4, failed: 1 }] } } }),
        GetWorkers: () => ({ body: { data: { getWorkers: [{ id: 'worker-a', queues: ['mail.send'], lastSeenAt: new Date().toISOString() }] } } }),
        GetEventHistories: () => ({
          body: { data: { getEventHistories: { items: [failed], pageInfo: { totalCount: 1, hasNextPage: false, hasPreviousPage: false } } } },
        }),
        RetryEventHistory: (vars) => {
          retried.push(vars);
          return { body: { data: { retryEventHistory: { id: 'ev-1', status: 'PENDING', attempts: 3, updatedAt: '2026-03-01T10:02:00Z' } } } };
        },
      },
    });
    expect(await screen.findByText('worker-a')).toBeInTheDocument();
    const jobs = await screen.findByTestId('jobs-table');
    expect(await within(jobs).findByText('SMTP said no')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(jobs).getByRole('button', { name: 'Retry job ev-1' }));
    await waitFor(() => expect(retried).toEqual([{ id: 'ev-1' }]));
    expect(await screen.findByText('The mail.send job was queued again.')).toBeInTheDocument();

    await user.click(document.querySelector('.filter-status')!);
    // jsdom lays nothing out, so the overlay counts as hidden: pick the option by its label.
    await user.click(await screen.findByRole('option', { name: 'Failed', hidden: true }));
    await waitFor(() =>
      expect(app.api.calls.filter((c) => c.operationName === 'GetEventHistories').at(-1)!.variables).toEqual({
        filter: { limit: 20, page: 1, status: 'FAILED' },
      }),
    );
  });

  it('shows the progress of a batch when filtered by it', async () => {
    const app = renderApp(paths.monitors, {
      user: { id: 'root', role: 'SUPER_ADMIN' },
      handlers: {
        GetQueueStats: () => ({ body: { data: { getQueueStats: [] } } }),
        GetWorkers: () => ({ body: { data: { getWorkers: [] } } }),
        GetEventHistories: () => ({ body: { data: { getEventHistories: { items: [], pageInfo: { totalCount: 0, hasNextPage: false, hasPreviousPage: false } } } } }),
        GetJobBatch: (vars) => ({
          body: { data: { getJobBatch: { id: vars?.id, type: 'listing.publish', total: 10, pending: 3, processing: 1, succeeded: 5, failed: 1, createdAt: '2026-03-01T10:00:00Z' } } },
        }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Batch id' }), 'batch-42');
    const progress = await screen.findByTestId('batch-progress');
    expect(progress).toHaveTextContent('6 of 10 done');
    await waitFor(() =>
      expect(app.api.calls.filter((c) => c.operationName === 'GetEventHistories').at(-1)!.variables).toEqual({
        filter: { limit: 20, page: 1, batchId: 'batch-42' },
      }),
    );
  });
});
