/** How many credits a refund takes back (decision 0084), for any order and any refunds in any order. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reversalShare, type OrderRefundState } from "../../src/server/features/payments/reversal-share.js";

const fresh = (gave: number, paidCents: number): OrderRefundState => ({
  gave,
  paidCents,
  refundedCents: 0,
  reversedCredits: 0,
});

/** Applies refunds one after another, as the events arrive; the credits each took. */
function applyAll(order: OrderRefundState, refunds: number[]): { taken: number[]; state: OrderRefundState } {
  const taken: number[] = [];
  let state = order;
  for (const cents of refunds) {
    const share = reversalShare(state, cents);
    taken.push(share.credits);
    state = { ...state, refundedCents: share.refundedCents, reversedCredits: share.reversedCredits };
  }
  return { taken, state };
}

describe("reversalShare", () => {
  it("takes the refunded share, rounded up, and all of it for a full refund", () => {
    expect(reversalShare(fresh(160, 2500), 2500).credits).toBe(160);
    expect(reversalShare(fresh(160, 2500), 1000).credits).toBe(64);
    expect(reversalShare(fresh(150, 2500), 1).credits).toBe(1);
    expect(reversalShare(fresh(150, 2500), 99_999).credits).toBe(150);
  });

  it("whatever the refunds and their order: each takes 0 or more, the sum is what one refund of their total takes, never more than given", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        (gave, paid, refunds) => {
          const { taken, state } = applyAll(fresh(gave, paid), refunds);
          const total = taken.reduce((a, b) => a + b, 0);
          expect(taken.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
          expect(total).toBe(
            reversalShare(
              fresh(gave, paid),
              refunds.reduce((a, b) => a + b, 0),
            ).credits,
          );
          expect(total).toBeLessThanOrEqual(gave);
          expect(state.refundedCents).toBeLessThanOrEqual(paid);
          // The same refunds in the opposite order take the same in all.
          const reversed = applyAll(fresh(gave, paid), [...refunds].reverse());
          expect(reversed.state.reversedCredits).toBe(state.reversedCredits);
        },
      ),
    );
  });
});
