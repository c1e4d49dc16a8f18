#!/usr/bin/env node
// Refreshes web/schema.graphql, the schema the typed documents are generated from, from the
// server binary (`api export-schema`). The file is committed so building the app never needs
// the server; without a built binary the contract stands in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import url from 'node:url';

const web = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), '..');
const out = path.join(web, 'schema.graphql');
const targets = [process.env.CARGO_TARGET_DIR, path.join(web, '..', 'target')].filter(Boolean);
const builds = targets
  .flatMap((t) => [path.join(t, 'debug', 'api'), path.join(t, 'release', 'api')])
  .filter((p) => fs.existsSync(p))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
const bin = process.env.SELLERDESK_API_BIN || builds[0];

if (bin) {
  const sdl = execFileSync(bin, ['export-schema'], { encoding: 'utf8', env: { ...process.env, RUST_LOG: 'error' } });
  if (!sdl.includes('type Query')) throw new Error(`${bin} export-schema printed no schema`);
  fs.writeFileSync(out, sdl);
  console.log(`schema.graphql: exported by ${path.relative(web, bin)}`);
} else {
  const contract = path.join(web, '..', '..', 'shared', 'contract', 'schema.graphql');
  fs.copyFileSync(contract, out);
  console.log('schema.graphql: no server binary, copied the contract');
}
