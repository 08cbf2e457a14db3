/**
 * A local fake Google OpenID provider (Google's OAuth endpoints), over real HTTP:
 * `/authorize` shows a consent page (Allow / Deny) or, with `autoApprove`, redirects at once;
 * `/token` checks the code (single use), client credentials, redirect_uri and PKCE S256, and
 * answers an RS256 id_token signed with the fake's own key; `/jwks`, `/userinfo` and
 * `/.well-known/openid-configuration` complete it. `setIdentity` picks who signs in next.
 * Run standalone with `node tests/fakes/google-fake.mjs` (GOOGLE_FAKE_PORT, _CLIENT_ID, _CLIENT_SECRET).
 */
import crypto from "node:crypto";
import http from "node:http";

export const FAKE_ISSUER = "https://accounts.google.com";

const b64url = (buf) => Buffer.from(buf).toString("base64url");

/** @param {import("./google-fake.d.mts").GoogleFakeOptions} options */
export async function startGoogleFake(options) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  /** @type {Map<string, any>} */
  const codes = new Map();
  /** @type {Map<string, any>} */
  const accessTokens = new Map();
  let identity = { sub: "100000000000000000001", email: "someone@example.com", email_verified: true, name: "Some One" };
  let down = false;
  /** Claims to put into the next ID tokens instead of the right ones (tests of our checks). */
  let claimOverrides = {};
  let signWithOtherKey = false;
  const otherKey = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  let autoApprove = options.autoApprove ?? false;
  const tokenCalls = [];

  function sign(claims) {
    const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
    const body = b64url(JSON.stringify(claims));
    const signature = crypto.sign(
      "RSA-SHA256",
      Buffer.from(`${header}.${body}`),
      signWithOtherKey ? otherKey : privateKey,
    );
    return `${header}.${body}.${b64url(signature)}`;
  }

  function redirect(res, to) {
    res.writeHead(302, { location: to });
    res.end();
  }

  function approve(res, q) {
    const code = crypto.randomBytes(16).toString("base64url");
    codes.set(code, { ...q, identity: { ...identity }, used: false });
    const to = new URL(q.redirect_uri);
    to.searchParams.set("code", code);
    if (q.state) to.searchParams.set("state", q.state);
    to.searchParams.set("scope", q.scope ?? "openid email profile");
    redirect(res, to.toString());
  }

  function deny(res, q) {
    const to = new URL(q.redirect_uri);
    to.searchParams.set("error", "access_denied");
    if (q.state) to.searchParams.set("state", q.state);
    redirect(res, to.toString());
  }

  const json = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const escape = (s) =>
    String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (down) return req.socket.destroy();
      const url = new URL(req.url ?? "/", "http://fake");
      const q = Object.fromEntries(url.searchParams);
      if (url.pathname === "/.well-known/openid-configuration") {
        return json(res, 200, {
          issuer: FAKE_ISSUER,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          userinfo_endpoint: `${base}/userinfo`,
          jwks_uri: `${base}/jwks`,
        });
      }
      if (url.pathname === "/jwks") return json(res, 200, { keys: [jwk] });
      // Test control (e2e specs cannot reach the fake's object): who signs in next.
      if (url.pathname === "/test/identity" && req.method === "POST") {
        identity = { email_verified: true, ...JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") };
        return json(res, 200, { ok: true });
      }
      if (url.pathname === "/authorize") {
        if (q.client_id !== options.clientId) return json(res, 400, { error: "invalid_client" });
        if (!q.redirect_uri || q.response_type !== "code") return json(res, 400, { error: "invalid_request" });
        if (autoApprove) return approve(res, q);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="en"><head><title>Sign in - Google Accounts (fake)</title></head><body>
<main><h1>Choose an account</h1><p>${escape(identity.name)} &lt;${escape(identity.email)}&gt; wants to sign in to the app.</p>
<form method="post" action="/authorize/decision"><input type="hidden" name="q" value="${escape(JSON.stringify(q))}">
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form></main></body></html>`);
      }
      if (url.pathname === "/authorize/decision" && req.method === "POST") {
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        const original = JSON.parse(form.get("q") ?? "{}");
        return form.get("decision") === "allow" ? approve(res, original) : deny(res, original);
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        tokenCalls.push(Object.fromEntries(form));
        if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) {
          return json(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
        }
        const grant = codes.get(form.get("code") ?? "");
        if (form.get("grant_type") !== "authorization_code" || !grant || grant.used) {
          return json(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
        }
        grant.used = true;
        if (grant.redirect_uri !== form.get("redirect_uri"))
          return json(res, 400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
        if (grant.code_challenge) {
          const verifier = form.get("code_verifier") ?? "";
          const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
          if (grant.code_challenge_method !== "S256" || challenge !== grant.code_challenge) {
            return json(res, 400, { error: "invalid_grant", error_description: "Invalid code verifier." });
          }
        }
        const now = Math.floor(Date.now() / 1000);
        const who = grant.identity;
        const accessToken = crypto.randomBytes(24).toString("base64url");
        accessTokens.set(accessToken, who);
        const idToken = sign({
          iss: FAKE_ISSUER,
          aud: options.clientId,
          azp: options.clientId,
          sub: who.sub,
          email: who.email,
          email_verified: who.email_verified,
          name: who.name,
          iat: now,
          exp: now + (options.idTokenTtlSeconds ?? 3600),
          ...(grant.nonce ? { nonce: grant.nonce } : {}),
          ...claimOverrides,
        });
        return json(res, 200, {
          access_token: accessToken,
          expires_in: 3599,
          scope: "openid email profile",
          token_type: "Bearer",
          id_token: idToken,
        });
      }
      if (url.pathname === "/userinfo") {
        const who = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        return who ? json(res, 200, who) : json(res, 401, { error: "invalid_token" });
      }
      json(res, 404, { error: "not_found" });
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = server.address();
  const base = `http://${host}:${typeof address === "object" && address ? address.port : 0}`;

  return {
    url: base,
    urls: { auth: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo`, jwks: `${base}/jwks` },
    tokenCalls,
    setIdentity(next) {
      identity = { email_verified: true, ...next };
    },
    setClaimOverrides(claims, otherKeyToo = false) {
      claimOverrides = claims;
      signWithOtherKey = otherKeyToo;
    },
    setAutoApprove(value) {
      autoApprove = value;
    },
    setDown(value) {
      down = value;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startGoogleFake({
    port: Number(process.env.GOOGLE_FAKE_PORT ?? 0),
    clientId: process.env.GOOGLE_FAKE_CLIENT_ID ?? "fake-client-id",
    clientSecret: process.env.GOOGLE_FAKE_CLIENT_SECRET ?? "fake-client-secret",
  });
  console.log(`Google fake listening on ${fake.url}`);
}
