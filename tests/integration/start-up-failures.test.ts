/**
 * Every way start-up can fail ends with one or two lines saying what is wrong and what to do, and
 * exit code 1; the stack trace only at LOG_LEVEL=debug (issue 65 §4, decision 0127). Each case
 * starts the real server and reads what it wrote. A Node the product does not support, on a
 * platform the registry has none for, is tests/unit/supported-node.test.ts's.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.js";
import { launchServer, type LaunchedServer } from "../helpers/server-process.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-start-fails-"));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const servers: LaunchedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

let folders = 0;
const newDataDir = () => path.join(scratch, `data-${++folders}`);

/** Starts the server as given and waits for it to end; its exit and what it wrote to stderr. */
async function failedStart(
  env: Record<string, string>,
  options: Parameters<typeof launchServer>[1] = {},
): Promise<{ code: number | string; said: string; output: string }> {
  const server = await launchServer(env, options);
  servers.push(server);
  const code = await server.exited;
  return { code, said: server.stderr().trim(), output: server.output() };
}

/** One or two lines, no stack trace. */
function expectShort(said: string): void {
  expect(said.split("\n").length, said).toBeLessThanOrEqual(2);
  expect(said).not.toMatch(/^\s+at /m);
  expect(said).not.toContain("Error:");
}

const TIMEOUT = { timeout: 300_000 };

describe("a start-up that cannot go on", () => {
  it("names the bad setting", TIMEOUT, async () => {
    const { code, said } = await failedStart({ PORT: "not-a-port", DATA_DIR: newDataDir() });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toBe("Invalid configuration:\n  PORT: must be a number");
  });

  it("says the port is taken, before starting any database", TIMEOUT, async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    try {
      const dataDir = newDataDir();
      const { code, said } = await failedStart({ DATA_DIR: dataDir }, { port });
      expect(code).toBe(1);
      expectShort(said);
      expect(said).toBe(
        `Port ${port} is in use by another program on 127.0.0.1: stop that program, or set PORT to a free port.`,
      );
      expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
    } finally {
      holder.close();
    }
  });

  it("says HOST is not this machine's", TIMEOUT, async () => {
    // 192.0.2.0/24 is for documentation: no machine has it.
    const { code, said } = await failedStart({ DATA_DIR: newDataDir(), HOST: "192.0.2.77" });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toContain("HOST 192.0.2.77 is not an address of this machine");
  });

  it("refuses a second server on the same folder, and the first serves on", TIMEOUT, async () => {
    const dataDir = newDataDir();
    const first = await launchServer({ DATA_DIR: dataDir });
    servers.push(first);
    await first.healthy();
    const { code, said } = await failedStart({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toBe(
      `Another server (process ${first.child.pid}) runs on ${dataDir}: stop it first, or give this one another DATA_DIR.`,
    );
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it("says why the embedded PostgreSQL did not start, and where its log is", TIMEOUT, async () => {
    const dataDir = newDataDir();
    const first = await launchServer({ DATA_DIR: dataDir });
    servers.push(first);
    await first.healthy();
    await first.stop();
    // A setting PostgreSQL cannot take, as a hand edit might leave.
    fs.appendFileSync(path.join(dataDir, "postgres", "postgresql.conf"), "shared_buffers = 'plenty'\n");
    const { code, said } = await failedStart({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toMatch(
      new RegExp(
        `^The embedded PostgreSQL in ${dataDir}/postgres did not start: invalid value for parameter "shared_buffers": "plenty"; configuration file .* contains errors\\. More in `,
      ),
    );
  });

  it("says the database cannot be reached, without its password; where, at LOG_LEVEL=debug", TIMEOUT, async () => {
    const closed = await freePort();
    const env = { DATA_DIR: newDataDir(), DATABASE_URL: `postgres://veo:hunter2-secret@127.0.0.1:${closed}/veo` };
    const { code, said } = await failedStart(env);
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toBe(
      `Cannot reach the database at 127.0.0.1:${closed} (connection refused): check DATABASE_URL, and that PostgreSQL runs there and accepts connections.`,
    );
    const debug = await failedStart({ ...env, LOG_LEVEL: "debug" });
    expect(debug.code).toBe(1);
    expect(debug.said).toMatch(/^\s+at /m);
    expect(debug.output).not.toContain("hunter2-secret");
  });

  it.runIf(process.env.TEST_DATABASE_URL)("says the database named does not exist", TIMEOUT, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/no_such_database_here";
    const { code, said } = await failedStart({ DATA_DIR: newDataDir(), DATABASE_URL: url.href });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toContain(`There is no database no_such_database_here at ${url.hostname}:${url.port || 5432}`);
  });

  it("says DATA_DIR cannot be written, and what to do", TIMEOUT, async () => {
    // A file where the folder should be: refused to root too.
    const file = path.join(scratch, "a-file");
    fs.writeFileSync(file, "");
    const dataDir = path.join(file, "data");
    const { code, said } = await failedStart({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toBe(
      `Cannot write ${dataDir} (a file is where a folder should be).\nDATA_DIR (${dataDir}) must be a folder this user may write: give it to this user, or set DATA_DIR to another folder.`,
    );
  });

  it("says a folder closed to this user cannot be written", TIMEOUT, async () => {
    const closed = path.join(scratch, "closed");
    fs.mkdirSync(closed, { mode: 0o555 });
    fs.chmodSync(closed, 0o555);
    const dataDir = path.join(closed, "data");
    // Root may write anywhere: the server then runs as `nobody`.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const { code, said } = await failedStart({ DATA_DIR: dataDir, HOME: scratch }, asNobody);
    expect(code).toBe(1);
    expectShort(said);
    expect(said).toContain(`Cannot write ${dataDir} (permission denied).`);
  });
});
