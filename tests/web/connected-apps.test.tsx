/**
 * /api's "Connected apps" (issue 73, decision 0170): each app the person allowed through OAuth with
 * what it may do, when it was connected and last used; Revoke asks first, then the app is gone.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { OAuthConnection } from "../../src/shared/schemas/oauth";
import { ConnectedAppsCard } from "@/features/oauth/connected-apps-card";
import { formatDateTime } from "@/lib/format";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const LIST = "GET /api/oauth/connections";
const CLAUDE: OAuthConnection = {
  id: "0b8e7f7e-3f7c-4c47-9d55-2a5e8f0c1a01",
  clientName: "Claude",
  clientId: "https://claude.ai/oauth/mcp-oauth-client-metadata",
  scopes: ["videos:read", "videos:write"],
  createdAt: "2026-11-20T12:00:00.000Z",
  lastUsed: "2026-11-28T12:00:00.000Z",
};
const CURSOR: OAuthConnection = {
  id: "5d1f3c2a-7b1e-4e8a-8f3d-9c0b1a2e3f04",
  clientName: "Cursor",
  clientId: "c-8a7b6c",
  scopes: ["videos:read"],
  createdAt: "2026-11-21T12:00:00.000Z",
  lastUsed: null,
};

beforeEach(() => useLocale("en", "app"));

describe("connected apps", () => {
  it("lists each app with what it may do, when it was connected and last used", async () => {
    stubFetch({ [LIST]: { body: { connections: [CLAUDE, CURSOR] } } });
    renderWeb(<ConnectedAppsCard />);
    const list = await screen.findByRole("list", { name: "Your connected apps" });
    const claude = within(list).getByRole("listitem", { name: "Claude" });
    expect(within(claude).getByText(CLAUDE.clientId)).toBeDefined();
    expect(
      within(within(claude).getByRole("list", { name: "May do" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["See your videos, models and balance", "Make, upgrade and extend videos with your credits"]);
    expect(claude.textContent).toContain(formatDateTime(CLAUDE.createdAt));
    expect(claude.textContent).toContain(formatDateTime(CLAUDE.lastUsed));
    const cursor = within(list).getByRole("listitem", { name: "Cursor" });
    expect(
      within(cursor)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["See your videos, models and balance"]);
    expect(cursor.textContent).toContain("Never");
  });

  it("says when no app is connected", async () => {
    stubFetch({ [LIST]: { body: { connections: [] } } });
    renderWeb(<ConnectedAppsCard />);
    expect(await screen.findByText(/No app is connected/)).toBeDefined();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("revokes an app after asking, and lists what is left", async () => {
    let connections = [CLAUDE, CURSOR];
    const { sent } = stubFetch({
      [LIST]: () => ({ body: { connections } }),
      [`DELETE /api/oauth/connections/${CURSOR.id}`]: () => {
        connections = [CLAUDE];
        return { body: { success: true } };
      },
    });
    const { user } = renderWeb(<ConnectedAppsCard />);
    await user.click(await screen.findByRole("button", { name: "Revoke Cursor" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke this app's access?" });
    expect(dialog.textContent).toContain('"Cursor" stops working at once.');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sent.filter((r) => r.method === "DELETE")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke Cursor" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Revoke this app's access?" })).getByRole("button", {
        name: "Revoke Access",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Cursor" })).toBeNull());
    expect(screen.getByRole("listitem", { name: "Claude" })).toBeDefined();
    expect(sent.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual([
      `/api/oauth/connections/${CURSOR.id}`,
    ]);
  });

  it("shows why the list could not be loaded", async () => {
    stubFetch({ [LIST]: { status: 401, body: { code: "unauthorized", message: "Sign in first." } } });
    renderWeb(<ConnectedAppsCard />);
    expect((await screen.findByRole("alert")).textContent).not.toBe("");
  });
});
