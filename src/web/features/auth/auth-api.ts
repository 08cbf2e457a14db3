import { authApi } from "../../../shared/api/auth";
import type { AuthResult, LoginInput, RegisterInput } from "../../../shared/schemas/auth";
import { call } from "@/lib/api";

export type LoginResult = AuthResult;

/** Sets the session cookie and returns the user. */
export async function login(input: LoginInput): Promise<LoginResult> {
  return call(authApi.login, { body: input });
}

/** Creates the account and signs in (sets the session cookie; decision 0167); returns the user. */
export async function register(input: RegisterInput): Promise<AuthResult> {
  return call(authApi.register, { body: input });
}
