/**
 * The sign-in and register forms check with the shared schemas (src/shared/schemas/auth.ts, the
 * rules the server applies) and show each of their messages in the active language.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { AUTH_FORM_MESSAGES } from "../../../shared/schemas/auth";
import { i18n } from "@/lib/i18n";

const TEXTS: Record<keyof typeof AUTH_FORM_MESSAGES, MessageDescriptor> = {
  usernameRequired: msg`Username is required`,
  usernameTooShort: msg`Username must be at least 3 characters`,
  usernameTooLong: msg`Username must be at most 50 characters`,
  usernameCharacters: msg`Username may only contain letters, numbers, dots, dashes and underscores`,
  passwordRequired: msg`Password is required`,
  passwordTooShort: msg`Password must be at least 6 characters`,
  passwordTooLong: msg`Password must be at most 200 characters`,
  invalidEmail: msg`Invalid email address`,
  confirmRequired: msg`Please confirm your password`,
  passwordsDiffer: msg`Passwords don't match`,
};

const BY_MESSAGE = new Map(
  Object.entries(AUTH_FORM_MESSAGES).map(([key, message]) => [message as string, TEXTS[key as keyof typeof TEXTS]]),
);

/** A shared message in the active language (any other text as it is). */
function authFormText(message: string): string {
  const text = BY_MESSAGE.get(message);
  return text ? i18n._(text) : message;
}

/** zodResolver for a shared auth schema, its messages in the active language. */
export function authFormResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<T> {
  const resolve = zodResolver(schema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error && typeof error.message === "string") error.message = authFormText(error.message);
    }
    return result;
  };
}
