import { describe, expect, it } from "vitest";
import { loginHref, readNextAfterSignIn, readSignUpMode, signUpHref } from "@/features/auth/next-after-sign-in";
import { pageAfterSignUp } from "@/features/auth/use-register-mutation";
import { safeNext } from "../../src/shared/next-path";

describe("the page to go to after signing in", () => {
  it("keeps a path of this site, with its query and fragment", () => {
    expect(safeNext("/my-account")).toBe("/my-account");
    expect(safeNext("/admin/users?page=2#top")).toBe("/admin/users?page=2#top");
    expect(safeNext("/vi")).toBe("/vi");
  });

  it("refuses anything a browser could read as another site", () => {
    for (const attempt of [
      "//evil.com",
      "//evil.com/admin",
      "/\\evil.com",
      "\\\\evil.com",
      "/\\/evil.com",
      "https://evil.com",
      "http:evil.com",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.com",
      "%2F%2Fevil.com",
      "/\t/evil.com",
      "/\n/evil.com",
      " //evil.com",
      "",
      null,
      undefined,
    ]) {
      expect(safeNext(attempt), JSON.stringify(attempt)).toBeNull();
    }
  });

  it("reads encoded attempts from the address the way the browser does, and refuses them", () => {
    for (const search of [
      "?next=%2F%2Fevil.com",
      "?next=%2F%5Cevil.com",
      "?next=https%3A%2F%2Fevil.com",
      "?next=%252F%252Fevil.com",
      "?next=%2F%09%2Fevil.com",
      "?next=javascript%3Aalert(1)",
    ]) {
      expect(readNextAfterSignIn(search), search).toBe("/");
    }
    // Encoded slashes past the first one stay a path of this site: the router shows its not-found page.
    expect(new URL(readNextAfterSignIn("?next=%2F%252F%252Fevil.com"), "http://x.test").host).toBe("x.test");
  });

  it("does not loop back to the sign-in page or go nowhere", () => {
    expect(safeNext("/login")).toBeNull();
    expect(safeNext("/login?next=/admin")).toBeNull();
    expect(safeNext("/")).toBeNull();
    expect(loginHref("/")).toBe("/login");
    expect(loginHref("/login")).toBe("/login");
  });

  it("builds the sign-in address that comes back", () => {
    expect(loginHref("/my-creations?status=failed")).toBe("/login?next=%2Fmy-creations%3Fstatus%3Dfailed");
    expect(readNextAfterSignIn("?next=%2Fmy-creations%3Fstatus%3Dfailed")).toBe("/my-creations?status=failed");
    expect(loginHref("//evil.com")).toBe("/login");
  });

  it("reads the page Google's round trip brought back (decision 0083)", () => {
    expect(readNextAfterSignIn("?auth=success&user=%7B%7D&next=%2Fgenerate")).toBe("/generate");
    expect(readNextAfterSignIn("?auth=error&problem=cancelled&next=%2F%2Fevil.com")).toBe("/");
    expect(readNextAfterSignIn("?auth=success")).toBe("/");
  });
});

describe("the sign-up form's address (decision 0167)", () => {
  it("opens Register and comes back to a page of this site only", () => {
    expect(signUpHref("/pricing")).toBe("/login?mode=register&next=%2Fpricing");
    expect(signUpHref("/generate?remix=abc")).toBe("/login?mode=register&next=%2Fgenerate%3Fremix%3Dabc");
    for (const attempt of ["//evil.com", "https://evil.com", "/login", "/", null, undefined])
      expect(signUpHref(attempt)).toBe("/login?mode=register");
    expect(readSignUpMode("?mode=register&next=%2Fpricing")).toBe(true);
    expect(readSignUpMode("?next=%2Fpricing")).toBe(false);
    expect(readSignUpMode("?mode=Register")).toBe(false);
  });

  it("lands a new account on the page it came from, else the generator", () => {
    expect(pageAfterSignUp("/generate?remix=abc")).toBe("/generate?remix=abc");
    expect(pageAfterSignUp(readNextAfterSignIn("?mode=register&next=%2F%2Fevil.com"))).toBe("/generate");
  });
});
