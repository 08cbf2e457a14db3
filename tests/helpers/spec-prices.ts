/**
 * The prices every test database starts with (decision 0144): the spec's Veo prices and the 4K
 * surcharge as they were before issue 68 made the catalogue's defaults keep a margin, i.e. an
 * install upgraded from then (migration 0059 keeps them for such an install). The suite's charges
 * and balances are written against them; the defaults themselves are tested where a test clears
 * this table (`withCatalogueDefaults`) and in tests/unit/price-check.test.ts.
 */
export const SPEC_PRICES = {
  veo3: { web: 5, api: 10 },
  veo3_fast: { web: 1, api: 2 },
  veo3_lite: { web: 1, api: 1 },
  "4k": { web: 2, api: 4 },
} as const;

export const SEED_SPEC_PRICES = `insert into admin_settings (id, prices) values (1, '${JSON.stringify(SPEC_PRICES)}'::jsonb)
  on conflict (id) do update set prices = excluded.prices`;
