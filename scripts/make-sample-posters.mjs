// Makes the posters of the simulator's 720p sample clips: `node scripts/make-sample-posters.mjs`.
// One JPEG beside each clip (sample-<n>-<shape>-720p.jpg in src/server/simulator/clips), a frame
// one second in, taken with the FFmpeg @ffmpeg-installer ships (the one the archiver uses for
// kept videos, src/server/integrations/media/video-frame.ts), scaled to 1200 px on its long side.
// The landing page shows them as the sample tiles' posters (decision 0166). The JPEGs are
// committed, like the clips: run this again only when a clip changes.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLIPS_DIR = fileURLToPath(new URL("../src/server/simulator/clips/", import.meta.url));
const LONG_SIDE = 1200;
const FRAME_AT_SECONDS = 1;

const ffmpeg = /** @type {{ path: string }} */ (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg")).path;
const scale = `scale=w='if(gte(iw,ih),${LONG_SIDE},-2)':h='if(gte(iw,ih),-2,${LONG_SIDE})'`;
const clips = fs.readdirSync(CLIPS_DIR).filter((name) => /^sample-\d-(16x9|9x16)-720p\.mp4$/.test(name));
if (clips.length === 0) throw new Error(`make-sample-posters: no 720p clips in ${CLIPS_DIR}`);

for (const clip of clips.sort()) {
  const poster = path.join(CLIPS_DIR, clip.replace(/\.mp4$/, ".jpg"));
  execFileSync(
    ffmpeg,
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
      ...["-ss", String(FRAME_AT_SECONDS), "-i", path.join(CLIPS_DIR, clip)],
      ...["-frames:v", "1", "-an", "-vf", scale, "-q:v", "4", "-f", "image2", "-c:v", "mjpeg"],
      ...["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"],
      poster,
    ],
    { stdio: "inherit" },
  );
  console.log(`${path.basename(poster)}: ${fs.statSync(poster).size} bytes`);
}
