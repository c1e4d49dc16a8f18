import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, variablesOf } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-app';
import { pollInterval, POLL_MS, WAITING_POLL_MS } from '@/lib/job-batches';
import { BulkProgress } from './bulk-progress';

const base = { id: 'batch-1', type: 'listing.publish', total: 3, createdAt: '2026-03-01T10:00:00Z', nextRunAt: null, failures: [] };
const running = { ...base, pending: 1, processing: 1, succeeded: 1, failed: 0, nextRunAt: '2026-03-01T12:30:00Z' };
const failure = { jobId: 'job-3', label: 'Classic tee — Black', error: 'TikTok Shop: the category needs a size chart', attempts: 3 };
const finished = { ...base, pending: 0, processing: 0, succeeded: 2, failed: 1, failures: [failure] };
const retried = { ...base, pending: 1, processing: 0, succeeded: 2, failed: 0 };
const allDone = { ...base, pending: 0, processing: 0, succeeded: 3, failed: 0 };

describe('bulk progress', () => {
  it('polls until done, shows counts, the next run, the failures, and retries them', async () => {
    const answers = [running, finished];
    let afterRetry = [allDone];
    let retriedOnce = false;
    const finishedBatches: unknown[] = [];
    const app = renderWithProviders(<BulkProgress id="batch-1" title="Listing on Tees US" onFinished={(b) => finishedBatches.push(b.succeeded)} />, {
      user: { id: 'admin-1', role: 'ADMIN', timezone: 'UTC' },
      handlers: {
        JobBatchProgress: () => ok({ getJobBatch: retriedOnce ? (afterRetry.shift() ?? allDone) : (answers.shift() ?? finished) }),
        RetryJobBatch: () => {
          retriedOnce = true;
          return ok({ retryJobBatch: retried });
        },
      },
    });

    const counts = await screen.findByTestId('bulk-progress-counts');
    expect(counts).toHaveTextContent('1 of 3 done');
    expect(counts).toHaveTextContent('1 queued');
    expect(counts).toHaveTextContent('1 running');
    expect(screen.getByTestId('bulk-progress-next-run')).toHaveTextContent('Next run at Mar 01, 2026, 12:30:00');

    // About a second later the batch has finished: a summary of what failed.
    const failures = await screen.findByTestId('bulk-progress-failures');
    expect(within(failures).getByText('Classic tee — Black')).toBeInTheDocument();
    expect(within(failures).getByText('TikTok Shop: the category needs a size chart')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress-counts')).toHaveTextContent('2 succeeded');
    expect(screen.getByTestId('bulk-progress-counts')).toHaveTextContent('1 failed');
    expect(screen.queryByTestId('bulk-progress-next-run')).toBeNull();
    expect(finishedBatches).toEqual([2]);
    // Ending with failures is said where the seller looks, whatever the screen: an error toast.
    expect(await screen.findByText('Listing on Tees US: 1 of 3 items failed.')).toBeInTheDocument();
    expect(screen.getByTestId('count-failed')).toHaveClass('count-red');
    const pollsWhenDone = variablesOf(app.api.calls, 'JobBatchProgress').length;

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(variablesOf(app.api.calls, 'RetryJobBatch')).toEqual([{ id: 'batch-1' }]));
    expect(await screen.findByText('1 failed item queued again.')).toBeInTheDocument();
    // Polling resumed and reached the end again.
    expect(await screen.findByText('All 3 items succeeded.')).toBeInTheDocument();
    expect(variablesOf(app.api.calls, 'JobBatchProgress').length).toBeGreaterThan(pollsWhenDone);
    expect(finishedBatches).toEqual([2, 3]);
    afterRetry = [];
  });

  it('says one item in the singular, and paints waiting neutral, not red', async () => {
    const one = { ...base, total: 1 };
    const answers = [
      { ...one, pending: 1, processing: 0, succeeded: 0, failed: 0 },
      { ...one, pending: 0, processing: 0, succeeded: 1, failed: 0 },
    ];
    renderWithProviders(<BulkProgress id="batch-1" title="Listing" />, {
      user: { id: 'admin-1', role: 'ADMIN', timezone: 'UTC' },
      handlers: { JobBatchProgress: () => ok({ getJobBatch: answers.shift() ?? { ...one, pending: 0, processing: 0, succeeded: 1, failed: 0 } }) },
    });
    const queued = await screen.findByTestId('count-queued');
    expect(queued).toHaveTextContent('1 queued');
    expect(queued).toHaveClass('count-queued');
    expect(screen.getByTestId('count-running')).toHaveClass('count-zero');
    expect(await screen.findByText('The item succeeded.')).toBeInTheDocument();
    expect(screen.queryByText(/All 1 item/)).toBeNull();
  });

  it('stops polling once nothing is pending or running, and slows down while parked far ahead', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(pollInterval(undefined, now)).toBe(POLL_MS);
    expect(pollInterval({ ...running, nextRunAt: null }, now)).toBe(POLL_MS);
    expect(pollInterval(finished, now)).toBe(false);
    expect(pollInterval({ ...running, processing: 0, nextRunAt: '2026-03-01T18:00:00Z' }, now)).toBe(WAITING_POLL_MS);
    expect(pollInterval({ ...running, processing: 0, nextRunAt: '2026-03-01T10:00:20Z' }, now)).toBe(POLL_MS);
  });
});
