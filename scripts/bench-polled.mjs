// Issue 43 §5: the polled reads, each beside its limit (bench-limit.mjs) and the Express peer
// (bench-peer.mjs), in alternated rounds: a neighbour's load on the machine changes every rate by
// a third from one minute to the next, and a read measured right beside its limit meets the same
// spell. Each figure is the median of the rounds.
import { startLimitServer } from "./bench-limit.mjs";
import { startPeerServer } from "./bench-peer.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The run of median rate among `runs` (its latencies and counts stay its own). */
function medianRun(runs) {
  if (runs.some((r) => r === undefined)) return undefined; // not selected (BENCH_ONLY)
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor(sorted.length / 2)];
  const cpus = runs.map((r) => r.cpuUs).filter((v) => v !== undefined);
  const cpuUs = cpus.length ? median(cpus) : undefined;
  // A line any of whose rounds answered nothing but errors is reported as such.
  return { ...middle, cpuUs, ok: Math.min(...runs.map((r) => r.ok)) };
}

/**
 * One measured line as the bench prints it: name, rate, the server's and the bench's CPU per
 * answer, and the answers' size.
 */
export const describeLine = (line) =>
  `${line.name}: ${line.rps}/s, ${line.cpuUs ?? "?"} µs CPU per answer (bench ${line.clientUs} µs), ${line.bytes} bytes`;

/** Prints one round's line as it is measured: a slow first round or a spell of load shows here. */
function say(round, who, line) {
  if (line) console.log(`  round ${round + 1} ${who} ${describeLine(line)}`);
  return line;
}

/**
 * The polled reads on a server measured without its limit (the other database modes): the same
 * rounds in the same order, so that every mode's line is a median of as many warm runs.
 */
export async function polledAlone({ base, pid, reads, rounds, run }) {
  const runs = reads.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, read] of reads.entries())
      runs[i].push(say(round, "product", await run(base, read.name, read.request, pid)));
  }
  return runs.map(medianRun);
}

/**
 * Runs each of `reads` ({ name, prefix, request(i) }) against the product at `base` (process
 * `pid`), its limit and the peer, `rounds` times in turn. `peerReadsFor(peerUsers)` gives the same
 * reads signed in to the peer; `run(base, name, request, pid)` is one autocannon line.
 * Resolves with the median line of each: `results` (the product's), `limits` (with `ratio`, the
 * median of the rounds' product/limit rates) and `peers` (with `timesPeer`, likewise).
 */
export async function polledBesideLimit({ base, pid, reads, peerReadsFor, databaseUrl, heavyUsers, rounds, run }) {
  const limit = await startLimitServer(base, reads);
  let peer;
  try {
    peer = await startPeerServer(databaseUrl, heavyUsers);
    const peerReads = peerReadsFor(peer.users);
    const lines = reads.map(() => ({ product: [], limit: [], peer: [] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, read] of reads.entries()) {
        lines[i].product.push(say(round, "product", await run(base, read.name, read.request, pid)));
        lines[i].limit.push(say(round, "limit", await run(limit.base, read.name, read.request, limit.pid)));
        lines[i].peer.push(say(round, "peer", await run(peer.base, read.name, peerReads[i].request, peer.pid)));
      }
    }
    const ratios = (line, of) => median(line.product.map((r, n) => r.rps / of[n].rps));
    return {
      results: lines.map((line) => medianRun(line.product)),
      limits: lines.map((line) => ({ ...medianRun(line.limit), ratio: ratios(line, line.limit) })),
      peers: lines.map((line) => ({ ...medianRun(line.peer), timesPeer: ratios(line, line.peer) })),
    };
  } finally {
    limit.stop();
    peer?.stop();
  }
}
