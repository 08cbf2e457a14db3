// One bench load (autocannon), in a worker thread of its own so that each starts on a fresh heap.
// autocannon keeps every answer's body as a string; in one long-lived process, collecting them grew
// dearer line after line, until the load generator rather than the server set the rate of a line of
// large answers (docs/benchmarks.md, 2026-11-28). scripts/bench.mjs runs each line through
// `loadInWorker`, and the several-processes section one per server.
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import autocannon from "autocannon";

/**
 * A load's requests are built before it runs, then sent in turn: this many, a multiple of the
 * seeded users (20 heavy, 200 light) and of each heavy user's 150 tasks, so that each user and
 * task comes round as often as when every request was built as it went.
 */
const LOAD_REQUESTS = 12_000;

/**
 * `connections` keep-alive connections to `url` for `duration` seconds, sending `request(0)`,
 * `request(1)`, ... in turn (method, path, headers, body). Answers the rate, p50 and p99 in ms, the
 * 2xx and other answers, and the answers' count and bytes (headers included).
 */
export async function loadInWorker({ url, connections, duration, request }) {
  const requests = Array.from({ length: LOAD_REQUESTS }, (_, i) => request(i));
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, connections, duration, requests } });
  try {
    return await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the load generator for ${url} exited (${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

if (!isMainThread) {
  const { url, connections, duration, requests } = workerData;
  const options = { url, connections, duration };
  let i = 0;
  autocannon(
    { ...options, requests: [{ setupRequest: (req) => ({ ...req, ...requests[i++ % requests.length] }) }] },
    (err, raw) => {
      if (err) throw err;
      // In a worker thread autocannon answers its raw counts, for its own workers to add up: the
      // latencies are decoded here, the rate is the answers over the run's length.
      const { latency } = autocannon.aggregateResult([raw], options);
      parentPort.postMessage({
        rps: Math.round(raw.totalCompletedRequests / raw.duration),
        p50: latency.p50,
        p99: latency.p99,
        ok: raw["2xx"],
        other: raw.non2xx + raw.errors + raw.timeouts,
        answers: raw.totalCompletedRequests,
        bytes: raw.totalBytes,
      });
    },
  );
}
