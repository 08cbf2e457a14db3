/**
 * Which redirect URIs and metadata document URLs OAuth clients may use (decision 0169): https, or
 * plain http to loopback on any port (RFC 8252 §7.3), never a fragment or credentials.
 */
import { describe, expect, it } from "vitest";
import { clientIdUrlProblem } from "../../src/server/features/oauth/client-metadata-document.js";
import { isRegisteredRedirect, redirectUriProblem } from "../../src/server/features/oauth/redirect-uris.js";

describe("redirect URIs", () => {
  it.each([
    "https://app.example/cb",
    "http://127.0.0.1/cb",
    "http://127.0.0.1:33418/cb",
    "http://[::1]/cb",
    "http://localhost:8080/x?y=1",
  ])("accepts %s", (uri) => expect(redirectUriProblem(uri)).toBeUndefined());

  it.each([
    "http://example.com/cb",
    "http://127.0.0.1.example.com/cb",
    "javascript:alert(1)",
    "data:text/html,x",
    "file:///etc/passwd",
    "https://app.example/cb#frag",
    "https://user:pass@app.example/cb",
    "not a url",
    `https://app.example/${"a".repeat(2001)}`,
  ])("refuses %s", (uri) => expect(redirectUriProblem(uri)).toEqual(expect.any(String)));

  it("matches exactly, or a loopback URI on another port, and nothing looser", () => {
    const registered = ["https://app.example/cb", "http://127.0.0.1:8000/callback"];
    expect(isRegisteredRedirect(registered, "https://app.example/cb")).toBe(true);
    expect(isRegisteredRedirect(registered, "http://127.0.0.1:51234/callback")).toBe(true);
    expect(isRegisteredRedirect(registered, "http://127.0.0.1/callback")).toBe(true);
    expect(isRegisteredRedirect(registered, "https://app.example/cb/")).toBe(false);
    expect(isRegisteredRedirect(registered, "https://app.example/cb?x=1")).toBe(false);
    expect(isRegisteredRedirect(registered, "https://app.example:8443/cb")).toBe(false);
    expect(isRegisteredRedirect(registered, "http://127.0.0.1:51234/callback/evil")).toBe(false);
    expect(isRegisteredRedirect(registered, "http://localhost:8000/callback")).toBe(false);
    expect(isRegisteredRedirect(registered, "https://127.0.0.1:8000/callback")).toBe(false);
  });
});

describe("metadata document URLs as client ids", () => {
  it("takes https URLs with a path", () => {
    expect(clientIdUrlProblem("https://agent.example/oauth/client.json", false)).toBeUndefined();
  });

  it.each([
    "https://agent.example",
    "https://agent.example/",
    "http://agent.example/client.json",
    "https://agent.example/client.json#x",
    "https://u:p@agent.example/client.json",
    "https://agent.example/a/../client.json",
    "http://127.0.0.1:9000/client.json",
  ])("refuses %s outside local mode", (url) => expect(clientIdUrlProblem(url, false)).toEqual(expect.any(String)));

  it("takes plain http on loopback in local mode only, never off it", () => {
    expect(clientIdUrlProblem("http://127.0.0.1:9000/client.json", true)).toBeUndefined();
    expect(clientIdUrlProblem("http://10.0.0.1/client.json", true)).toEqual(expect.any(String));
  });
});
