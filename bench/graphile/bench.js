// The Graphile Worker baseline of Sellerdesk's benchmarks, driven by `cargo run -p bench`.
// Graphile Worker keeps its jobs in PostgreSQL and adds them with a SQL function, so a job can
// be added inside the transaction that makes it necessary, as our mutations do.
//
//   node bench.js setup   --pg URL
//       installs Graphile Worker's schema in that database; prints {"ok": true}
//   node bench.js fill    --pg URL --jobs N
//       adds N no-op jobs, 1,000 per transaction (`add_jobs`); prints {"added", "ms"}
//   node bench.js work    --pg URL --concurrency C --config speed|defaults [--forever]
//       runs a worker at concurrency C on no-op jobs until no job is left in the database (or
//       SIGTERM with --forever); prints "ready" once listening, then {"completed",
//       "first_start_ms", "last_done_ms", "peak_rss_kb", "start_ms": [...], "done_ms": [...]}:
//       epoch ms of its first start and last completion, and for jobs whose payload carries
//       `sent_ms`, enqueue→start and enqueue→done
//   node bench.js latency --pg URL --rate R --secs D --connections K
//       adds jobs open-loop at R per second for D seconds, each in a transaction of its own on
//       a pool of K connections, each payload stamped with its arrival time; prints {"sent",
//       "t0_ms", "last_added_ms"}
//   node bench.js enqueue --pg URL --secs D --connections K
//       K loops add one job per transaction as fast as they can for D seconds; prints
//       {"added", "t0_ms", "last_added_ms"}
//
// `--config speed` is the configuration of Graphile Worker's performance page: a local queue of
// 500 jobs and batched completions and failures (`completeJobBatchDelay`/`failJobBatchDelay`
// 0). `defaults` changes nothing. Both run at the concurrency the bench gives (ours and
// BullMQ's); done is when Graphile Worker reports the job complete (`job:complete`).
'use strict';

const { run, makeWorkerUtils, runMigrations, Logger } = require('graphile-worker');
const { Pool } = require('pg');

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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Graphile Worker logs every completed job at info level: on a drain of 50,000 no-op jobs that
// is writing to a pipe, not queueing. Warnings and errors still show.
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`${level}: ${message}`);
});

function peakRssKb() {
  try {
    const line = require('fs').readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return Number(line.split(/\s+/)[1]);
  } catch (e) {
    return null;
  }
}

const ADD_JOB = "SELECT graphile_worker.add_job('probe', $1::json)";

async function setup(a) {
  await runMigrations({ connectionString: a.pg, logger });
  console.log(JSON.stringify({ ok: true }));
}

async function fill(a) {
  const utils = await makeWorkerUtils({ connectionString: a.pg, logger });
  const n = Number(a.jobs);
  const t0 = Date.now();
  for (let i = 0; i < n; i += 1000) {
    const chunk = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) chunk.push({ identifier: 'probe', payload: { key: `p${j}` } });
    await utils.addJobs(chunk);
  }
  const ms = Date.now() - t0;
  await utils.release();
  console.log(JSON.stringify({ added: n, ms }));
}

async function left(pool) {
  const r = await pool.query('SELECT COUNT(*)::int AS n FROM graphile_worker._private_jobs');
  return r.rows[0].n;
}

async function work(a) {
  let completed = 0;
  let first = Infinity;
  let last = 0;
  const startMs = [];
  const doneMs = [];
  const sent = new Map();
  const worker = a.config === 'speed' ? { localQueue: { size: 500 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } : {};
  const runner = await run({
    connectionString: a.pg,
    concurrency: Number(a.concurrency),
    noHandleSignals: true,
    logger,
    preset: { worker },
    taskList: {
      probe: async (payload, helpers) => {
        const now = Date.now();
        if (now < first) first = now;
        if (payload && typeof payload.sent_ms === 'number') {
          startMs.push(now - payload.sent_ms);
          sent.set(helpers.job.id, payload.sent_ms);
        }
      },
    },
  });
  runner.events.on('job:complete', ({ job }) => {
    const now = Date.now();
    completed++;
    last = now;
    const s = sent.get(job.id);
    if (s !== undefined) {
      doneMs.push(now - s);
      sent.delete(job.id);
    }
  });
  let reported = false;
  const report = async () => {
    if (reported) return;
    reported = true;
    await runner.stop();
    console.log(
      JSON.stringify({
        completed,
        first_start_ms: first === Infinity ? null : first,
        last_done_ms: last || null,
        peak_rss_kb: peakRssKb(),
        start_ms: startMs,
        done_ms: doneMs,
      })
    );
    process.exit(0);
  };
  console.log('ready');
  if (a.forever) {
    process.on('SIGTERM', report);
    await runner.promise;
    return;
  }
  const watch = new Pool({ connectionString: a.pg, max: 1 });
  for (;;) {
    await sleep(100);
    if ((await left(watch)) === 0) break;
  }
  await watch.end();
  await report();
}

// One job per transaction, as a mutation adds it.
async function addOne(pool, payload) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(ADD_JOB, [JSON.stringify(payload)]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

async function latency(a) {
  const pool = new Pool({ connectionString: a.pg, max: Number(a.connections) });
  const rate = Number(a.rate);
  const secs = Number(a.secs);
  const t0 = Date.now();
  let sent = 0;
  let lastAdded = 0;
  const adds = [];
  // Open loop: every millisecond, add whatever the schedule says is due, without waiting for
  // earlier adds to return; an add waiting for a connection counts in its latency.
  while (Date.now() - t0 < secs * 1000) {
    // Arrival k is due at k / rate: the first at once.
    const due = Math.min(Math.floor(((Date.now() - t0) / 1000) * rate) + 1, Math.ceil(rate * secs));
    while (sent < due) {
      adds.push(addOne(pool, { sent_ms: Date.now() }).then(() => { lastAdded = Date.now(); }));
      sent++;
    }
    await sleep(1);
  }
  await Promise.all(adds);
  await pool.end();
  console.log(JSON.stringify({ sent, t0_ms: t0, last_added_ms: lastAdded }));
}

async function enqueue(a) {
  const pool = new Pool({ connectionString: a.pg, max: Number(a.connections) });
  const until = Date.now() + Number(a.secs) * 1000;
  const t0 = Date.now();
  let added = 0;
  let lastAdded = 0;
  const loop = async () => {
    while (Date.now() < until) {
      await addOne(pool, { sent_ms: Date.now() });
      added++;
      lastAdded = Date.now();
    }
  };
  await Promise.all(Array.from({ length: Number(a.connections) }, loop));
  await pool.end();
  console.log(JSON.stringify({ added, t0_ms: t0, last_added_ms: lastAdded }));
}

const a = args();
const modes = { setup, fill, work, latency, enqueue };
const mode = modes[a._[0]];
if (!mode || !a.pg) {
  console.error('usage: node bench.js setup|fill|work|latency|enqueue --pg URL …');
  process.exit(2);
}
mode(a).catch((e) => {
  console.error(e);
  process.exit(1);
});
