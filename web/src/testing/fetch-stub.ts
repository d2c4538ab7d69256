import { vi } from 'vitest';

type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces `fetch` with a typed spy answering through `handler`. */
export function stubFetch(handler: FetchHandler) {
  const spy = vi.fn(async (url: string, init: RequestInit = {}) => handler(url, init));
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The URL, options and parsed JSON body of the spy's `index`-th call. */
export function sentRequest(spy: ReturnType<typeof stubFetch>, index = 0) {
  const call = spy.mock.calls[index];
  if (!call) throw new Error(`fetch was called ${spy.mock.calls.length} times, not ${index + 1}`);
  const [url, init = {}] = call;
  return { url, init, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) };
}
