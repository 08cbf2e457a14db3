/** Default prices are defined once (shared/videos.ts); the database's column defaults must say the same. */
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSettings } from "../../src/server/db/schema.js";
import { DEFAULT_PRICES } from "../../src/shared/videos.js";

describe("default prices", () => {
  it("are the admin settings' column defaults", () => {
    const c = getTableColumns(adminSettings);
    expect(c.veo3Credits.default).toBe(DEFAULT_PRICES.veo3.web);
    expect(c.veo3FastCredits.default).toBe(DEFAULT_PRICES.veo3_fast.web);
    expect(Number(c.veo3ApiPrice.default)).toBe(DEFAULT_PRICES.veo3.api);
    expect(Number(c.veo3FastApiPrice.default)).toBe(DEFAULT_PRICES.veo3_fast.api);
  });
});
