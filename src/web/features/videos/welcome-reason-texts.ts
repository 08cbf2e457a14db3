/**
 * Why a video cannot be paid with welcome credits, in the person's language (decision 0155): the
 * words are in the `app` catalogue with the generator and the video's details, not in the landing
 * page's, so those modules import this file for what it adds to the error texts.
 */
import { t } from "@lingui/core/macro";
import type { ErrorParams } from "../../../shared/error-reasons";
import { addReasonTexts } from "@/lib/error-text";

const str = (params: ErrorParams, name: string) => String(params[name] ?? "");

addReasonTexts((reason, params) => {
  switch (reason) {
    case "welcome_credits_model": {
      const model = str(params, "model");
      const models = str(params, "models");
      return t`Videos paid with welcome credits carry a watermark, which ${model} cannot add. Choose ${models}, or buy credits on the pricing page.`;
    }
    case "welcome_credits_720p":
      return t`Videos paid with welcome credits are 720p with a watermark: 1080p and 4K are not offered for them. Buy credits on the pricing page to make videos without a watermark.`;
    case "welcome_video_720p":
      return t`This video was paid with welcome credits: it stays 720p with a watermark. Buy credits on the pricing page to make videos without a watermark.`;
    default:
      return undefined;
  }
});
