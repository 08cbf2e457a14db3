/**
 * Why a video cannot be extended, in the person's language (decision 0159): one sentence each,
 * for the details dialog's line and for a refused extension. In the `app` catalogue with the
 * video's details; video-api.ts imports this file for what it adds to the error texts.
 */
import { t } from "@lingui/core/macro";
import type { ErrorReason } from "../../../shared/error-reasons";
import { addReasonTexts } from "@/lib/error-text";

/** The sentence for one of the extend reasons, or undefined for any other reason. */
export function extendReasonText(reason: ErrorReason | null | undefined): string | undefined {
  switch (reason) {
    case "extend_file_gone":
      return t`This video can no longer be extended: its file is no longer kept.`;
    case "extend_file_saving":
      return t`This video can be extended in a minute, once it has been saved.`;
    case "extend_unavailable":
      return t`This video cannot be extended on this site: the server cannot take its last frame.`;
    case "extend_no_model":
      return t`No model offered at the moment can continue a video of this shape.`;
    default:
      return undefined;
  }
}

addReasonTexts((reason) => extendReasonText(reason));
