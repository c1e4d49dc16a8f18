import { vi } from 'vitest';
import type { Role } from '@/gql/graphql';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A token shaped like the API's (unsigned: only the server checks signatures). */
export function makeToken(claims: { sub: string; role?: Role; exp?: number; cid?: string }): string {
  const payload = { cid: 'client-1', role: 'ADMIN', tv: 0, iat: 1_700_000_000, exp: Math.floor(Date.now() / 1000) + 3600, ...claims };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

export interface FakeUser {
  id: string;
  role: Role;
  promotionsEnabled?: boolean;
  timezone?: string;
  firstName?: string;
}

export function meOf(user: FakeUser) {
  return {
    id: user.id,
    email: `${user.id}@example.test`,
    firstName: user.firstName ?? 'Ada',
    lastName: 'Lovelace',
    role: user.role,
    createdAt: '2026-01-02T03:04:05Z',
    client: { id: 'client-1', name: 'Acme Prints', key: 'acme', isActive: true, promotionsEnabled: user.promotionsEnabled ?? false },
    settings: user.timezone ? [{ id: 's1', name: 'TIMEZONE', value: user.timezone, createdAt: '2026-01-02T03:04:05Z' }] : [],
  };
}

export interface RecordedCall {
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
  query: string;
  headers: Headers;
  url: string;
}

export interface RecordedUpload {
  url: string;
  headers: Headers;
  body: BodyInit | null;
}

type Reply = { status?: number; body?: unknown; raw?: string; contentType?: string };
type Handler = (variables: Record<string, unknown> | undefined, call: RecordedCall) => Reply | Promise<Reply>;

/**
 * A stand-in for the GraphQL endpoint: answers by operation name and records every request.
 * Unknown operations answer a GraphQL error so a test never hangs on one. PUT requests (uploads
 * to a presigned URL) are recorded in `uploads` and answered 200, or by the `PUT` handler.
 */
export function createFakeApi(handlers: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const uploads: RecordedUpload[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // A file sent to a presigned URL: recorded, answered like a bucket would.
    if ((init?.method ?? 'GET').toUpperCase() === 'PUT') {
      const upload: RecordedUpload = { url: String(input), headers: new Headers(init?.headers), body: init?.body ?? null };
      uploads.push(upload);
      const reply = handlers.PUT ? await handlers.PUT(undefined, { operationName: 'PUT', variables: undefined, query: '', headers: upload.headers, url: upload.url }) : {};
      return new Response(reply.raw ?? '', { status: reply.status ?? 200 });
    }
    const text = typeof init?.body === 'string' ? init.body : '';
    const parsed = (text ? JSON.parse(text) : {}) as { operationName?: string; variables?: Record<string, unknown>; query?: string };
    const call: RecordedCall = {
      operationName: parsed.operationName,
      variables: parsed.variables,
      query: parsed.query ?? '',
      headers: new Headers(init?.headers),
      url: String(input),
    };
    calls.push(call);
    const handler = parsed.operationName ? handlers[parsed.operationName] : undefined;
    const reply: Reply = handler
      ? await handler(parsed.variables, call)
      : { body: { errors: [{ message: `no fake for ${parsed.operationName}`, extensions: { code: 'INTERNAL' } }] } };
    const body = reply.raw ?? JSON.stringify(reply.body ?? null);
    return new Response(body, { status: reply.status ?? 200, headers: { 'content-type': reply.contentType ?? 'application/json' } });
  });
  return { fetch: fetchImpl as unknown as typeof fetch, calls, uploads, handlers };
}

export const gqlError = (message: string, code: string, field?: string) => ({
  body: { data: null, errors: [{ message, extensions: { code, ...(field ? { field } : {}) } }] },
});

/** A GraphQL success body. */
export const ok = (data: Record<string, unknown>) => ({ body: { data } });

/** A page of items as every paged query answers. */
export const pageOf = <T,>(items: T[], totalCount = items.length) => ({
  items,
  pageInfo: { totalCount, hasNextPage: false, hasPreviousPage: false },
});

/** The variables of the calls made to one operation, oldest first. */
export const variablesOf = (calls: RecordedCall[], operationName: string) =>
  calls.filter((c) => c.operationName === operationName).map((c) => c.variables);

/** The <input> of a PrimeReact checkbox (its wrapper carries the same role and name). */
export function checkboxInput(container: HTMLElement, name: string): HTMLInputElement {
  const input = Array.from(container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find((i) => i.getAttribute('aria-label') === name);
  if (!input) throw new Error(`no checkbox named ${name}`);
  return input;
}
