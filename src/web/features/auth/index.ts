/**
 * What other features may use of the auth feature (decision 0037); pages import its files
 * directly. Keep it light: whatever is re-exported here lands in the chunk of every importer.
 */
export { useCurrentUser } from "./use-current-user";
export { useLoginHref } from "./next-after-sign-in";
export { clearClientSession } from "./use-logout";
