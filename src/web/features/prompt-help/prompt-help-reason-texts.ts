/** Why prompt help refused, in the person's language (decision 0160): in the `app` catalogue with the generator. */
import { t } from "@lingui/core/macro";
import { addReasonTexts } from "@/lib/error-text";

addReasonTexts((reason) => {
  switch (reason) {
    case "prompt_help_off":
      return t`Prompt help is turned off on this site. Write the prompt yourself, or ask the site's owner to turn it on.`;
    case "prompt_help_unavailable":
      return t`Prompt help cannot be reached right now, and nothing was charged. Try again in a minute, or write the prompt yourself.`;
    default:
      return undefined;
  }
});
