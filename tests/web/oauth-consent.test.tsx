/**
 * The OAuth consent page (issue 73, decision 0170): signed out it sends the person to sign in and
 * back with the same request; signed in it shows who asks, where it goes back, how sure the name
 * is, and the scopes; Allow sends the chosen scopes, Cancel refuses, and either leaves for the
 * server's redirect; a request the server refuses is shown and never followed.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { OAuthConsent } from "../../src/shared/schemas/oauth";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { OAuthAuthorizePage } from "@/pages/oauth-authorize-page";
import { stubFetch } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const ANN: CurrentUser = {
  username: "ann",
  email: "ann@people.example",
  credits: 40,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

const REQUEST = {
  client_id: "https://agent.example/client.json",
  redirect_uri: "https://agent.example/callback",
  response_type: "code",
  code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  code_challenge_method: "S256",
  state: "xyz 1",
  scope: "videos:read videos:write",
  resource: "http://localhost/mcp",
};
const PATH = `/oauth/authorize?${new URLSearchParams(REQUEST).toString()}`;
const CONSENT_URL = `GET /api/oauth/consent?${new URLSearchParams(REQUEST).toString()}`;

const consent = (over: Partial<OAuthConsent["client"]> = {}): OAuthConsent => ({
  client: {
    id: REQUEST.client_id,
    name: "Agent Smith",
    registration: "metadata-document",
    redirectHost: "agent.example",
    ...over,
  },
  scopes: [
    { id: "videos:read", granted: false },
    { id: "videos:write", granted: false },
  ],
  resource: REQUEST.resource,
});

function open(user: CurrentUser | null, path = PATH) {
  const client = newQueryClient();
  client.setQueryData(firstLoadKeys.currentUser, user);
  const leave = vi.fn<(url: string) => void>();
  return { ...renderWeb(<OAuthAuthorizePage leave={leave} />, { path, client }), leave };
}

beforeEach(() => useLocale("en", "app"));

describe("the consent page", () => {
  it("sends a signed-out person to sign in, coming back with the whole request", async () => {
    const { sent } = stubFetch({});
    const { location } = open(null);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/login?next=${encodeURIComponent(PATH)}`));
    expect(sent).toEqual([]);
  });

  it("shows who asks and where it goes back, and allows only the scopes left checked", async () => {
    const { sent } = stubFetch({
      [CONSENT_URL]: { body: consent() },
      "POST /api/oauth/consent": { body: { redirectTo: "https://agent.example/callback?code=c0de&state=xyz+1" } },
    });
    const { user, leave } = open(ANN);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      "Agent Smith wants to use your Veo Studio account",
    );
    expect(screen.getByText(/You are signed in as/).textContent).toBe("You are signed in as ann.");
    expect(screen.getByText(/identified by its address/).textContent).toContain("agent.example");
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.getByText(/Once you choose/).textContent).toBe("Once you choose, you go back to agent.example.");

    const read = screen.getByRole<HTMLInputElement>("checkbox", { name: /See your videos, models and balance/ });
    const write = screen.getByRole<HTMLInputElement>("checkbox", { name: /Make, upgrade and extend videos/ });
    expect([read.checked, read.disabled, write.checked, write.disabled]).toEqual([true, true, true, false]);
    expect(screen.getByRole("link", { name: "API page" }).getAttribute("href")).toBe("/api");

    await user.click(write);
    await user.click(screen.getByRole("button", { name: "Allow" }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith("https://agent.example/callback?code=c0de&state=xyz+1"));
    expect(sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { ...REQUEST, approve: true, scopes: ["videos:read"] },
    ]);
    // On its way back to the app: nothing more to press.
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Allow" }).disabled).toBe(true);
  });

  it("allows both scopes by default", async () => {
    const { sent } = stubFetch({
      [CONSENT_URL]: { body: consent() },
      "POST /api/oauth/consent": { body: { redirectTo: "https://agent.example/callback?code=c" } },
    });
    const { user, leave } = open(ANN);
    await user.click(await screen.findByRole("button", { name: "Allow" }));
    await waitFor(() => expect(leave).toHaveBeenCalledOnce());
    expect(sent.find((r) => r.method === "POST")?.body).toMatchObject({
      approve: true,
      scopes: ["videos:read", "videos:write"],
    });
  });

  it("refuses with Cancel, and goes back to the app with its error", async () => {
    const denied = "https://agent.example/callback?error=access_denied&state=xyz+1";
    const { sent } = stubFetch({
      [CONSENT_URL]: { body: consent() },
      "POST /api/oauth/consent": { body: { redirectTo: denied } },
    });
    const { user, leave } = open(ANN);
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(denied));
    expect(sent.find((r) => r.method === "POST")?.body).toEqual({ ...REQUEST, approve: false, scopes: [] });
  });

  it("warns that a self-registered app's name is its own claim", async () => {
    stubFetch({ [CONSENT_URL]: { body: consent({ id: "c-4f1b", registration: "registered" }) } });
    open(ANN);
    expect((await screen.findByRole("note")).textContent).toContain("This app registered itself");
    expect(screen.queryByText(/identified by its address/)).toBeNull();
  });

  it("shows a refused request plainly, with nothing to allow and no redirect", async () => {
    const refusal = {
      status: 400,
      body: { code: "invalid_input", message: "This app did not register the address https://evil.example/cb." },
    };
    const { sent } = stubFetch({ "GET /api/oauth/consent": refusal });
    const { leave } = open(ANN);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(
      "This connection request cannot be used",
    );
    expect(screen.getByRole("alert").textContent).toBe(
      "This app did not register the address https://evil.example/cb.",
    );
    expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
    expect(leave).not.toHaveBeenCalled();
    expect(sent.every((r) => r.method === "GET")).toBe(true);
  });

  it("shows a refused answer and stays on the page", async () => {
    stubFetch({
      [CONSENT_URL]: { body: consent() },
      "POST /api/oauth/consent": {
        status: 400,
        body: { code: "invalid_input", message: "This authorization request has expired. Start again from the app." },
      },
    });
    const { user, leave } = open(ANN);
    await user.click(await screen.findByRole("button", { name: "Allow" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This authorization request has expired. Start again from the app.",
    );
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Allow" }).disabled).toBe(false);
  });

  it("speaks Vietnamese", async () => {
    await useLocale("vi", "app");
    stubFetch({ [CONSENT_URL]: { body: consent() } });
    open(ANN);
    const heading = (await screen.findByRole("heading", { level: 1 })).textContent ?? "";
    expect(heading).toContain("Agent Smith");
    expect(heading).not.toContain("wants to use your Veo Studio account");
    expect(screen.queryByRole("button", { name: "Allow" })).toBeNull();
    expect(screen.getAllByRole("checkbox")).toHaveLength(2);
  });
});
