/**
 * A local HTTP server whose next answer each test scripts (a status and raw body, or none at all),
 * recording every request: for the outside-service clients' unit tests, which check what a client
 * sends and how it reads answers the fakes never give (5xx, unreadable bodies, no answer in time).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A status and raw body, or "hang": never answers, so the client's timeout must fire. */
type ScriptedAnswer = { status: number; body: string } | "hang";

export interface ScriptedServer {
  readonly baseUrl: string;
  /** Every request so far (clear it with `seen.length = 0`). */
  readonly seen: SeenRequest[];
  /** What the next request gets. */
  answer: ScriptedAnswer;
  /** Answers `status` with `body` (JSON-encoded unless already a string). */
  reply(status: number, body: unknown): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("latin1")));
    req.on("end", () => {
      scripted.seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const { answer } = scripted;
      if (answer === "hang") return;
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const scripted: ScriptedServer = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: [],
    answer: { status: 200, body: "{}" },
    reply(status, body) {
      this.answer = { status, body: typeof body === "string" ? body : JSON.stringify(body) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return scripted;
}
