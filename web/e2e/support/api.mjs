// Talks GraphQL to the server directly, for setup the browser need not click through.
import fs from 'node:fs';
import path from 'node:path';

export async function gql(server, query, variables = {}, token) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  return body;
}

export async function gqlData(server, query, variables, token) {
  const body = await gql(server, query, variables, token);
  if (body.errors?.length) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
  return body.data;
}

export async function login(server, { email, password }) {
  const data = await gqlData(server, 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email, password } });
  return data.login.accessToken;
}

/** The raw RFC 5322 text of a mail, quoted-printable soft breaks and escapes undone. */
function decodeMail(raw) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose text matches `pattern`, and returns the first match. */
export async function waitForMailLink(server, to, pattern, { timeoutMs = 30_000, after = 0 } = {}) {
  const dir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(dir)) {
      // A mail is written to a hidden temporary file, then renamed: only finished ones count,
      // and one renamed or removed while we look is skipped.
      const files = fs
        .readdirSync(dir)
        .filter((f) => !f.startsWith('.'))
        .map((f) => ({ file: path.join(dir, f), mtimeMs: fs.statSync(path.join(dir, f), { throwIfNoEntry: false })?.mtimeMs }))
        .filter((f) => f.mtimeMs !== undefined && f.mtimeMs >= after)
        .sort((a, b) => b.mtimeMs - a.mtimeMs)
        .map((f) => f.file);
      for (const file of files) {
        if (!fs.existsSync(file)) continue;
        const text = decodeMail(fs.readFileSync(file, 'utf8'));
        if (!text.toLowerCase().includes(to.toLowerCase())) continue;
        const match = text.match(pattern);
        if (match) return match[0].replace(/&amp;/g, '&');
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
