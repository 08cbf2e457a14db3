/**
 * The real server as a separate OS process (`node --import tsx src/server/main.ts`), for tests
 * that need several processes on one database or read what start-up says, plus a cookie-keeping
 * fetch client for it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./test-app.js";
import type { Json } from "./sse-client.js";
import { sleep } from "./video-app.js";

export interface ServerProcess {
  url: string;
  /** What the process wrote to stderr, for failure messages. */
  stderr(): string;
  stop(): Promise<void>;
}

/** A server process as started, before it is known to answer (or when it is meant not to). */
export interface LaunchedServer extends ServerProcess {
  child: ChildProcess;
  /** What the process wrote to stdout and stderr, in the order it came. */
  output(): string;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  /** Resolves once /healthz answers 200; throws when the process exits or does not answer. */
  healthy(): Promise<void>;
}

export interface LaunchOptions {
  port?: number;
  /** The Node and its arguments: by default this Node running the sources through tsx. */
  command?: string;
  args?: string[];
  /** Run as this user (the test runs as root). */
  uid?: number;
  gid?: number;
}

/** Starts the server (by default `node --import tsx src/server/main.ts`) with `env` and little else. */
export async function launchServer(env: Record<string, string>, options: LaunchOptions = {}): Promise<LaunchedServer> {
  const listenPort = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  let errors = "";
  let output = "";
  const child: ChildProcess = spawn(
    options.command ?? process.execPath,
    options.args ?? ["--import", "tsx", "src/server/main.ts"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: String(listenPort),
        PUBLIC_URL: url,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      uid: options.uid,
      gid: options.gid,
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? 1)),
  );
  return {
    child,
    url,
    exited,
    output: () => output,
    stderr: () => errors,
    async healthy() {
      // Generous: a real server on an empty PGlite folder migrates from nothing, and CI machines are busy.
      const end = Date.now() + 150_000;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${output}`);
        const ok = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > end) {
          child.kill("SIGKILL");
          throw new Error(`the server did not start: ${output}`);
        }
        await sleep(100);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The server started and answering /healthz. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const server = await launchServer(env, { port });
  await server.healthy();
  return server;
}

/**
 * A browser-like client of one session, usable against any process (sessions live in the database):
 * its state-changing calls carry the web app's headers, as Client's do (tests/helpers/test-app.ts).
 */
export class HttpClient {
  cookie: string | undefined;
  webToken: string | undefined;

  async request(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
    const webApp: Record<string, string> =
      method !== "GET" && this.webToken ? { "sec-fetch-site": "same-origin", "x-csrf-token": this.webToken } : {};
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...webApp,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith("sid="));
    if (set) this.cookie = set.split(";")[0];
    const token = res.headers.getSetCookie().find((c) => c.startsWith("csrf="));
    if (token) this.webToken = token.split(";")[0]!.slice("csrf=".length);
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
  }
}
