/**
 * The process's decode slots (decision 0134): at most DECODE_SLOTS decodes at a time, the others
 * in their turn, a failed one freeing its slot; sharp on one libvips thread per image; cleanImage
 * decoding through them.
 */
import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cleanImage } from "../../src/server/integrations/media/image-check.js";
import {
  DECODE_SLOTS,
  decodeSlotStats,
  resetDecodePeak,
  withDecodeSlot,
} from "../../src/server/integrations/media/decode-slots.js";

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the queued callbacks and promise reactions run. */
const settle = () => new Promise((r) => setImmediate(r));

describe("decode slots", () => {
  it("are one or two, and sharp decodes each image on one thread", () => {
    expect(DECODE_SLOTS).toBeGreaterThanOrEqual(1);
    expect(DECODE_SLOTS).toBeLessThanOrEqual(2);
    expect(sharp.concurrency()).toBe(1);
  });

  it("run at most DECODE_SLOTS works at once, the others in the order they came", async () => {
    resetDecodePeak();
    const works = Array.from({ length: DECODE_SLOTS + 3 }, () => deferred());
    const started: number[] = [];
    const done = works.map((w, i) =>
      withDecodeSlot(async () => {
        started.push(i);
        await w.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual(Array.from({ length: DECODE_SLOTS }, (_, i) => i));
    expect(decodeSlotStats()).toMatchObject({ running: DECODE_SLOTS, waiting: 3 });

    works[0]!.resolve();
    expect(await done[0]).toBe(0);
    await settle();
    expect(started).toEqual(Array.from({ length: DECODE_SLOTS + 1 }, (_, i) => i));
    expect(decodeSlotStats()).toMatchObject({ running: DECODE_SLOTS, waiting: 2 });

    for (const w of works) w.resolve();
    expect(await Promise.all(done)).toEqual(works.map((_, i) => i));
    expect(started).toEqual(works.map((_, i) => i));
    expect(decodeSlotStats()).toMatchObject({ running: 0, waiting: 0, peak: DECODE_SLOTS });
  });

  it("free the slot of a work that fails", async () => {
    const first = deferred();
    const failing = withDecodeSlot(() => first.promise);
    const blockers = Array.from({ length: DECODE_SLOTS }, () => deferred());
    const after = blockers.map((b) => withDecodeSlot(() => b.promise));
    first.reject(new Error("corrupt"));
    await expect(failing).rejects.toThrow("corrupt");
    for (const b of blockers) b.resolve();
    await Promise.all(after);
    expect(decodeSlotStats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("are what cleanImage decodes in: many images at once never pass the bound", async () => {
    const image = await sharp(crypto.randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
      .jpeg()
      .toBuffer();
    resetDecodePeak();
    const cleaned = await Promise.all(Array.from({ length: 8 }, () => cleanImage(image)));
    expect(cleaned.every((c) => c.width === 600 && c.height === 400)).toBe(true);
    const stats = decodeSlotStats();
    expect(stats.peak).toBeGreaterThanOrEqual(1);
    expect(stats.peak).toBeLessThanOrEqual(DECODE_SLOTS);
    expect([stats.running, stats.waiting]).toEqual([0, 0]);
  });
});
