// `npm start`: builds when dist/ is missing or older than the sources, then runs the server.
// On a Node older than the product supports, it runs again on the registry's Node 24 (decision 0125):
// what it imports beyond that check is imported once it runs on a supported Node.
import { onSupportedNode } from "./supported-node.mjs";

await onSupportedNode();
const { build, isBuildFresh } = await import("./build.mjs");
if (!isBuildFresh()) await build();
await import("../dist/node/server/main.js");
