/**
 * The old names of shared/schemas/vendor-accounts.ts (decision 0142), for the web files that still
 * import them; new code imports vendor-accounts.ts.
 */
export {
  /** @deprecated Use vendorAccountCreateSchema. */
  vendorAccountCreateSchema as kieApiCreateSchema,
  /** @deprecated Use VendorAccountStatus. */
  type VendorAccountStatus as KieApiStatus,
} from "./vendor-accounts.js";
