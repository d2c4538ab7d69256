import type * as z from 'zod';
import { auth } from './firebase';

/** A failed API call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `error` field, when it sent one. */
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your connection.';

type UnauthorizedHandler = () => void | Promise<void>;
let onUnauthorized: UnauthorizedHandler = () => {};

/** What to do when the API answers 401: the app logs out and goes to /auth. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface ApiRequest<Schema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the answer, so a server/client mismatch fails loudly here. */
  schema: Schema;
  /** Sends this ID token instead of the current user's (e.g. right after a popup sign-in). */
  idToken?: string;
  signal?: AbortSignal;
}

async function serverMessageOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      return typeof body.error === 'string' ? body.error : undefined;
    }
  } catch {
    // not JSON: no server message
  }
  return undefined;
}

/**
 * Calls the API under /api with the signed-in user's ID token (refreshed by Firebase before it
 * expires). A 401 runs the unauthorized handler before the error is thrown.
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, idToken, signal }: ApiRequest<Schema>,
): Promise<z.output<Schema>> {
  const token = idToken ?? (await auth.currentUser?.getIdToken());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, undefined);
  }

  if (!response.ok) {
    const serverMessage = await serverMessageOf(response);
    if (response.status === 401) await onUnauthorized();
    throw new ApiError(
      response.status,
      serverMessage ?? `Request failed (${response.status})`,
      serverMessage,
    );
  }
  return schema.parse(await response.json());
}

/** The server's message of a failed call, else `fallback` (spec §8's pattern). */
export function serverErrorOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
