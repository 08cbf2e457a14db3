/**
 * A TCP proxy in front of PostgreSQL that a test can cut and restore: the database "goes away"
 * for the app behind it (every open connection dropped, new ones closed at once) while the server
 * itself, and the other tests on it, carry on. `cut("silent")` is a network that drops packets
 * instead: new connections are taken and never answered, as a database host that went dark.
 * `delayNext` makes one connection slow to open while the database itself is fine; `delayEach`
 * makes them all slow, as a loaded database.
 */
import net from "node:net";
import { openPostgres, type Database } from "../../src/server/db/connect.js";
import { createTestDatabase } from "./test-db.js";

export interface CuttableProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /** "refuse" (the default): new connections closed at once; "silent": held open, never answered. */
  cut(mode?: "refuse" | "silent"): void;
  restore(): void;
  /** The next new connection reaches the database only after `ms` (the ones after it at once): a slow connection. */
  delayNext(ms: number): void;
  /** Every new connection reaches the database only after `ms` (0: at once): a slow, loaded database. */
  delayEach(ms: number): void;
  close(): Promise<void>;
}

async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const open = new Set<net.Socket>();
  let isCut: false | "refuse" | "silent" = false;
  const held = new Set<net.Socket>();
  let delayNextMs = 0;
  let delayEachMs = 0;
  const server = net.createServer((client) => {
    if (isCut === "refuse") {
      client.destroy();
      return;
    }
    if (isCut === "silent") {
      held.add(client);
      client.on("error", () => {});
      client.on("close", () => held.delete(client));
      return;
    }
    const forward = () => {
      if (client.destroyed) return;
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on("close", () => open.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    };
    const delay = delayNextMs || delayEachMs;
    delayNextMs = 0;
    if (!delay) return forward();
    // What the client sends meanwhile waits in its socket until it is piped.
    held.add(client);
    client.on("error", () => {});
    client.on("close", () => held.delete(client));
    setTimeout(() => {
      held.delete(client);
      forward();
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    cut(mode = "refuse") {
      isCut = mode;
      for (const socket of open) socket.destroy();
    },
    restore() {
      isCut = false;
    },
    delayNext(ms) {
      delayNextMs = ms;
    },
    delayEach(ms) {
      delayEachMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...open, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A fresh test database (PostgreSQL pass) reached through a cuttable proxy, with a pool of four that
 * gives up quickly, as a production pool would under a dead server. `close` ends it all.
 */
export async function proxiedTestDatabase(): Promise<{
  database: Database;
  /** The same database reached directly, as another process that the cut does not touch. */
  direct: Database;
  proxy: CuttableProxy;
  /** Another pool through the same proxy, closed by the caller. */
  openAnother(): Promise<Database>;
  close(): Promise<void>;
}> {
  const base = await createTestDatabase();
  const target = new URL(base.url!);
  const proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const openAnother = () => openPostgres(proxy.urlFor(base.url!), 4);
  const database = await openAnother();
  return {
    database,
    direct: base,
    proxy,
    openAnother,
    close: async () => {
      await database.close();
      await proxy.close();
      await base.close();
    },
  };
}
