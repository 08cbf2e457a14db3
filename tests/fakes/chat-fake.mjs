/**
 * A local fake of an OpenAI-compatible Chat Completions endpoint (decision 0160), over real HTTP:
 * `POST /v1/chat/completions` with `Authorization: Bearer <key>` and `{model, messages}`. A wrong
 * key gets 401, an unknown model 404, a body without messages 400, each in OpenAI's error shape.
 * An accepted request is recorded and answered with `choices[0].message.content`: by default a
 * prompt made from the user message, or what `answerNext` queued. `answerNext` can also queue a
 * status, a hang (no answer), a huge body, a body that is not JSON, or content as parts.
 * Run standalone with `node tests/fakes/chat-fake.mjs` (CHAT_FAKE_PORT, CHAT_FAKE_KEY, CHAT_FAKE_MODEL).
 */
import http from "node:http";

/** @param {import("./chat-fake.d.mts").ChatFakeOptions} options */
export async function startChatFake(options) {
  /** @type {import("./chat-fake.d.mts").ChatRequest[]} */
  const requests = [];
  /** @type {import("./chat-fake.d.mts").ChatAnswer[]} */
  const queued = [];
  let calls = 0;

  const reply = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res, status, message, type) => reply(res, status, { error: { message, type, code: null } });
  const completion = (model, content) => ({
    id: `chatcmpl-${calls}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  });

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      if (path !== "/v1/chat/completions" || req.method !== "POST")
        return error(res, 404, "Not found", "invalid_request_error");
      calls++;
      const auth = req.headers.authorization ?? "";
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        return error(res, 400, "We could not parse the JSON body of your request.", "invalid_request_error");
      }
      requests.push({ authorization: auth, contentType: req.headers["content-type"] ?? "", body });
      const next = queued.shift();
      if (next?.kind === "hang") return; // never answers: the client's time limit must end it
      if (auth !== `Bearer ${options.key}`)
        return error(res, 401, "Incorrect API key provided.", "invalid_request_error");
      if (body.model !== options.model)
        return error(res, 404, `The model \`${body.model}\` does not exist.`, "invalid_request_error");
      if (!Array.isArray(body.messages) || body.messages.length === 0)
        return error(res, 400, "'messages' is a required property", "invalid_request_error");
      if (next?.kind === "status") return error(res, next.status, "The server had an error.", "server_error");
      if (next?.kind === "huge") {
        // An answer that never stops growing: well past any limit a client should read.
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"choices":[{"message":{"role":"assistant","content":"');
        const block = "A".repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < next.bytes) {
            sent += block.length;
            if (!res.write(block)) return res.once("drain", more);
          }
          res.end('"}}]}');
        };
        return more();
      }
      if (next?.kind === "not-json") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html>Bad gateway</html>");
      }
      if (next?.kind === "parts")
        return reply(
          res,
          200,
          completion(
            body.model,
            next.parts.map((text) => ({ type: "text", text })),
          ),
        );
      const user = body.messages.find((m) => m.role === "user")?.content ?? "";
      const content =
        next?.kind === "text" ? next.content : `${user}. Camera: slow dolly-in. Lighting: golden hour. SFX: soft wind.`;
      reply(res, 200, completion(body.model, content));
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://${host}:${port}`,
    baseUrl: `http://${host}:${port}/v1`,
    requests,
    get calls() {
      return calls;
    },
    answerNext(answer) {
      queued.push(answer);
    },
    reset() {
      requests.length = 0;
      queued.length = 0;
      calls = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startChatFake({
    port: Number(process.env.CHAT_FAKE_PORT ?? 0),
    key: process.env.CHAT_FAKE_KEY ?? "sk-fake",
    model: process.env.CHAT_FAKE_MODEL ?? "fake-model",
  });
  console.log(`Chat fake listening on ${fake.baseUrl}`);
}
