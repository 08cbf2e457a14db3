/** The simulator's stateless task ids (version 2 with the extension and Market flags, version 1 still decoded) and its prompt markers. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { promptMarkers } from "../../src/server/simulator/markers.js";
import {
  ASPECTS,
  decodeTaskId,
  DURATIONS,
  encodeTaskId,
  EXTENSION_REQUEST,
  GENERATION_TYPES,
  MAX_TASK_ID_LENGTH,
  MODELS,
  RESOLUTIONS,
  TASK_MARKERS,
  type TaskInfo,
  type TaskRequest,
} from "../../src/server/simulator/task-id.js";

const taskInfo: fc.Arbitrary<TaskInfo & { request: TaskRequest }> = fc.record({
  createdAt: fc.integer({ min: 0, max: 2 ** 48 - 1 }),
  model: fc.constantFrom(...MODELS),
  aspect: fc.constantFrom(...ASPECTS),
  variant: fc.integer({ min: 1, max: 3 }),
  markers: fc.subarray([...TASK_MARKERS]),
  promptExcerpt: fc.string({ unit: "grapheme", maxLength: 400 }),
  request: fc.record({
    generationType: fc.constantFrom(...GENERATION_TYPES),
    imageCount: fc.integer({ min: 0, max: 3 }),
    resolution: fc.constantFrom(...RESOLUTIONS),
    duration: fc.constantFrom(...DURATIONS),
    enableTranslation: fc.constantFrom(undefined, false, true),
  }),
  extension: fc.boolean(),
  market: fc.boolean(),
});

/** Bytes of a made id with `edit` applied, re-encoded (same random suffix). */
function edited(id: string, edit: (bytes: Buffer) => Buffer): string {
  const [, encoded, suffix] = /^sim_(.+)_([0-9a-f]{8})$/.exec(id)!;
  return `sim_${edit(Buffer.from(encoded!, "base64url")).toString("base64url")}_${suffix}`;
}

const sample: TaskInfo & { request: TaskRequest } = {
  createdAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  model: "veo3_lite",
  aspect: "9:16",
  variant: 3,
  markers: ["slow", "dead-link"],
  promptExcerpt: "A fox",
  request: {
    generationType: "REFERENCE_2_VIDEO",
    imageCount: 3,
    resolution: "4k",
    duration: 6,
    enableTranslation: false,
  },
};

