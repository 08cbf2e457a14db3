import type { Config } from "../../config.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { GenerateDeps } from "./generate-service.js";
import type { VideoProvider } from "./provider.js";

/** What the video routes need, built once in app.ts. */
export interface VideoContext extends GenerateDeps {
  config: Config;
  secretBox: SecretBox;
  provider: VideoProvider;
  uploads: UploadStore;
  /** Result files of the simulator are fetched from its internal address, not the public one. */
  simulatorFiles: { publicBaseUrl: string; baseUrl: string };
}

export function internalFileUrl(ctx: Pick<VideoContext, "simulatorFiles">, url: string): string {
  const { publicBaseUrl, baseUrl } = ctx.simulatorFiles;
  return url.startsWith(`${publicBaseUrl}/`) ? baseUrl + url.slice(publicBaseUrl.length) : url;
}
