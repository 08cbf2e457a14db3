/**
 * A contract change fails the web's type check (decision 0069). `typeChecks` is never run: the
 * typecheck of tsconfig.web.json (part of npm test) compiles it, and each `@ts-expect-error`
 * below stops compiling the day `call` accepts what it marks. The runtime test checks the URL.
 */
import { describe, expect, it } from "vitest";
import { apiTokensApi } from "../../src/shared/api/api-tokens";
import { videosApi } from "../../src/shared/api/videos";
import { call, urlFor } from "@/lib/api";

export async function typeChecks(): Promise<string> {
  await call(apiTokensApi.delete, { params: { id: "t1" } });
  // @ts-expect-error -- a path parameter spelt differently from the contract's
  await call(apiTokensApi.delete, { params: { tokenId: "t1" } });
  // @ts-expect-error -- the path parameter left out
  await call(apiTokensApi.delete);

  await call(apiTokensApi.create, { body: { name: "n8n" } });
  // @ts-expect-error -- a body field the schema does not have
  await call(apiTokensApi.create, { body: { title: "n8n" } });
  // @ts-expect-error -- a body for a route that takes none
  await call(apiTokensApi.list, { body: { name: "n8n" } });

  // @ts-expect-error -- a query field the list does not take
  urlFor(videosApi.list, { query: { pages: 2 } });

  const tokens = await call(apiTokensApi.list);
  // @ts-expect-error -- the answer is read with the contract's schema: there is no `title`
  void tokens[0]?.title;
  return tokens[0]?.name ?? "";
}

describe("calls through a contract", () => {
  it("fill the path's parameters as one encoded segment each and add the query", () => {
    expect(urlFor(apiTokensApi.delete, { params: { id: "a/b c" } })).toBe("/api/user-tokens/a%2Fb%20c");
    expect(urlFor(videosApi.list, { query: { page: 2, limit: 20 } })).toBe("/api/video-tasks?page=2&limit=20");
    expect(urlFor(videosApi.list, { query: {} })).toBe("/api/video-tasks");
  });
});
