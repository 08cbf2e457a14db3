// The limit a polled read is measured against (issue 43 §5): a bare node:http server answering,
// from memory, the very bytes the product answered for that read. Run by bench-limit.mjs in a
// process of its own; argv[2] is a JSON file of { prefix, status, contentType, body (base64) }.
import fs from "node:fs";
import http from "node:http";

const answers = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).map((a) => ({
  ...a,
  body: Buffer.from(a.body, "base64"),
}));
const server = http.createServer((req, res) => {
  const answer = answers.find((a) => req.url.startsWith(a.prefix));
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, { "content-type": answer.contentType, "content-length": answer.body.length });
  res.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
