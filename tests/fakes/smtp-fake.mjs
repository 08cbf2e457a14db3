/**
 * A real SMTP server for the tests (smtp-server), which parses what it receives (mailparser) and
 * keeps it, for Vitest and for Playwright (run standalone: `node tests/fakes/smtp-fake.mjs`).
 * The product talks to it over SMTP as it would to any mail server (decision 0085).
 *
 * SMTP:  plain (no STARTTLS), any or no login. A recipient containing "reject" is refused with
 *        550; while `failNext` is above zero, the next messages are answered 451 (try later).
 * HTTP:  GET /messages?to=<address> -> the kept messages to that address (all without `to`),
 *        newest last; DELETE /messages forgets them; GET /healthz -> 200.
 *
 * Standalone environment: SMTP_FAKE_PORT (default 2525), SMTP_FAKE_HTTP_PORT (default 2580),
 * SMTP_FAKE_HOST (127.0.0.1).
 */
import http from "node:http";
import { pathToFileURL } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * @typedef {{
 *   from: string, to: string[], subject: string, html: string, text: string,
 *   headers: Record<string, string>, raw: string, receivedAt: string
 * }} ReceivedMail
 */

/** @param {import("mailparser").AddressObject | import("mailparser").AddressObject[] | undefined} a */
const addresses = (a) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? "").toLowerCase()));

/**
 * Starts the fake. `port` 0 picks a free port.
 * @param {{ port?: number, host?: string }} [options]
 */
export async function startSmtpFake(options = {}) {
  /** @type {ReceivedMail[]} */
  const received = [];
  /** @type {((mail: ReceivedMail) => void)[]} */
  let waiters = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "anyone" });
    },
    onRcptTo(address, _session, callback) {
      if (address.address.includes("reject")) {
        const err = /** @type {Error & { responseCode?: number }} */ (new Error("No such mailbox"));
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks = /** @type {Buffer[]} */ ([]);
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        if (state.failNext > 0) {
          state.failNext--;
          const err = /** @type {Error & { responseCode?: number }} */ (new Error("Try again later"));
          err.responseCode = 451;
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw).then(
          (parsed) => {
            /** @type {Record<string, string>} */
            const headers = {};
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
            const mail = {
              from: addresses(parsed.from)[0] ?? "",
              to: addresses(parsed.to),
              subject: parsed.subject ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              text: parsed.text ?? "",
              headers,
              raw,
              receivedAt: new Date().toISOString(),
            };
            received.push(mail);
            const ready = waiters;
            waiters = [];
            for (const wake of ready) wake(mail);
            callback();
          },
          (err) => callback(err),
        );
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.server.address());
  return {
    port: address.port,
    /** SMTP_URL for the product. */
    url: `smtp://${host}:${address.port}`,
    received,
    state,
    /** Mail to this address (lower case), oldest first. */
    to: (/** @type {string} */ to) => received.filter((m) => m.to.includes(to.toLowerCase())),
    /**
     * Waits until a message to `to` matching `match` has arrived (at most `timeoutMs`).
     * @param {string} to
     * @param {(mail: ReceivedMail) => boolean} [match]
     * @param {number} [timeoutMs]
     * @returns {Promise<ReceivedMail>}
     */
    waitFor(to, match = () => true, timeoutMs = 15_000) {
      const want = (/** @type {ReceivedMail} */ m) => m.to.includes(to.toLowerCase()) && match(m);
      const found = received.find(want);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        const check = (/** @type {ReceivedMail} */ mail) => {
          if (want(mail)) {
            clearTimeout(timer);
            resolve(mail);
          } else waiters.push(check);
        };
        waiters.push(check);
      });
    },
    clear: () => {
      received.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** The standalone fake: SMTP plus a small HTTP API for browser tests to read what arrived. */
async function main() {
  const host = process.env.SMTP_FAKE_HOST ?? "127.0.0.1";
  const fake = await startSmtpFake({ port: Number(process.env.SMTP_FAKE_PORT ?? 2525), host });
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/healthz") return res.end("ok");
    if (url.pathname === "/messages" && req.method === "DELETE") {
      fake.clear();
      return res.end("[]");
    }
    if (url.pathname === "/messages" && req.method === "GET") {
      const to = url.searchParams.get("to");
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify(to ? fake.to(to) : fake.received));
    }
    res.statusCode = 404;
    res.end();
  });
  api.listen(Number(process.env.SMTP_FAKE_HTTP_PORT ?? 2580), host);
  console.log(`SMTP fake: smtp on ${fake.url}, messages on http://${host}:${process.env.SMTP_FAKE_HTTP_PORT ?? 2580}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
