/**
 * The /api page's API tokens (decisions 0017 and 0019), as the session-authenticated
 * /api/user-tokens routes answer them (decision 0040). The request body is createTokenSchema
 * (schemas/automation.ts).
 */
import { z } from "zod";
import { isoTimestamp } from "./common.js";

const tokenFields = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string(),
  isActive: z.boolean(),
  createdAt: isoTimestamp,
  lastUsed: isoTimestamp
    .nullable()
    .meta({ description: "The last authenticated request (recorded at most once a minute); null: never used." }),
});

/** A token as lists show it: `token` is masked (first and last 8 characters kept). */
const apiTokenViewSchema = tokenFields.meta({ id: "ApiToken" });
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>;

/** GET /api/user-tokens: newest first. */
export const apiTokenListSchema = z.array(apiTokenViewSchema);

/** The answer to creating a token: the only time `token` holds the full value. */
export const createdApiTokenSchema = tokenFields
  .extend({ token: z.string().meta({ description: "The full token: shown this once, only its hash is stored." }) })
  .meta({ id: "CreatedApiToken" });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** DELETE /api/user-tokens/{id}. */
export const apiTokenDeletedSchema = z.object({ message: z.string() }).meta({ id: "ApiTokenDeleted" });

/** DELETE /api/user-tokens ("Revoke all"): how many of the caller's tokens were deleted. */
export const revokedApiTokensSchema = z
  .object({ message: z.string(), revoked: z.number().int().min(0) })
  .meta({ id: "RevokedApiTokens" });

export const apiTokenIdParams = z.object({ id: z.uuid({ error: "Invalid token id" }) });
