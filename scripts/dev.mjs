// `npm run dev`: Vite with hot reload on PORT (default 3000), proxying /api to the API server,
// which tsx restarts on every change, on DEV_API_PORT (default PORT + 1).
import { spawn } from "node:child_process";
import { onSupportedNode } from "./supported-node.mjs";

await onSupportedNode();

const port = Number(process.env.PORT ?? 3000);
const apiPort = String(process.env.DEV_API_PORT ?? port + 1);
const env = { ...process.env, PORT: String(port), DEV_API_PORT: apiPort };

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: apiPort, HOST: "127.0.0.1", PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
