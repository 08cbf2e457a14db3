/**
 * The second factor's gate (decision 0092) decides a request without a promise unless it must
 * read something: every signed-in request passes through it. What it decides is tested end to end
 * in tests/integration/second-factor.test.ts; here, that it answers at once and the same.
 */
import type { FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { Queryable } from "../../src/server/db/connect.js";
import { secondFactorGate } from "../../src/server/features/second-factor/gate.js";
import type { Settings } from "../../src/server/features/settings/service.js";
import type { SecondFactorState } from "../../src/server/identity/second-factor-state.js";

const noDatabase = {} as Queryable;

function gateWith(requireAdminSecondFactor: boolean) {
  const readSettings = vi.fn(async () => ({ requireAdminSecondFactor }) as Settings);
  return { gate: secondFactorGate({ db: noDatabase, readSettings }), readSettings };
}

const request = (isAdmin: boolean, secondFactor: SecondFactorState, mode?: string) =>
  ({
    user: { id: "u1", isAdmin },
    secondFactor,
    routeOptions: { config: { secondFactor: mode } },
  }) as unknown as FastifyRequest;

const none: SecondFactorState = { enrolled: false, verifiedAt: null };
const pending: SecondFactorState = { enrolled: true, verifiedAt: null };
const checkedNow = (): SecondFactorState => ({ enrolled: true, verifiedAt: new Date() });
const checkedLongAgo: SecondFactorState = { enrolled: true, verifiedAt: new Date(Date.now() - 60 * 60_000) };

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
};

describe("the second factor's gate", () => {
  it("lets a person through or refuses them at once when it has nothing to read", () => {
    const { gate, readSettings } = gateWith(true);
    expect(gate(request(false, none))).toBeUndefined();
    expect(gate(request(false, checkedNow(), "step-up"))).toBeUndefined();
    expect(gate(request(true, checkedNow()))).toBeUndefined();
    expect(gate(request(false, pending, "pending"))).toBeUndefined();
    expect(codeOf(() => gate(request(false, pending)))).toBe("second_factor_pending");
    expect(codeOf(() => gate(request(false, checkedLongAgo, "step-up")))).toBe("second_factor_required");
    expect(readSettings).not.toHaveBeenCalled();
  });

  it("reads the settings only for an admin without a factor, and decides as before", async () => {
    const required = gateWith(true);
    const asked = required.gate(request(true, none));
    expect(asked).toBeInstanceOf(Promise);
    await expect(asked).rejects.toMatchObject({ code: "second_factor_enrolment_required" });
    // The routes that lead to enrolling stay open.
    expect(required.gate(request(true, none, "enrol"))).toBeUndefined();

    const optional = gateWith(false);
    await expect(optional.gate(request(true, none, "step-up"))).resolves.toBeUndefined();
    expect(optional.readSettings).toHaveBeenCalledTimes(1);
  });
});
