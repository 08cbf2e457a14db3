// `npm start`: builds when dist/ is missing or older than the sources, then runs the server.
import { build, isBuildFresh } from "./build.mjs";
import { requireSupportedNode } from "./supported-node.mjs";

requireSupportedNode();

if (!isBuildFresh()) await build();
await import("../dist/node/server/main.js");