describe("task ids", () => {
  it("round-trip every field within 64 characters, keeping a whole-character prefix of the prompt", () => {
    fc.assert(
      fc.property(taskInfo, (info) => {
        const id = encodeTaskId(info);
        expect(id.length).toBeLessThanOrEqual(MAX_TASK_ID_LENGTH);
        const decoded = decodeTaskId(id)!;
        const { promptExcerpt, markers, extension, market, ...rest } = info;
        expect(decoded).toMatchObject(rest);
        // Present only on extensions and Market tasks.
        expect(decoded.extension).toBe(extension ? true : undefined);
        expect(decoded.market).toBe(market ? true : undefined);
        expect(decoded.markers).toEqual(TASK_MARKERS.filter((m) => markers.includes(m)));
        expect(promptExcerpt.startsWith(decoded.promptExcerpt)).toBe(true);
        expect(Buffer.byteLength(decoded.promptExcerpt)).toBeLessThanOrEqual(28);
      }),
      { numRuns: 300 },
    );
  });

  it("are version 2 with 24 flag bits", () => {
    const id = encodeTaskId(sample);
    expect(decodeTaskId(id)).toEqual(sample);
    const bytes = Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url");
    expect(bytes.readUInt8(0)).toBe(2);
    expect(bytes.readUIntBE(1, 6)).toBe(sample.createdAt);
    // lite(2) | REFERENCE(2)<<3 | 3 images<<5 | 9:16<<7 | variant 3<<8 | slow, dead-link<<10 | 4k(2)<<14 | 6 s(1)<<16 | false(1)<<18
    expect(bytes.readUIntBE(7, 3)).toBe(
      2 | (2 << 3) | (3 << 5) | (1 << 7) | (3 << 8) | (0b1010 << 10) | (2 << 14) | (1 << 16) | (1 << 18),
    );
    expect(bytes.subarray(10).toString()).toBe("A fox");
  });

  it("refuse unknown versions, codes past a table's end, reserved bits and bad UTF-8", () => {
    const id = encodeTaskId(sample);
    const setFlags = (flags: number) => (b: Buffer) => {
      const copy = Buffer.from(b);
      copy.writeUIntBE(flags, 7, 3);
      return copy;
    };
    const flags = Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url").readUIntBE(7, 3);
    const bad = [
      edited(id, (b) => Buffer.concat([Buffer.from([3]), b.subarray(1)])),
      edited(id, setFlags((flags & ~0b111) | 3)), // model code 3: not (yet) a model
      edited(id, setFlags(flags | (3 << 3))), // generationType 3
      edited(id, setFlags(flags | (3 << 14))), // resolution 3
      edited(id, setFlags(flags | (3 << 16))), // duration 3
      edited(id, setFlags(flags | (3 << 18))), // enableTranslation 3
      edited(id, setFlags(flags | (1 << 23))), // reserved
      edited(id, setFlags(flags & ~(3 << 8))), // variant 0
      edited(id, (b) => Buffer.concat([b, Buffer.from([0xff])])),
      edited(id, (b) => Buffer.concat([b.subarray(0, 10), Buffer.alloc(29, 0x61)])), // excerpt over 28 bytes
      edited(id, (b) => b.subarray(0, 9)),
    ];
    for (const id of bad) expect(decodeTaskId(id), id).toBeUndefined();
    expect(decodeTaskId(`${id}0`)).toBeUndefined();
  });

  it("keep [sim:no-4k] in bit 20, taken from the reserved bits", () => {
    const id = encodeTaskId({ ...sample, markers: ["no-4k", "fail"] });
    expect(id.length).toBeLessThanOrEqual(MAX_TASK_ID_LENGTH);
    const flags = Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url").readUIntBE(7, 3);
    expect(flags & (0b1111 << 10)).toBe(1 << 10); // fail, in the first markers field
    expect(flags & (0b1111 << 20)).toBe(1 << 20); // no-4k; bits 21-23 are other flags
    expect(decodeTaskId(id)).toEqual({ ...sample, markers: ["fail", "no-4k"] });
    expect(decodeTaskId(encodeTaskId(sample))!.markers).not.toContain("no-4k");
  });

  it("mark extensions with bit 21, taken from the reserved bits", () => {
    const extension = { ...sample, request: EXTENSION_REQUEST, markers: ["no-4k" as const], extension: true };
    const id = encodeTaskId(extension);
    expect(id.length).toBeLessThanOrEqual(MAX_TASK_ID_LENGTH);
    const flags = Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url").readUIntBE(7, 3);
    expect(flags & (0b1111 << 20)).toBe((1 << 20) | (1 << 21)); // no-4k, extension; bits 22-23 are other flags
    expect(decodeTaskId(id)).toEqual(extension);
    expect(decodeTaskId(encodeTaskId({ ...sample, extension: false }))).not.toHaveProperty("extension");
    // The same id without bit 21 is a plain task.
    const plain = edited(id, (b) => {
      const copy = Buffer.from(b);
      copy.writeUIntBE(flags & ~(1 << 21), 7, 3);
      return copy;
    });
    expect(decodeTaskId(plain)).toEqual({ ...extension, extension: undefined });
    expect(decodeTaskId(plain)).not.toHaveProperty("extension");
  });

  it("mark Market tasks with bit 22, taken from the reserved bits", () => {
    const market = { ...sample, markers: ["no-4k" as const], market: true };
    const id = encodeTaskId(market);
    expect(id.length).toBeLessThanOrEqual(MAX_TASK_ID_LENGTH);
    const flags = Buffer.from(/^sim_(.+)_[0-9a-f]{8}$/.exec(id)![1]!, "base64url").readUIntBE(7, 3);
    expect(flags & (0b1111 << 20)).toBe((1 << 20) | (1 << 22)); // no-4k, Market; bit 23 stays reserved
    expect(decodeTaskId(id)).toEqual(market);
    expect(decodeTaskId(encodeTaskId({ ...sample, market: false }))).not.toHaveProperty("market");
    const legacy = edited(id, (b) => {
      const copy = Buffer.from(b);
      copy.writeUIntBE(flags & ~(1 << 22), 7, 3);
      return copy;
    });
    expect(decodeTaskId(legacy)).not.toHaveProperty("market");
  });

  it("still decode version 1", () => {
    // Made by the version-1 encoder: veo3, 9:16, variant 2, no markers, "Old tall tower".
    expect(decodeTaskId("sim_AQGXRK7dAAtPbGQgdGFsbCB0b3dlcg_712022a7")).toEqual({
      createdAt: Date.UTC(2025, 5, 6, 10, 0, 0),
      model: "veo3",
      aspect: "9:16",
      variant: 2,
      markers: [],
      promptExcerpt: "Old tall tower",
    });
    expect(decodeTaskId("sim_AQGXRK7dABxPbGQgZG9vbWVkIMO8bsOvY8O2ZMOp_4fb452b0")).toMatchObject({
      model: "veo3_fast",
      aspect: "16:9",
      variant: 3,
      markers: ["fail"],
    });
  });
});

describe("prompt markers", () => {
  it("finds task markers, reject and the first code marker, case-insensitively", () => {
    expect(promptMarkers("a [SIM:Fail] b [sim:slow] [sim:fail] [sim:code-455] [sim:CODE-505] [sim:reject]")).toEqual({
      reject: true,
      errorCode: 455,
      task: ["fail", "slow"],
    });
    expect(promptMarkers("[sim:no-hd][sim:dead-link]")).toEqual({
      reject: false,
      errorCode: undefined,
      task: ["no-hd", "dead-link"],
    });
    expect(promptMarkers("plain [SIM:No-4K] please")).toEqual({ reject: false, errorCode: undefined, task: ["no-4k"] });
  });

  it("knows only KIE's generate failure codes", () => {
    for (const code of [408, 433, 451, 455, 500, 501, 505])
      expect(promptMarkers(`[sim:code-${code}]`).errorCode).toBe(code);
    for (const text of ["[sim:code-400]", "[sim:code-4550]", "[sim:code-45]", "[sim:code 455]", "sim:code-455"]) {
      expect(promptMarkers(text)).toEqual({ reject: false, errorCode: undefined, task: [] });
    }
  });
});
