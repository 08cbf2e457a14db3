/** The second factor's calls (decision 0092): passkeys go through the browser's WebAuthn (@simplewebauthn/browser). */
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { secondFactorApi } from "../../../shared/api/second-factor";
import { call } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

export const statusKey = ["second-factor"] as const;

/** Passes the second step (or a fresh check) with a passkey of this account. */
export async function verifyWithPasskey(): Promise<void> {
  const options = await call(secondFactorApi.passkeyOptions);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  await call(secondFactorApi.passkeyVerify, { body: { response: response as unknown as Record<string, unknown> } });
}

export async function verifyWithCode(method: "totp" | "recovery", code: string): Promise<void> {
  await call(secondFactorApi.verify, { body: { method, code } });
}

/**
 * Adds a passkey made by this browser's authenticator; the recovery codes when it was the first
 * factor. `proof`: the password before the first factor (decision 0135), checked before the
 * browser makes the passkey and again when it is kept.
 */
export async function addPasskey(name: string, proof: { password?: string } = {}): Promise<string[] | null> {
  const options = await call(secondFactorApi.passkeyRegisterOptions, { body: proof });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const { recoveryCodes } = await call(secondFactorApi.passkeyRegister, {
    body: { name, response: response as unknown as Record<string, unknown>, ...proof },
  });
  return recoveryCodes;
}

/** After a factor changed or was passed: the status and who is signed in are read again. */
export async function refreshSecondFactor(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: statusKey }),
    queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  ]);
}
