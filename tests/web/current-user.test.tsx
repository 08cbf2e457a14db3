/**
 * Who is signed in: the first call of every page, made through the auth contract imported on
 * demand (the landing page's first load carries no schemas) and kept under its named key.
 */
import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCurrentUser } from "@/features/auth";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { stubFetch } from "./fetch-stub";
import { newQueryClient } from "./render";

const ANN = {
  username: "ann",
  email: null,
  credits: 12,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

/** The contract and its schemas arrive by dynamic import: the first one takes a moment on a busy machine. */
function renderCurrentUser() {
  const client = newQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useCurrentUser(), { wrapper }), client };
}

describe("the current user", () => {
  it("is asked of the server, read with the shared schema and kept under its named key", async () => {
    // A field the schema does not know is left out: the answer was read with it.
    const { sent } = stubFetch({ "GET /api/auth/current-user": { body: { ...ANN, stray: true } } });
    const { result, client } = renderCurrentUser();
    await waitFor(() => expect(result.current.isResolved).toBe(true), { timeout: 5_000 });
    expect(result.current).toMatchObject({ isAuthenticated: true, user: ANN });
    expect(client.getQueryData(firstLoadKeys.currentUser)).toEqual(ANN);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/auth/current-user"]);
  });

  it("is nobody when the server answers 401", async () => {
    stubFetch({
      "GET /api/auth/current-user": { status: 401, body: { message: "Not signed in", code: "not_signed_in" } },
    });
    const { result } = renderCurrentUser();
    await waitFor(() => expect(result.current.isResolved).toBe(true), { timeout: 5_000 });
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null });
  });
});
