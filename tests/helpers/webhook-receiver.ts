/** A local HTTP receiver for webhook tests: records every request; its answer can be changed at any time. */
import http from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How the next requests are answered: a status, optionally after a delay, optionally with a Location. */
  answer: { status: number; delayMs?: number; location?: string };
  close(): Promise<void>;
}

export async function startWebhookReceiver(host = "127.0.0.1"): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = { received, answer: { status: 200 } } as WebhookReceiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "/",
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      });
      const { status, delayMs, location } = receiver.answer;
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(status, location ? { location } : {});
        res.end("ok");
      };
      if (delayMs) setTimeout(reply, delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://${host}:${port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
