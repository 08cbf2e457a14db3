/**
 * Run by openPglite in a process of its own (decision 0104): creates and migrates the PGlite data
 * folder given, then exits, taking the memory that creating it took.
 */
import { openPgliteHere } from "./connect.js";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: create-pglite <data folder>");
const database = await openPgliteHere(dataDir);
await database.close();
