import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import { DeleteAccountDialog } from "@/features/account/delete-account-dialog";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const person = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  username: "Ann_Example",
  email: "ann@example.test",
  credits: 12,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
  ...overrides,
});

describe("Delete my account (decision 0087)", () => {
  beforeEach(() => useLocale("en", "public", "app"));

  it("stays disabled until the password is given and the username typed (any case), then sends both", async () => {
    const { sent } = stubFetch({
      "POST /api/user/delete": { body: { message: "Account deleted", usernameHeldUntil: "2026-02-01T00:00:00.000Z" } },
      "POST /api/auth/logout": { body: { message: "Logged out" } },
    });
    const { user, location } = renderWeb(<DeleteAccountDialog user={person()} />, { path: "/my-account" });
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(dialog.textContent).toContain("Your balance of 12 credits is lost");
    const destroy = () => screen.getAllByRole<HTMLButtonElement>("button", { name: "Delete my account" }).at(-1)!;
    expect(destroy().disabled).toBe(true);
    await user.type(screen.getByLabelText("Type your username, Ann_Example, to confirm"), "ann_exampl");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    expect(destroy().disabled).toBe(true);
    await user.type(screen.getByLabelText("Type your username, Ann_Example, to confirm"), "E");
    expect(destroy().disabled).toBe(false);
    await user.click(destroy());
    await waitFor(() => expect(location.history.at(-1)).toBe("/"));
    expect(sent.filter((r) => r.method === "POST")[0]).toMatchObject({
      url: "/api/user/delete",
      body: { password: "secret-pass", confirm: "ann_examplE" },
    });
  });

  it("without a password, offers the Google re-check instead and sends no password", async () => {
    const { sent } = stubFetch({
      "POST /api/user/delete": {
        status: 403,
        body: {
          message: "Sign in with Google again to confirm it is you, then try again within 10 minutes.",
          code: "forbidden",
          reason: "google_recheck_needed",
          params: { minutes: 10 },
        },
      },
    });
    const { user } = renderWeb(
      <DeleteAccountDialog
        user={person({ hasPassword: false, credits: 0 })}
        googleRecheck={<button type="button">Google again</button>}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    await screen.findByRole("dialog");
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByRole("button", { name: "Google again" })).toBeTruthy();
    expect(screen.getByRole("dialog").textContent).not.toContain("is lost");
    await user.type(screen.getByLabelText("Type your username, Ann_Example, to confirm"), "ann_example");
    await user.click(screen.getAllByRole("button", { name: "Delete my account" }).at(-1)!);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Sign in with Google again to confirm it is you, then try again within 10 minutes.",
    );
    expect(sent[0]!.body).toEqual({ confirm: "ann_example" });
  });

  it("an administrator is told it cannot be done here", () => {
    renderWeb(<DeleteAccountDialog user={person({ isAdmin: true })} />);
    expect(screen.queryByRole("button", { name: "Delete my account" })).toBeNull();
    expect(screen.getByText("An administrator's account cannot be deleted here.")).toBeTruthy();
  });

  it("opens by itself back from Google's sign-in, and cleans the address", async () => {
    const { location } = renderWeb(<DeleteAccountDialog user={person({ hasPassword: false })} />, {
      path: "/my-account?leave=delete",
    });
    expect(await screen.findByRole("dialog", { name: "Delete your account?" })).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe("/my-account"));
  });
});
