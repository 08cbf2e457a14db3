/**
 * What other features may use of the second factor (decision 0092). Light: the contract is
 * imported when the check is made.
 */
import { askForSecondFactor, call } from "@/lib/api";

/**
 * Before a sensitive action the browser does by itself (a file download link): asks for the
 * second factor when this session's check is older than the window. True: go ahead.
 */
export async function freshSecondFactor(): Promise<boolean> {
  const { secondFactorApi } = await import("../../../shared/api/second-factor");
  const status = await call(secondFactorApi.status);
  const enrolled = status.totp || status.passkeys.length > 0;
  return !enrolled || status.recentlyVerified || askForSecondFactor();
}
