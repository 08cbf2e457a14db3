/**
 * Turnstile on the forms (decision 0091): sign-up waits for the widget's token and sends it;
 * sign-in shows the widget only once the server asks for it, then sends a fresh token with each
 * attempt; with Turnstile off nothing is loaded and nothing waits.
 */
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoginForm } from "@/features/auth/login-form";
import { RegisterForm } from "@/features/auth/register-form";
import type { TurnstileApi } from "@/features/captcha/load-turnstile";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const ON = { siteKey: "0x4AAAAAAAsite", scriptUrl: "https://challenges.example/turnstile/v0/api.js" };
const OFF = { siteKey: null, scriptUrl: null };

/** A stand-in for Cloudflare's script, already loaded: it records each widget and lets the test hand out tokens. */
function fakeTurnstile() {
  const widgets: { action: string; sitekey: string; callback: (token: string) => void; removed: boolean }[] = [];
  const api: TurnstileApi = {
    render: (_container, options) => {
      widgets.push({ action: options.action, sitekey: options.sitekey, callback: options.callback, removed: false });
      return String(widgets.length - 1);
    },
    remove: (id) => {
      widgets[Number(id)]!.removed = true;
    },
  };
  window.turnstile = api;
  const live = () => widgets.filter((w) => !w.removed);
  return {
    widgets,
    live,
    /** The widget on the page passes its check with `token`. */
    pass: (token: string) => act(() => live().at(-1)!.callback(token)),
  };
}

const user = {
  username: "ann",
  email: null,
  credits: 0,
  isAdmin: false,
  hasPassword: true,
  emailVerified: false,
  language: null,
};

beforeEach(() => useLocale("en"));
afterEach(() => {
  delete window.turnstile;
});

describe("sign-up", () => {
  it("waits for the widget's token and sends it", async () => {
    const turnstile = fakeTurnstile();
    const { sent } = stubFetch({
      "GET /api/auth/captcha": { body: ON },
      "POST /api/auth/register": { status: 201, body: { message: "ok", user } },
    });
    const { user: person } = renderWeb(<RegisterForm next="/" />, { path: "/login" });
    await person.type(screen.getByLabelText("Username"), "ann");
    await person.type(screen.getByLabelText("Password"), "password-1");
    await person.type(screen.getByLabelText("Confirm password"), "password-1");
    const submit = screen.getByRole("button", { name: "Create Account" });
    await waitFor(() => expect(turnstile.live()).toHaveLength(1));
    expect(turnstile.live()[0]).toMatchObject({ action: "register", sitekey: ON.siteKey });
    expect(submit).toHaveProperty("disabled", true);
    turnstile.pass("token-1");
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    await person.click(submit);
    await waitFor(() => expect(sent.filter((s) => s.method === "POST")).toHaveLength(1));
    expect(sent.find((s) => s.method === "POST")!.body).toMatchObject({ username: "ann", captchaToken: "token-1" });
  });

  it("with Turnstile off, loads no widget and sends no token", async () => {
    const turnstile = fakeTurnstile();
    const { sent } = stubFetch({
      "GET /api/auth/captcha": { body: OFF },
      "POST /api/auth/register": { status: 201, body: { message: "ok", user } },
    });
    const { user: person } = renderWeb(<RegisterForm next="/" />, { path: "/login" });
    await person.type(screen.getByLabelText("Username"), "ann");
    await person.type(screen.getByLabelText("Password"), "password-1");
    await person.type(screen.getByLabelText("Confirm password"), "password-1");
    await person.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(sent.filter((s) => s.method === "POST")).toHaveLength(1));
    expect(sent.find((s) => s.method === "POST")!.body).not.toHaveProperty("captchaToken");
    expect(turnstile.widgets).toEqual([]);
  });
});

describe("sign-in", () => {
  it("shows the widget once the server asks, and sends a fresh token with each attempt", async () => {
    const turnstile = fakeTurnstile();
    let attempts = 0;
    const { sent } = stubFetch({
      "GET /api/auth/captcha": { body: ON },
      "POST /api/auth/login": () =>
        ++attempts === 1
          ? { status: 400, body: { code: "invalid_input", reason: "captcha_required", message: "x" } }
          : attempts === 2
            ? { status: 401, body: { code: "invalid_credentials", message: "Invalid username or password." } }
            : { body: { message: "ok", user } },
      "GET /api/auth/current-user": { body: user },
    });
    const { user: person } = renderWeb(<LoginForm next="/" />, { path: "/login" });
    await person.type(screen.getByLabelText("Username"), "ann");
    await person.type(screen.getByLabelText("Password"), "password-1");
    const submit = screen.getByRole("button", { name: "Sign In" });
    // No widget until the server asks for one.
    expect(turnstile.widgets).toEqual([]);
    await person.click(submit);
    await waitFor(() => expect(turnstile.live()).toHaveLength(1));
    expect(turnstile.live()[0]!.action).toBe("login");
    turnstile.pass("token-1");
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    await person.click(submit);
    // That token is spent: a new widget, and the button waits for its token.
    await waitFor(() => expect(turnstile.widgets).toHaveLength(2));
    await waitFor(() => expect(submit).toHaveProperty("disabled", true));
    turnstile.pass("token-2");
    await waitFor(() => expect(submit).toHaveProperty("disabled", false));
    await person.click(submit);
    await waitFor(() => expect(attempts).toBe(3));
    expect(
      sent.filter((s) => s.method === "POST").map((s) => (s.body as { captchaToken?: string }).captchaToken),
    ).toEqual([undefined, "token-1", "token-2"]);
  });
});
