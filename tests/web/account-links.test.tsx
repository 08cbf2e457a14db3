/**
 * The pages of the links sent by mail (decision 0088): the token leaves the address bar once read
 * and is sent once; "Forgot password?" says one sentence whatever the account; a confirmation opened
 * where another account is signed in says that account is unchanged; the banner of an unconfirmed
 * address sends the link again and hides for the session.
 */
import { StrictMode } from "react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import { UnconfirmedEmailBanner } from "@/features/auth/unconfirmed-email-banner";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { ForgotPasswordPage } from "@/pages/forgot-password-page";
import { ResetPasswordPage } from "@/pages/reset-password-page";
import { VerifyEmailPage } from "@/pages/verify-email-page";
import { stubFetch } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const person = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  username: "bob",
  email: "bob@people.example",
  credits: 3,
  isAdmin: false,
  hasPassword: true,
  emailVerified: false,
  language: null,
  ...over,
});

/** Opens a page the way a link in a message does: its address with ?token=. */
function arriveAt(path: string) {
  window.history.replaceState(null, "", path);
}

beforeEach(async () => {
  await useLocale("en", "app");
  window.sessionStorage.clear();
});

describe("the reset page", () => {
  it("takes the token out of the address bar and sends it with the new password", async () => {
    arriveAt("/reset-password?token=tok-from-the-mail&utm=x");
    const { sent } = stubFetch({
      "POST /api/auth/password-reset/confirm": {
        body: { message: "ok", user: person({ emailVerified: true }) },
      },
    });
    const { user, location } = renderWeb(<ResetPasswordPage />, { path: "/reset-password" });
    await waitFor(() => expect(window.location.search).toBe("?utm=x"));
    await user.type(screen.getByLabelText("New password"), "new-password-1");
    await user.type(screen.getByLabelText("Confirm new password"), "new-password-1");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    await waitFor(() => expect(location.history).toContain("/"));
    expect(sent.map((s) => s.body)).toEqual([{ token: "tok-from-the-mail", password: "new-password-1" }]);
  });

  it("goes on to the second step when the account has a second factor (issue 66 §9)", async () => {
    arriveAt("/reset-password?token=tok-2fa");
    stubFetch({
      "POST /api/auth/password-reset/confirm": {
        body: { message: "ok", user: person({ emailVerified: true, secondFactorPending: true }) },
      },
    });
    const { user, location } = renderWeb(<ResetPasswordPage />, { path: "/reset-password" });
    await user.type(screen.getByLabelText("New password"), "new-password-1");
    await user.type(screen.getByLabelText("Confirm new password"), "new-password-1");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    await waitFor(() => expect(location.history).toContain("/second-factor"));
    expect(location.history).not.toContain("/");
  });

  it("without a token, offers a new link instead of a form", async () => {
    arriveAt("/reset-password");
    stubFetch({});
    renderWeb(<ResetPasswordPage />, { path: "/reset-password" });
    expect(await screen.findByText("This link is incomplete")).toBeDefined();
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("says a used or expired link is one, in the person's language", async () => {
    arriveAt("/reset-password?token=used");
    await useLocale("vi", "app");
    stubFetch({
      "POST /api/auth/password-reset/confirm": {
        status: 400,
        body: { code: "invalid_input", reason: "link_expired", message: "This link has expired or was already used." },
      },
    });
    const { user } = renderWeb(<ResetPasswordPage />, { path: "/reset-password" });
    await user.type(screen.getByLabelText("Mật khẩu mới"), "new-password-1");
    await user.type(screen.getByLabelText("Xác nhận mật khẩu mới"), "new-password-1");
    await user.click(screen.getByRole("button", { name: "Lưu mật khẩu mới" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Liên kết này đã hết hạn hoặc đã được dùng. Hãy yêu cầu một liên kết mới.",
    );
  });
});

describe("forgot password", () => {
  it("sends what was typed, trimmed, and answers with one sentence", async () => {
    const { sent } = stubFetch({
      "POST /api/auth/password-reset": { status: 202, body: { message: "whatever" } },
      // Turnstile off (decision 0091): no widget, no token.
      "GET /api/auth/captcha": { body: { siteKey: null, scriptUrl: null } },
    });
    const { user } = renderWeb(<ForgotPasswordPage />, { path: "/forgot-password" });
    await user.type(screen.getByLabelText("E-mail address or username"), "  Ann@People.example ");
    await user.click(screen.getByRole("button", { name: "Send me a link" }));
    expect((await screen.findByRole("status")).textContent).toContain(
      "If an account has this e-mail address or username, a link to choose a new password is on its way.",
    );
    expect(sent.filter((s) => s.method === "POST").map((s) => s.body)).toEqual([{ login: "Ann@People.example" }]);
  });
});

describe("the confirmation page", () => {
  it("names the link's account and asks first; confirmed, it posts its token once and says another account is unchanged", async () => {
    arriveAt("/verify-email?token=verify-once");
    const { sent } = stubFetch({
      "POST /api/auth/address-link": { body: { username: "ann", email: "ann@people.example" } },
      "POST /api/auth/verify-email": {
        body: { message: "ok", username: "ann", email: "ann@people.example" },
      },
      "GET /api/auth/current-user": { body: person() },
    });
    const client = newQueryClient();
    client.setQueryData(firstLoadKeys.currentUser, person());
    const { user } = renderWeb(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      { path: "/verify-email", client },
    );
    expect(await screen.findByText("Confirm that ann@people.example is the address of the account ann.")).toBeDefined();
    expect(screen.getByText(/Not your account\? Do not confirm/)).toBeDefined();
    expect(screen.getByRole("link", { name: "tell us" }).getAttribute("href")).toBe("/contact");
    expect(sent.filter((s) => s.url === "/api/auth/verify-email")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Yes, ann is mine: confirm" }));
    expect(await screen.findByText("The address ann@people.example of the account ann is confirmed.")).toBeDefined();
    expect(screen.getByText("You are signed in as bob: that account is unchanged.")).toBeDefined();
    expect(sent.filter((s) => s.url === "/api/auth/verify-email")).toHaveLength(1);
    expect(sent.find((s) => s.url === "/api/auth/address-link")?.body).toEqual({
      token: "verify-once",
      kind: "verify",
    });
    expect(window.location.search).toBe("");
  });

  it("says a used or expired link did not work, before asking anything", async () => {
    arriveAt("/verify-email?token=used");
    stubFetch({
      "POST /api/auth/address-link": {
        status: 400,
        body: {
          code: "invalid_input",
          message: "This link has expired or was already used. Ask for a new one.",
          reason: "link_expired",
        },
      },
      "GET /api/auth/current-user": { body: person() },
    });
    renderWeb(<VerifyEmailPage />, { path: "/verify-email" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link has expired or was already used. Ask for a new one.",
    );
    expect(screen.queryByRole("button", { name: /confirm/ })).toBeNull();
  });
});

describe("the banner of an unconfirmed address", () => {
  const renderBanner = (user: CurrentUser) => {
    const client = newQueryClient();
    client.setQueryData(firstLoadKeys.currentUser, user);
    return renderWeb(<UnconfirmedEmailBanner />, { client });
  };

  it("sends the link again, and hides for the session", async () => {
    const { sent } = stubFetch({
      "POST /api/user/email/verification": {
        status: 202,
        body: { message: "sent", email: "bob@people.example" },
      },
    });
    const { user } = renderBanner(person());
    expect(
      screen.getByText("Please confirm your e-mail address bob@people.example: open the link we sent you."),
    ).toBeDefined();
    await user.click(screen.getByRole("button", { name: "Send the link again" }));
    expect((await screen.findByRole("status")).textContent).toBe("A new link is on its way to bob@people.example.");
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /api/user/email/verification"]);
    fireEvent.click(screen.getByRole("button", { name: "Hide this notice" }));
    expect(screen.queryByRole("region")).toBeNull();
    expect(window.sessionStorage.getItem("veo-studio.unconfirmed-email-dismissed")).toBe("bob@people.example");
  });

  it("is not there for a confirmed address, no address, or an address hidden earlier", () => {
    stubFetch({});
    renderBanner(person({ emailVerified: true }));
    renderBanner(person({ email: null }));
    window.sessionStorage.setItem("veo-studio.unconfirmed-email-dismissed", "bob@people.example");
    renderBanner(person());
    expect(screen.queryByRole("region")).toBeNull();
  });
});
