/**
 * Image decoding for the whole process (decision 0134). A decoded reference image holds its pixels
 * in memory (25 megapixels are 75 MB of RGB) and keeps a core busy for up to a second, so at most
 * DECODE_SLOTS decodes run at a time, whoever asked (an upload, a linked image, an API image, an
 * image converted for Google), each on one libvips thread; the others wait their turn. Without it,
 * a handful of requests decoding large images at once took the server past 1.6 GB and every other
 * answer, /healthz and static files included, to seconds (issue 66 §3).
 */
import os from "node:os";
import sharp from "sharp";

// One libvips thread per image (its default is one per core): the slots are the parallelism.
sharp.concurrency(1);

/** Decodes at a time: two where there are cores to spare, else one. */
export const DECODE_SLOTS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

let held = 0;
let running = 0;
let peak = 0;
const queue: Array<() => void> = [];

/** Runs `work` (which decodes) once a slot is free, and frees the slot when it settles. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (held < DECODE_SLOTS) held++;
  // A freed slot is handed straight to the next in line: `held` stays as it is.
  else await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    running--;
    const next = queue.shift();
    if (next) next();
    else held--;
  }
}

/** What the slots are doing (tests): decodes running now, waiting now, and the most that ever ran at once. */
export function decodeSlotStats(): { slots: number; running: number; waiting: number; peak: number } {
  return { slots: DECODE_SLOTS, running, waiting: queue.length, peak };
}

/** Starts counting the peak again (tests). */
export function resetDecodePeak(): void {
  peak = running;
}
