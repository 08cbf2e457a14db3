/**
 * Creem's moderation answer (decision 0089), marked experimental by Creem: read tolerantly, and
 * nothing this client cannot place counts as a decision. And the markers the simulator's stand-in
 * answers to.
 */
import { describe, expect, it } from "vitest";
import { parseModerationResult } from "../../src/server/integrations/creem/moderation.js";
import { moderationMarkers } from "../../src/server/simulator/moderation-routes.js";

describe("Creem's moderation answer, read tolerantly", () => {
  it.each([
    [
      { id: "mod_1", object: "moderation_result", decision: "deny", usage: { units: 1 } },
      { decision: "deny", id: "mod_1" },
    ],
    [{ decision: " ALLOW " }, { decision: "allow", id: undefined }],
    [{ result: { decision: "flagged", id: "mod_2" } }, { decision: "flag", id: "mod_2" }],
    [{ data: { decision: "blocked" } }, { decision: "deny", id: undefined }],
  ])("%j -> %j", (body, expected) => {
    expect(parseModerationResult(body)).toEqual(expected);
  });

  it.each([null, "deny", 1, {}, { decision: 1 }, { decision: "maybe" }, { decision: "constructor" }, { decision: "" }])(
    "%j has no decision",
    (body) => {
      expect(parseModerationResult(body)).toBeUndefined();
    },
  );
});

describe("the simulator's moderation markers", () => {
  it("reads them in any case, anywhere", () => {
    expect([...moderationMarkers("a [MOD:Deny] b [mod:flag]")].sort()).toEqual(["deny", "flag"]);
    expect([...moderationMarkers("[mod:denied] [sim:reject]")]).toEqual([]);
  });
});
