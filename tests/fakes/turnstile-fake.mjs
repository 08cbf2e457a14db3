/**
 * A local fake of Cloudflare Turnstile over real HTTP, for Vitest and Playwright (run standalone:
 * `node tests/fakes/turnstile-fake.mjs`).
 *
 * Server side: `POST /turnstile/v0/siteverify` as Cloudflare documents it: form-encoded or JSON
 * `secret`, `response`, `remoteip`, `idempotency_key`; the answer is always JSON
 * `{success, "error-codes", challenge_ts, hostname, action, cdata}` with Cloudflare's codes
 * (missing-input-secret, invalid-input-secret, missing-input-response, invalid-input-response,
 * bad-request, timeout-or-duplicate, internal-error). Tokens are made by the tests: one starting
 * with "pass" succeeds once (a second check is timeout-or-duplicate, unless it repeats the first
 * check's idempotency key); "pass.<action>.<anything>" answers that action; anything else is
 * invalid-input-response. `setDown(true)` drops connections; `failNext(n)` answers internal-error.
 *
 * Browser side: `GET /turnstile/v0/api.js` is a stand-in for Cloudflare's script: `turnstile.render`
 * draws a small box in the container and hands the callback a fresh "pass.<action>.<random>" token
 * at once (as a non-interactive widget does); reset, remove and getResponse as Cloudflare's.
 * `GET /verifications` lists the checks made (JSON), `GET /healthz` answers 200.
 *
 * Standalone environment: TURNSTILE_FAKE_PORT (default 4030), TURNSTILE_FAKE_HOST (127.0.0.1),
 * TURNSTILE_FAKE_SECRET (the secret it accepts; default: any).
 */
import http from "node:http";

/** The stand-in widget script (plain browser JavaScript). */
const WIDGET_SCRIPT = `(() => {
  const widgets = new Map();
  let next = 0;
  const token = (action) => "pass." + (action || "") + "." + Math.random().toString(36).slice(2) + Date.now().toString(36);
  function issue(id) {
    const w = widgets.get(id);
    if (!w) return;
    w.token = token(w.options.action);
    w.box.textContent = "Stand-in check passed";
    if (typeof w.options.callback === "function") w.options.callback(w.token);
  }
  window.turnstile = {
    render(container, options) {
      const element = typeof container === "string" ? document.querySelector(container) : container;
      const id = "stand-in-" + ++next;
      const box = document.createElement("div");
      box.setAttribute("data-turnstile-stand-in", options.sitekey || "");
      element.appendChild(box);
      widgets.set(id, { options, box, token: undefined });
      setTimeout(() => issue(id), 0);
      return id;
    },
    reset(id) {
      const w = widgets.get(id);
      if (!w) return;
      w.token = undefined;
      setTimeout(() => issue(id), 0);
    },
    remove(id) {
      const w = widgets.get(id);
      if (w) w.box.remove();
      widgets.delete(id);
    },
    getResponse(id) {
      return widgets.get(id)?.token;
    },
    isExpired() {
      return false;
    },
  };
})();
`;

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
const sendJson = (res, status, body) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/** @param {import("./turnstile-fake.d.mts").TurnstileFakeOptions} [options] */
export async function startTurnstileFake(options = {}) {
  /** @type {import("./turnstile-fake.d.mts").Verification[]} */
  const verifications = [];
  /** Tokens already verified, with the idempotency key of their first check. @type {Map<string, string>} */
  const spent = new Map();
  let down = false;
  let failures = 0;
  let secret = options.secret;

  /** @param {Record<string, string>} fields */
  function verdict(fields) {
    const fail = (/** @type {string[]} */ codes) => ({ success: false, "error-codes": codes, messages: [] });
    if (!fields.secret) return fail(["missing-input-secret"]);
    if (secret !== undefined && fields.secret !== secret) return fail(["invalid-input-secret"]);
    const token = fields.response;
    if (!token) return fail(["missing-input-response"]);
    if (token.length > 2048 || !token.startsWith("pass")) return fail(["invalid-input-response"]);
    const firstKey = spent.get(token);
    const key = fields.idempotency_key ?? "";
    if (firstKey !== undefined && (firstKey === "" || firstKey !== key)) return fail(["timeout-or-duplicate"]);
    spent.set(token, key);
    const action = token.split(".")[1] ?? "";
    return {
      success: true,
      "error-codes": [],
      challenge_ts: new Date().toISOString(),
      hostname: options.hostname ?? "localhost",
      action,
      cdata: "",
      metadata: { interactive: false },
    };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/healthz") return sendJson(res, 200, { ok: true });
    if (req.method === "GET" && url.pathname === "/verifications") return sendJson(res, 200, verifications);
    if (req.method === "GET" && url.pathname === "/turnstile/v0/api.js") {
      return res.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(WIDGET_SCRIPT);
    }
    if (url.pathname !== "/turnstile/v0/siteverify") return sendJson(res, 404, { error: "not found" });
    if (req.method !== "POST") return sendJson(res, 405, { success: false, "error-codes": ["bad-request"] });
    const raw = await readBody(req);
    if (down) return req.socket.destroy();
    /** @type {Record<string, string>} */
    let fields;
    try {
      fields = (req.headers["content-type"] ?? "").includes("application/json")
        ? JSON.parse(raw)
        : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      return sendJson(res, 400, { success: false, "error-codes": ["bad-request"] });
    }
    const record = {
      secret: fields.secret ?? "",
      response: fields.response ?? "",
      remoteip: fields.remoteip,
      idempotencyKey: fields.idempotency_key,
      success: false,
    };
    verifications.push(record);
    if (failures > 0) {
      failures--;
      return sendJson(res, 200, { success: false, "error-codes": ["internal-error"] });
    }
    const answer = verdict(fields);
    record.success = answer.success;
    sendJson(res, 200, answer);
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://${host}:${port}`;

  return {
    url,
    verifyUrl: `${url}/turnstile/v0/siteverify`,
    scriptUrl: `${url}/turnstile/v0/api.js`,
    verifications,
    setSecret(value) {
      secret = value;
    },
    setDown(value) {
      down = value;
    },
    failNext(times) {
      failures += times;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startTurnstileFake({
    port: Number(process.env.TURNSTILE_FAKE_PORT ?? 4030),
    host: process.env.TURNSTILE_FAKE_HOST ?? "127.0.0.1",
    secret: process.env.TURNSTILE_FAKE_SECRET || undefined,
  });
  console.log(`Turnstile fake listening on ${fake.url}`);
}
