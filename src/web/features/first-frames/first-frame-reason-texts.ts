/**
 * Why a first frame was refused, in the person's language (decision 0161): the words are in the
 * `app` catalogue with the generator, so the first-frame calls import this file for what it adds.
 */
import { plural, t } from "@lingui/core/macro";
import { addReasonTexts } from "@/lib/error-text";

addReasonTexts((reason, params) => {
  switch (reason) {
    case "first_frame_off":
      return t`Making a first frame from text is turned off on this site right now. Upload an image instead.`;
    case "first_frame_refused": {
      const credits = Number(params.credits ?? 0);
      return credits > 0
        ? plural(credits, {
            one: "The image model declined this prompt under its content rules. Your # credit was refunded. Describe the scene differently and try again.",
            other:
              "The image model declined this prompt under its content rules. Your # credits were refunded. Describe the scene differently and try again.",
          })
        : t`The image model declined this prompt under its content rules. Describe the scene differently and try again.`;
    }
    default:
      return undefined;
  }
});
