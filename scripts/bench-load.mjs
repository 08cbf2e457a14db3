// One bench line's load (scripts/bench.mjs `run`), in a worker thread of its own so that each line
// starts on a fresh heap. autocannon keeps every answer's body as a string; in one long-lived
// process, collecting them grew dearer line after line, until the load generator rather than the
// server set the rate of a line of large answers (docs/benchmarks.md, 2026-11-28).
import { parentPort, workerData } from "node:worker_threads";
import autocannon from "autocannon";

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
