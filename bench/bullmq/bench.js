// The BullMQ baseline of Sellerdesk's benchmarks, driven by `cargo run -p bench`.
//
//   node bench.js fill    --redis URL --queue Q --jobs N
//       enqueues N no-op jobs with addBulk (chunks of 1,000); prints {"added", "ms"}
//   node bench.js work    --redis URL --queue Q --concurrency C [--forever]
//       runs a Worker at concurrency C on no-op jobs until the queue is drained (or SIGTERM
//       with --forever); prints {"completed", "first_start_ms", "last_done_ms"} (epoch ms) and
//       {"peak_rss_kb"} (VmHWM); prints "ready" once connected
//   node bench.js latency --redis URL --queue Q --rate R --secs D
//       adds jobs open-loop at R per second for D seconds, waits until all completed, prints
//       {"sent", "t0_ms", "last_done_ms", "start_ms": [...], "done_ms": [...]}: when arrivals
//       began, the last completion, enqueue→start and enqueue→done per job (job.timestamp,
//       processedOn, finishedOn as BullMQ records them)
//
// Jobs keep BullMQ's defaults (completed jobs are kept, like our event_histories rows).
'use strict';

const { Queue, Worker } = require('bullmq');

function args() {
  const out = { _: [] };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) {
      const key = argv[i].slice(2);
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) {
        out[key] = true;
      } else {
        out[key] = next;
        i++;
      }
    } else {
      out._.push(argv[i]);
    }
  }
  return out;
}

function connection(url) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Peak resident set size of this process (VmHWM), as the bench reads it for our processes.
function peakRssKb() {
  try {
    const line = require('fs').readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return Number(line.split(/\s+/)[1]);
  } catch (e) {
    return null;
  }
}

async function fill(a) {
  const queue = new Queue(a.queue, { connection: connection(a.redis) });
  const n = Number(a.jobs);
  const t0 = Date.now();
  for (let i = 0; i < n; i += 1000) {
    const chunk = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) chunk.push({ name: 'probe', data: { key: `p${j}` } });
    await queue.addBulk(chunk);
  }
  const ms = Date.now() - t0;
  await queue.close();
  console.log(JSON.stringify({ added: n, ms }));
}

async function work(a) {
  let completed = 0;
  let first = Infinity;
  let last = 0;
  const worker = new Worker(
    a.queue,
    async () => {
      const now = Date.now();
      if (now < first) first = now;
    },
    { connection: connection(a.redis), concurrency: Number(a.concurrency), autorun: false }
  );
  worker.on('completed', () => {
    completed++;
    last = Date.now();
  });
  worker.on('error', (e) => console.error('worker error', e));
  const report = async () => {
    await worker.close();
    console.log(JSON.stringify({ completed, first_start_ms: first === Infinity ? null : first, last_done_ms: last || null, peak_rss_kb: peakRssKb() }));
    process.exit(0);
  };
  if (a.forever) {
    process.on('SIGTERM', report);
  } else {
    worker.on('drained', report);
  }
  worker.run();
  await worker.waitUntilReady();
  console.log('ready');
}

async function latency(a) {
  const queue = new Queue(a.queue, { connection: connection(a.redis) });
  const rate = Number(a.rate);
  const secs = Number(a.secs);
  const t0 = Date.now();
  let sent = 0;
  const adds = [];
  // Open loop: every millisecond, add whatever the schedule says is due, without waiting for
  // earlier adds to return.
  while (Date.now() - t0 < secs * 1000) {
    // Arrival k is due at k / rate: the first at once.
    const due = Math.min(Math.floor(((Date.now() - t0) / 1000) * rate) + 1, Math.ceil(rate * secs));
    while (sent < due) {
      adds.push(queue.add('probe', { key: `l${sent}` }));
      sent++;
    }
    await sleep(1);
  }
  await Promise.all(adds);
  for (;;) {
    const counts = await queue.getJobCounts('completed', 'failed');
    if (counts.completed + counts.failed >= sent) break;
    await sleep(100);
  }
  const jobs = await queue.getJobs(['completed'], 0, -1);
  const start = [];
  const done = [];
  let lastDone = 0;
  for (const j of jobs) {
    start.push(j.processedOn - j.timestamp);
    done.push(j.finishedOn - j.timestamp);
    if (j.finishedOn > lastDone) lastDone = j.finishedOn;
  }
  await queue.close();
  console.log(JSON.stringify({ sent, t0_ms: t0, last_done_ms: lastDone, start_ms: start, done_ms: done }));
}

const a = args();
const modes = { fill, work, latency };
const mode = modes[a._[0]];
if (!mode || !a.redis || !a.queue) {
  console.error('usage: node bench.js fill|work|latency --redis URL --queue NAME …');
  process.exit(2);
}
mode(a).catch((e) => {
  console.error(e);
  process.exit(1);
});
