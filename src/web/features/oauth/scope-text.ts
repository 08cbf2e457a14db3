import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OAuthScope } from "../../../shared/schemas/oauth";

/** What each scope lets an app do, in the person's language (the scopes are described beside OAUTH_SCOPES, decision 0169). */
export const SCOPE_TEXT: Record<OAuthScope, MessageDescriptor> = {
  "videos:read": msg`See your videos, models and balance`,
  "videos:write": msg`Make, upgrade and extend videos with your credits`,
};
