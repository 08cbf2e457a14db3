/**
 * What other features may use of the auth feature (decision 0037); pages import its files
 * directly. Keep it light: whatever is re-exported here lands in the chunk of every importer.
 */
export { useCurrentUser } from "./use-current-user";
export { signUpHref, useLoginHref, useSignUpHref } from "./next-after-sign-in";

/** Signs this browser out on the client (the account is gone: decision 0087). Loaded when called, to keep this file light. */
export async function clearClientSession(): Promise<void> {
  const { clearClientSession: clear } = await import("./use-logout");
  await clear();
}
