/**
 * A local fake of the Telegram Bot API's sendMessage, over real
 * HTTP: `POST /bot{token}/sendMessage` with a JSON or form body. Unknown tokens get 401, unknown
 * chats 400 'chat not found'; accepted messages are recorded. `failNext` makes the next calls
 * answer 500 (or 429 with retry_after) to exercise retries; `down` refuses every call.
 * Run standalone with `node tests/fakes/telegram-fake.mjs` (TELEGRAM_FAKE_PORT, _TOKENS, _CHATS).
 */
import http from "node:http";

/** @param {import("./telegram-fake.d.mts").TelegramFakeOptions} options */
export async function startTelegramFake(options) {
  const tokens = new Set(options.tokens);
  const chats = new Set(options.chats.map(String));
  /** @type {import("./telegram-fake.d.mts").TelegramMessage[]} */
  const messages = [];
  /** @type {{ status: number; retryAfter?: number }[]} */
  const failures = [];
  let calls = 0;
  let down = false;
  let nextMessageId = 1;

  const reply = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res, status, description, parameters) =>
    reply(res, status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(new URL(req.url ?? "/", "http://fake").pathname);
      if (!match || (req.method !== "POST" && req.method !== "GET")) return error(res, 404, "Not Found");
      calls++;
      if (down) return req.socket.destroy();
      const failure = failures.shift();
      if (failure) {
        if (failure.status === 429)
          return error(res, 429, `Too Many Requests: retry after ${failure.retryAfter ?? 1}`, {
            retry_after: failure.retryAfter ?? 1,
          });
        return error(res, failure.status, "Internal Server Error");
      }
      const token = decodeURIComponent(match[1]);
      if (!tokens.has(token)) return error(res, 401, "Unauthorized");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body;
      if ((req.headers["content-type"] ?? "").includes("application/json")) {
        try {
          body = JSON.parse(raw || "{}");
        } catch {
          return error(res, 400, "Bad Request: can't parse JSON");
        }
      } else {
        body = Object.fromEntries(new URLSearchParams(raw));
      }
      const chatId = body.chat_id === undefined ? "" : String(body.chat_id);
      const text = typeof body.text === "string" ? body.text : "";
      if (!chats.has(chatId)) return error(res, 400, "Bad Request: chat not found");
      if (!text.trim()) return error(res, 400, "Bad Request: message text is empty");
      const message = { token, chatId, text, parseMode: body.parse_mode };
      messages.push(message);
      const id = nextMessageId++;
      reply(res, 200, {
        ok: true,
        result: { message_id: id, chat: { id: chatId, type: "private" }, date: Math.floor(Date.now() / 1000), text },
      });
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://${host}:${port}`,
    messages,
    get calls() {
      return calls;
    },
    failNext(times, status = 500, retryAfter) {
      for (let i = 0; i < times; i++) failures.push({ status, retryAfter });
    },
    setDown(value) {
      down = value;
    },
    reset() {
      messages.length = 0;
      failures.length = 0;
      calls = 0;
      down = false;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startTelegramFake({
    port: Number(process.env.TELEGRAM_FAKE_PORT ?? 0),
    tokens: (process.env.TELEGRAM_FAKE_TOKENS ?? "").split(",").filter(Boolean),
    chats: (process.env.TELEGRAM_FAKE_CHATS ?? "").split(",").filter(Boolean),
  });
  console.log(`Telegram fake listening on ${fake.url}`);
}
