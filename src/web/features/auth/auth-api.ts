import { authApi } from "../../../shared/api/auth";
import type { AuthResult, LoginInput, RegisterInput } from "../../../shared/schemas/auth";
import { call } from "@/lib/api";

export type LoginResult = AuthResult;

/** Sets the session cookie and returns the user. */
export async function login(input: LoginInput): Promise<LoginResult> {
  return call(authApi.login, { body: input });
}

/** Creates the account; it does not sign in. */
export async function register(input: RegisterInput): Promise<string> {
  const { message } = await call(authApi.register, { body: input });
  return message;
}
