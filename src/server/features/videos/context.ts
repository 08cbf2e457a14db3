import type { Config } from "../../config.js";
import type { ReadCaches } from "../../events/read-caches.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { Settings } from "../settings/service.js";
import type { GenerateDeps } from "./generate-service.js";
import type { VideoProvider } from "./provider.js";

/** What the video routes need, built once in app.ts. */
export interface VideoContext extends GenerateDeps {
  config: Config;
  secretBox: SecretBox;
  provider: VideoProvider;
  uploads: UploadStore;
  caches: ReadCaches;
  /** The admin settings, through the settings cache (generation reads them every time). */
  readSettings(): Promise<Settings>;
  /** Result files of the simulator are fetched from its internal address, not the public one. */
  simulatorFiles: { publicBaseUrl: string; baseUrl: string };
}

export function internalFileUrl(ctx: Pick<VideoContext, "simulatorFiles">, url: string): string {
  const { publicBaseUrl, baseUrl } = ctx.simulatorFiles;
  return url.startsWith(`${publicBaseUrl}/`) ? baseUrl + url.slice(publicBaseUrl.length) : url;
}
