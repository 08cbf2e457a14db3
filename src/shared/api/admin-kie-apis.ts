/**
 * The old name of shared/api/admin-vendor-accounts.ts (decision 0142), for the web files that still
 * import it; new code imports admin-vendor-accounts.ts.
 */
export {
  /** @deprecated Use adminVendorAccountsApi. */
  adminVendorAccountsApi as adminKieApisApi,
} from "./admin-vendor-accounts.js";
