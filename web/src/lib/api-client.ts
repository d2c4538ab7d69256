import {
  RATE_LIMIT_MESSAGES,
  apiErrorSchema,
  tooManyRequestsMessage,
  type ErrorCode,
} from '@coursecraft/contracts';
import type * as z from 'zod';
import { handleUnauthorized } from './unauthorized';

/** What the server said about a failure, when it answered in its own error shape. */
export interface ServerError {
  /** The server's `error` field. */
  serverMessage?: string;
  code?: ErrorCode;
  details?: Record<string, unknown>;
}

/**
 * A failed API call: `status` 0 means the server could not be reached; `code` and `details` are
 * undefined when the answer was not the API's own (a network failure, a proxy).
 */
export class ApiError extends Error {
  readonly serverMessage: string | undefined;
  readonly code: ErrorCode | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly status: number,
    message: string,
    { serverMessage, code, details }: ServerError = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.serverMessage = serverMessage;
    this.code = code;
    this.details = details;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your connection.';

export { setUnauthorizedHandler } from './unauthorized';

export interface ApiRequest<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** Validates the answer, so a server/client mismatch fails loudly here. */
  schema: Schema;
  /** Sends this ID token instead of the current user's (e.g. right after a popup sign-in). */
  idToken?: string;
  /**
   * A 401 is only reported, without logging out: for the public learner pages, where a refused
   * progress call must not send the reader away.
   */
  keepSessionOn401?: boolean;
  /** False for public data that is the same for everyone: no token, so a CDN may share it. */
  sendToken?: boolean;
  signal?: AbortSignal;
}

/** The API's own error body, or only its `error` text when the rest does not fit the contract. */
async function serverErrorOf(response: Response): Promise<ServerError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {};
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { error, code, details } = parsed.data;
    return { serverMessage: error, code, details };
  }
  if (typeof body === 'object' && body !== null && 'error' in body) {
    return typeof body.error === 'string' ? { serverMessage: body.error } : {};
  }
  return {};
}

/**
 * What a 429 without a message of the API's own (say, from a proxy in front of it) tells the
 * user: how long to wait when `Retry-After` gives seconds, else to wait a moment.
 */
function rateLimitMessageOf(response: Response): string {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0
    ? tooManyRequestsMessage(seconds)
    : RATE_LIMIT_MESSAGES.tooManyRequests;
}

/**
 * The signed-in account's ID token. An anonymous learner's is left out: to the app they are a
 * visitor, and only the learner's own progress calls send it (as `idToken`).
 */
async function accountToken(): Promise<string | undefined> {
  // Firebase loads in a chunk of its own, after the first paint.
  const { auth } = await import('./firebase');
  const user = auth.currentUser;
  return user && !user.isAnonymous ? user.getIdToken() : undefined;
}

/**
 * Sends a request to the API under /api with the signed-in user's ID token (refreshed by
 * Firebase before it expires) and answers the response when it is a success. A failure becomes
 * an ApiError; a 401 first runs the unauthorized handler.
 */
async function send(
  path: string,
  {
    method,
    body,
    idToken,
    keepSessionOn401,
    sendToken = true,
    signal,
    accept,
  }: {
    method: string;
    body?: unknown;
    idToken?: string;
    keepSessionOn401?: boolean;
    sendToken?: boolean;
    signal?: AbortSignal;
    accept: string;
  },
): Promise<Response> {
  const token = sendToken ? (idToken ?? (await accountToken())) : undefined;
  const headers: Record<string, string> = { accept };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const server = await serverErrorOf(response);
    server.serverMessage ??= response.status === 429 ? rateLimitMessageOf(response) : undefined;
    if (response.status === 401 && !keepSessionOn401) await handleUnauthorized();
    throw new ApiError(
      response.status,
      server.serverMessage ?? `Request failed (${response.status})`,
      server,
    );
  }
  return response;
}

/** Calls the API and validates its JSON answer with the request's schema. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  {
    method = 'GET',
    body,
    schema,
    idToken,
    keepSessionOn401,
    sendToken,
    signal,
  }: ApiRequest<Schema>,
): Promise<z.output<Schema>> {
  const response = await send(path, {
    method,
    body,
    idToken,
    keepSessionOn401,
    sendToken,
    signal,
    accept: 'application/json',
  });
  return schema.parse(await response.json());
}

/**
 * Calls the API for an action that answers 204 with no body (a delete, a stop); any other
 * success fails loudly, like an answer its schema refuses.
 */
export async function apiNoContent(
  path: string,
  { method, body }: { method: 'POST' | 'PUT' | 'DELETE'; body?: unknown },
): Promise<void> {
  const response = await send(path, { method, body, accept: 'application/json' });
  if (response.status !== 204) {
    throw new Error(`Expected no content from ${method} ${path}, got ${response.status}`);
  }
}

/** Calls the API for a file (say, a .zip export) and answers it as a Blob. */
export async function apiBlob(
  path: string,
  { accept, signal }: { accept: string; signal?: AbortSignal },
): Promise<Blob> {
  const response = await send(path, { method: 'GET', signal, accept });
  return response.blob();
}

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** The complete events at the start of `buffer`, and what is left of it. */
export function takeServerSentEvents(buffer: string): {
  events: ServerSentEvent[];
  rest: string;
} {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      return { event, data: data ? (JSON.parse(data) as unknown) : null };
    });
  return { events, rest };
}

/** POSTs to the API asking for server-sent events and hands each one to `onEvent` as it comes. */
export async function apiEventStream(
  path: string,
  {
    body,
    signal,
    onEvent,
  }: { body?: unknown; signal?: AbortSignal; onEvent: (event: ServerSentEvent) => void },
): Promise<void> {
  const response = await send(path, {
    method: 'POST',
    body,
    signal,
    accept: 'text/event-stream',
  });
  if (!response.body) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const { events, rest } = takeServerSentEvents(buffer + value);
    buffer = rest;
    events.forEach(onEvent);
  }
  takeServerSentEvents(`${buffer}\n\n`).events.forEach(onEvent);
}

/** The server's message of a failed call, else `fallback` (the pattern of every failure message). */
export function serverErrorOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
