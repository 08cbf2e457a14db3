/** Version-3 task ids (the Market's video models besides Veo): round trip, layout, and apart from the Veo ids. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ASPECTS, MARKET_MODELS, RESOLUTIONS, type ModelRequest } from "../../src/server/simulator/market-models.js";
import { decodeModelTaskId, encodeModelTaskId, type ModelTaskInfo } from "../../src/server/simulator/market-task-id.js";
import { decodeTaskId, MAX_TASK_ID_LENGTH, TASK_MARKERS } from "../../src/server/simulator/task-id.js";

const request: fc.Arbitrary<ModelRequest> = fc.record({
  duration: fc.integer({ min: 1, max: 31 }),
  resolution: fc.constantFrom(...RESOLUTIONS),
  audio: fc.boolean(),
  aspect: fc.constantFrom(undefined, ...ASPECTS),
  frames: fc.integer({ min: 0, max: 2 }),
  references: fc.integer({ min: 0, max: 9 }),
  durationText: fc.boolean(),
});

const taskInfo: fc.Arbitrary<ModelTaskInfo> = fc.record({
  createdAt: fc.integer({ min: 0, max: 2 ** 48 - 1 }),
  model: fc.constantFrom(...MARKET_MODELS),
  request,
  variant: fc.integer({ min: 1, max: 3 }),
  markers: fc.subarray([...TASK_MARKERS]),
  promptExcerpt: fc.string({ unit: "grapheme", maxLength: 400 }),
});

const payloadOf = (id: string) => Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url");
const withPayload = (id: string, payload: Buffer) => id.replace(/^sim_.+_/, `sim_${payload.toString("base64url")}_`);

const kling = MARKET_MODELS.find((m) => m.id === "kling-3.0/video")!;
const sample: ModelTaskInfo = {
  createdAt: Date.UTC(2026, 10, 25),
  model: kling,
  request: {
    duration: 10,
    resolution: "1080p",
    audio: true,
    aspect: "1:1",
    frames: 2,
    references: 0,
    durationText: false,
  },
  variant: 2,
  markers: ["fail", "dead-link"],
  promptExcerpt: "A fox",
};

describe("version-3 task ids", () => {
  it("round-trip every request a model can price, within 64 characters, unknown to decodeTaskId", () => {
    fc.assert(
      fc.property(
        taskInfo.filter((info) => info.model.cost(info.request) !== undefined),
        (info) => {
          const id = encodeModelTaskId(info);
          expect(id.length).toBeLessThanOrEqual(MAX_TASK_ID_LENGTH);
          const decoded = decodeModelTaskId(id)!;
          expect(decoded.model).toBe(info.model);
          expect(decoded.request).toEqual(info.request);
          expect(decoded.markers).toEqual(TASK_MARKERS.filter((m) => info.markers.includes(m)));
          expect({ createdAt: decoded.createdAt, variant: decoded.variant }).toEqual({
            createdAt: info.createdAt,
            variant: info.variant,
          });
          expect(info.promptExcerpt.startsWith(decoded.promptExcerpt)).toBe(true);
          expect(Buffer.byteLength(decoded.promptExcerpt)).toBeLessThanOrEqual(26);
          expect(decodeTaskId(id)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("are version 3 with 40 flag bits", () => {
    const bytes = payloadOf(encodeModelTaskId(sample));
    expect(bytes.readUInt8(0)).toBe(3);
    expect(bytes.readUIntBE(1, 6)).toBe(sample.createdAt);
    // kling(0) | variant 2<<6 | fail, dead-link (bits 0 and 3 of the markers)<<8 | 1:1 (3)<<13 | 1080p (3)<<17 | 10 s<<20 | audio<<25 | 2 frames<<26
    expect(bytes.readUIntBE(7, 5)).toBe(
      0 + 2 * 2 ** 6 + 0b1001 * 2 ** 8 + 3 * 2 ** 13 + 3 * 2 ** 17 + 10 * 2 ** 20 + 2 ** 25 + 2 * 2 ** 26,
    );
    expect(bytes.subarray(12).toString()).toBe("A fox");
  });

  it("refuse Veo ids, codes past a table's end, reserved bits, requests the model cannot price and bad UTF-8", () => {
    const id = encodeModelTaskId(sample);
    const flags = payloadOf(id).readUIntBE(7, 5);
    const withFlags = (value: number) => {
      const bytes = Buffer.from(payloadOf(id));
      bytes.writeUIntBE(value, 7, 5);
      return withPayload(id, bytes);
    };
    const bad = [
      withFlags(flags + 63), // model code 63
      withFlags(flags - 2 * 2 ** 6), // variant 0
      withFlags(flags + 2 ** 33), // reserved
      withFlags(flags + 5 * 2 ** 13), // aspect code 8
      withFlags(flags + 4 * 2 ** 17), // resolution code 7
      withFlags(flags - 3 * 2 ** 17), // 480p: Kling 3.0 has no such mode, so no price
      withFlags(flags + 2 ** 28 * 10), // 10 references
      withPayload(id, Buffer.concat([payloadOf(id), Buffer.from([0xff])])),
      withPayload(id, payloadOf(id).subarray(0, 11)),
      withPayload(id, Buffer.concat([Buffer.from([2]), payloadOf(id).subarray(1)])), // version byte 2
    ];
    for (const forged of bad) expect(decodeModelTaskId(forged), forged).toBeUndefined();
    expect(decodeModelTaskId("sim_AgGUJPhgiAoDAHN0b3JlZCB2Mg_71c2687d")).toBeUndefined(); // a version-2 id
  });
});
