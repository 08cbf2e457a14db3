/**
 * The network of a web test: `fetch` answers from a table of routes ("GET /api/x?y=1", or
 * "GET /api/x" for any query); any other request fails the test (no test reaches a server, let alone the internet). Every request sent is recorded.
 */
import { vi } from "vitest";

export interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: Sent) => Answer | Promise<Answer>;

export function stubFetch(routes: Record<string, Answer | Handler>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    // As fetch does, a request whose signal is already aborted is refused and never sent. A query of
    // the test before, unmounted while its queryFn loaded the contract, calls fetch only afterwards.
    init.signal?.throwIfAborted();
    const url = input instanceof Request ? input.url : String(input);
    const method = (init.method ?? "GET").toUpperCase();
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    const request: Sent = { method, url, body, headers: { ...(init.headers as Record<string, string>) } };
    sent.push(request);
    // The exact address first, then the path whatever its query.
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split("?")[0]}`];
    if (!route) throw new Error(`Unexpected request in a web test: ${method} ${url}`);
    const answer = typeof route === "function" ? await route(request) : route;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, sent };
}
