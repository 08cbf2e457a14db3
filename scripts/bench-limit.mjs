// Issue 43 §5: each polled read beside its limit, a bare node:http server in a process of its own
// answering the same bytes from memory (bench-limit-server.mjs), under the same load.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChildServer } from "./bench-child.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `reads`: { name, prefix, request(i) } as the bench runs them against `base`. Captures one answer
 * of each, serves them bare, and runs `run(limitBase, name, request, pid)` for each against the bare server.
 */
export async function limitRuns(base, reads, run) {
  const answers = [];
  for (const read of reads) {
    const { path: url, headers } = read.request(0);
    const res = await fetch(`${base}${url}`, { headers });
    answers.push({
      prefix: read.prefix,
      status: res.status,
      contentType: res.headers.get("content-type") ?? "application/json",
      body: Buffer.from(await res.arrayBuffer()).toString("base64"),
    });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-limit-")), "answers.json");
  fs.writeFileSync(file, JSON.stringify(answers));
  let server;
  try {
    server = await startChildServer(path.join(here, "bench-limit-server.mjs"), [file], "the limit server");
    const results = [];
    for (const read of reads) results.push(await run(server.base, read.name, read.request, server.pid));
    return results;
  } finally {
    server?.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
