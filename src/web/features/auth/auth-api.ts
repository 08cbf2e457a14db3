import type { CurrentUser, LoginInput, RegisterInput } from "../../../shared/schemas/auth";
import { apiJson } from "@/lib/api";
import { toCurrentUser } from "./current-user-cache";

interface AuthResponse {
  message?: string;
  user?: unknown;
}

export interface LoginResult {
  message: string;
  user: CurrentUser | null;
}

/** POST /api/auth/login: sets the session cookie and returns the user. */
export async function login(input: LoginInput): Promise<LoginResult> {
  const body = await apiJson<AuthResponse | undefined>("POST", "/api/auth/login", input);
  return { message: body?.message ?? "Login successful", user: toCurrentUser(body?.user) };
}

/** POST /api/auth/register: creates the account; it does not sign in. */
export async function register(input: RegisterInput): Promise<string> {
  const body = await apiJson<AuthResponse | undefined>("POST", "/api/auth/register", input);
  return body?.message ?? "Registration successful";
}
