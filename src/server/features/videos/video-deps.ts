import type { Db } from "../../db/connect.js";
import type { ReadCaches } from "../../events/read-caches.js";

/** Reading a person's tasks: the database and the read caches in front of it (decision 0031). */
export interface TaskReads {
  db: Db;
  caches: Pick<ReadCaches, "tasks" | "taskLists">;
}

/** Result files of the simulator are fetched from its internal address, not the public one. */
export interface SimulatorFiles {
  simulatorFiles: { publicBaseUrl: string; baseUrl: string };
}

export function internalFileUrl(deps: SimulatorFiles, url: string): string {
  const { publicBaseUrl, baseUrl } = deps.simulatorFiles;
  return url.startsWith(`${publicBaseUrl}/`) ? baseUrl + url.slice(publicBaseUrl.length) : url;
}
