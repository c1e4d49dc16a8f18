// Starts the real server binary on a free port with a temporary DATA_DIR, the way an operator
// would, and gives the tests its URL, its mail folder and a way to stop it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import url from 'node:url';

const web = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIR = path.join(web, 'dist');
export const RESULTS_DIR = path.join(web, 'test-results');

export const SUPER_ADMIN = { email: 'root@platform.sellerdesk.test', password: 'root-e2e-password-1' };
export const DEMO_ADMIN = { email: 'admin@demo.sellerdesk.test', password: 'sellerdesk-demo' };
export const DEMO_STAFF = { email: 'staff@demo.sellerdesk.test', password: 'sellerdesk-demo' };

/** SELLERDESK_API_BIN when set, else the newest `api` build (CARGO_TARGET_DIR or target/). */
export function apiBinary() {
  if (process.env.SELLERDESK_API_BIN) {
    if (!fs.existsSync(process.env.SELLERDESK_API_BIN)) throw new Error(`SELLERDESK_API_BIN=${process.env.SELLERDESK_API_BIN} does not exist`);
    return process.env.SELLERDESK_API_BIN;
  }
  const targets = [process.env.CARGO_TARGET_DIR, path.join(web, '..', 'target')].filter(Boolean);
  const candidates = targets.flatMap((t) => [path.join(t, 'debug', 'api'), path.join(t, 'release', 'api')]);
  const found = candidates.filter((p) => fs.existsSync(p)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!found) throw new Error(`no server binary: build it first (looked at ${candidates.join(', ')})`);
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base, child, logFile, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const text = fs.readFileSync(logFile, 'utf8');
      const error = new Error(`server exited with ${child.exitCode}:\n${text.length > 4000 ? `${text.slice(0, 2000)}\n…\n${text.slice(-2000)}` : text}`);
      error.portTaken = text.includes('Address already in use');
      throw error;
    }
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`);
}

const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServer(extraEnv = {}) {
  // The port is free when asked, but another file's server (files run side by side) may take it
  // before this one listens: then the server exits saying so, and another port is tried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(extraEnv);
    } catch (error) {
      if (attempt >= 5 || !error?.portTaken) throw error;
    }
  }
}

async function startServerOnce(extraEnv) {
  if (!fs.existsSync(path.join(WEB_DIR, 'index.html'))) throw new Error('web/dist is missing: run npm run build first');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sellerdesk-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  // A private copy: a rebuild of target/ mid-run, or a sweep of stray `api` processes by other
  // test suites on the same machine, must not take this server down.
  const bin = path.join(dataDir, 'sellerdesk-e2e-server');
  fs.copyFileSync(apiBinary(), bin);
  fs.chmodSync(bin, 0o755);
  const child = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIR,
      DEMO: 'true',
      BOOTSTRAP_ADMIN_EMAIL: SUPER_ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: SUPER_ADMIN.password,
      // The browser tests sign in far more often than a person would; rate limiting has its own
      // tests in the server.
      RATE_LIMIT_LOGIN_EMAIL: '1000',
      RATE_LIMIT_LOGIN_IP: '1000',
      RATE_LIMIT_FORGOT_EMAIL: '1000',
      RATE_LIMIT_FORGOT_IP: '1000',
      RUST_LOG: process.env.RUST_LOG ?? 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  running.add(child);
  try {
    await waitHealthy(base, child, logFile, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    running.delete(child);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: base,
    dataDir,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
      fs.closeSync(log);
      if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
