/**
 * Registering signs the person in (decision 0167): the Register tab opens from its address, the
 * new user goes into the current-user cache, the greeting welcomes them (not "Welcome back") and
 * they land on the page they came from, else the generator.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { AuthCard } from "@/features/auth/auth-card";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const user = {
  username: "ann",
  email: "ann@example.com",
  credits: 0,
  isAdmin: false,
  hasPassword: true,
  emailVerified: false,
  language: null,
};

beforeEach(async () => {
  await useLocale("en");
  queryClient.clear();
});

async function signUp(path: string, next: string) {
  stubFetch({
    "GET /api/auth/captcha": { body: { siteKey: null, scriptUrl: null } },
    "GET /api/auth/google/status": { body: { enabled: false } },
    "POST /api/auth/register": { status: 201, body: { message: "Registration successful", user } },
    "GET /api/auth/current-user": { body: { ...user, expiring: [] } },
  });
  const view = renderWeb(
    <>
      <AuthCard next={next} />
      <Toaster />
    </>,
    { path },
  );
  window.history.replaceState(null, "", path);
  return view;
}

describe("registration", () => {
  it("opens on Register from its address, signs in and comes back to the page it came from", async () => {
    const next = "/generate?remix=abc";
    const path = `/login?mode=register&next=${encodeURIComponent(next)}`;
    window.history.replaceState(null, "", path);
    const { user: person, location } = await signUp(path, next);
    expect(screen.getByText("Create your account")).toBeTruthy();
    expect(screen.queryByText("Welcome back")).toBeNull();
    await person.type(screen.getByLabelText("Username"), "ann");
    await person.type(screen.getByLabelText("Password"), "password-1");
    await person.type(screen.getByLabelText("Confirm password"), "password-1");
    await person.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(location.history.at(-1)).toBe(next));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ username: "ann" });
    expect((await screen.findAllByText("Welcome to Veo Studio, ann!")).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/A link to confirm ann@example.com is on its way/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it("lands on the generator when there is no page to come back to", async () => {
    window.history.replaceState(null, "", "/login?mode=register");
    const { user: person, location } = await signUp("/login?mode=register", "/");
    await person.type(screen.getByLabelText("Username"), "ann");
    await person.type(screen.getByLabelText("Password"), "password-1");
    await person.type(screen.getByLabelText("Confirm password"), "password-1");
    await person.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/generate"));
  });

  it("greets the sign-in form with Welcome back", async () => {
    window.history.replaceState(null, "", "/login");
    await signUp("/login", "/");
    expect(screen.getByText("Welcome back")).toBeTruthy();
  });
});
