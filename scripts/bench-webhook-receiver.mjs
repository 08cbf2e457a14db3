// The webhook receiver of the "Webhooks" bench section (scripts/bench-webhooks.mjs forks it): a
// node:http server on 127.0.0.1 in a process of its own, so its work does not run on the sender's
// event loop. It answers every POST 200, after `argv[2]` ms (0: at once), and notes when each
// arrived (Date.now() once the body is read: the same clock as the server's completed_at).
// IPC: it sends { port } once listening; "report" answers { arrivals }; "close" ends it.
import http from "node:http";

const delayMs = Number(process.argv[2] ?? 0);
const arrivals = [];

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const at = Date.now();
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      body = undefined;
    }
    arrivals.push({
      at,
      path: req.url,
      webhookId: req.headers["webhook-id"] ?? null,
      signed:
        typeof req.headers["webhook-signature"] === "string" && req.headers["webhook-signature"].startsWith("v1,"),
      type: body?.type ?? null,
      taskId: body?.data?.taskId ?? null,
    });
    const reply = () => {
      if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    };
    if (delayMs > 0) setTimeout(reply, delayMs);
    else reply();
  });
});

server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));

process.on("message", (message) => {
  if (message === "report") process.send({ arrivals });
  if (message === "close") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
