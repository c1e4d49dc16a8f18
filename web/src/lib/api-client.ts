import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { ClientError, GraphQLClient } from 'graphql-request';

/** One error of a GraphQL response, as the contract shapes them. */
export interface ApiErrorItem {
  message: string;
  code?: string;
  field?: string;
  /** Every field a refusal names (`extensions.fields`): what a template or product misses. */
  fields?: FieldProblem[];
}

/** One field a refusal names, with what to do in a seller's words; `field` null when unmapped. */
export interface FieldProblem {
  field: string | null;
  message: string;
}

/**
 * What every failed request rejects with. `message` is the server's own message (shown to the user
 * as is); `code` is the contract's `extensions.code` of the first error.
 */
export class ApiError extends Error {
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The first error's `extensions.fields`, or none. */
  readonly fields: FieldProblem[];
  readonly errors: ApiErrorItem[];
  readonly status: number | undefined;

  constructor(message: string, options: { errors?: ApiErrorItem[]; status?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.errors = options.errors ?? [];
    this.status = options.status;
    this.code = this.errors[0]?.code;
    this.field = this.errors[0]?.field;
    this.fields = this.errors[0]?.fields ?? [];
  }

  hasCode(code: string): boolean {
    return this.errors.some((e) => e.code === code);
  }
}

export const MISSING_RESPONSE_MESSAGE = 'Server response was missing for query';

/** GraphQL over HTTP's own media type: a body in it is a GraphQL response whatever its status. */
export const GRAPHQL_RESPONSE = 'application/graphql-response+json';
/** What the client accepts, as GraphQL over HTTP recommends: its media type first, JSON for older servers. */
export const ACCEPT = `${GRAPHQL_RESPONSE}, application/json;q=0.9`;
export const statusMessage = (status: number) => `Response not successful: Received status code ${status}`;

export interface ApiClientOptions {
  endpoint: string;
  token: string | null;
  /** Called when an error says the token is no longer good; receives the token that was used. */
  onUnauthenticated?: (token: string | null) => void;
  onPaymentRequired?: () => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly token: string | null;
  request<TResult, TVariables extends object>(
    document: TypedDocumentNode<TResult, TVariables>,
    variables?: TVariables,
  ): Promise<TResult>;
}

interface RawError {
  message?: unknown;
  extensions?: { code?: unknown; field?: unknown; fields?: unknown } | null;
}

function toItems(errors: unknown): ApiErrorItem[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((raw: RawError) => {
    const item: ApiErrorItem = { message: typeof raw?.message === 'string' ? raw.message : 'Unknown error' };
    const code = raw?.extensions?.code;
    const field = raw?.extensions?.field;
    if (typeof code === 'string') item.code = code;
    if (typeof field === 'string') item.field = field;
    const fields = raw?.extensions?.fields;
    if (Array.isArray(fields)) {
      item.fields = fields
        .filter((f: unknown): f is { field?: unknown; message: string } => typeof f === 'object' && f !== null && typeof (f as { message?: unknown }).message === 'string')
        .map((f) => ({ field: typeof f.field === 'string' ? f.field : null, message: f.message }));
    }
    return item;
  });
}

function parseErrors(body: string): ApiErrorItem[] {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    return toItems(parsed?.errors);
  } catch {
    return [];
  }
}

/**
 * A GraphQL client bound to one token. The session builds a new one whenever the token changes,
 * so a request can never go out with a stale Authorization header.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { endpoint, token } = options;
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  // Each error is looked at on its own: one response may both revoke the session and report
  // a payment problem.
  const react = (errors: ApiErrorItem[]) => {
    for (const error of errors) {
      if (error.code === 'UNAUTHENTICATED') options.onUnauthenticated?.(token);
      if (error.message === 'PAYMENT_REQUIRED' || error.code === 'PAYMENT_REQUIRED') options.onPaymentRequired?.();
    }
  };

  // Status and empty-body checks happen before graphql-request parses, so their messages are ours.
  const checkedFetch: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    const body = await response.text();
    if (response.status >= 300) {
      const errors = parseErrors(body);
      react(errors);
      // The server answers a request it refused before running it (a document that does not
      // validate, a variable of the wrong type) with 400 in GraphQL's media type: its errors are
      // the server's words, shown as they would be in a 200. Any other failure (a proxy's error
      // page, a body in plain JSON) is the transport's, and says its status.
      const graphqlResponse = (response.headers.get('content-type') ?? '').toLowerCase().startsWith(GRAPHQL_RESPONSE);
      if (graphqlResponse && errors[0]) throw new ApiError(errors[0].message, { errors, status: response.status });
      throw new ApiError(statusMessage(response.status), { errors, status: response.status });
    }
    if (body.trim() === '') {
      throw new ApiError(MISSING_RESPONSE_MESSAGE, { status: response.status });
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  // graphql-request wants an absolute URL; the endpoint is usually relative to the app's origin.
  const absolute = new URL(endpoint, typeof window !== 'undefined' ? window.location.href : 'http://localhost/').toString();
  const client = new GraphQLClient(absolute, {
    fetch: checkedFetch,
    headers: token ? { Accept: ACCEPT, Authorization: `Bearer ${token}` } : { Accept: ACCEPT },
  });

  return {
    token,
    async request<TResult, TVariables extends object>(
      document: TypedDocumentNode<TResult, TVariables>,
      variables?: TVariables,
    ): Promise<TResult> {
      try {
        return await client.request<TResult>({
          document: document as TypedDocumentNode<TResult, Record<string, unknown>>,
          variables: variables as Record<string, unknown> | undefined,
        });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof ClientError) {
          const errors = toItems(error.response.errors);
          react(errors);
          const message = errors[0]?.message ?? MISSING_RESPONSE_MESSAGE;
          throw new ApiError(message, { errors, status: error.response.status });
        }
        if (error instanceof Error) throw new ApiError(error.message);
        throw new ApiError(String(error));
      }
    },
  };
}

/** The message to show for anything a request or a screen may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Something went wrong';
}
