// Issue 43 §5: each polled read beside its limit, a bare node:http server in a process of its own
// answering the same bytes from memory (bench-limit-server.mjs), under the same load.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChildServer } from "./bench-child.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `reads`: { prefix, request(i) } as the bench runs them against `base`. Captures one answer of
 * each and starts the bare server that answers them; resolves with its base URL, pid and stop().
 */
export async function startLimitServer(base, reads) {
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
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-limit-"));
  const file = path.join(folder, "answers.json");
  fs.writeFileSync(file, JSON.stringify(answers));
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const server = await startChildServer(path.join(here, "bench-limit-server.mjs"), [file], "the limit server");
    return {
      ...server,
      stop: () => {
        server.stop();
        removeFolder();
      },
    };
  } catch (err) {
    removeFolder();
    throw err;
  }
}
