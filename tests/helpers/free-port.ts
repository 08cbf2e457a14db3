import net from "node:net";

/**
 * A port for a server started later by another process. Taken below Linux's ephemeral range
 * (32768-60999), where the OS never hands out ports on its own: a port from listen(0) could be
 * given to another test's listen(0) or outgoing connection before the child binds it, and the
 * child's health check would then reach someone else's server.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
