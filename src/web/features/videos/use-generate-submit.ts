import type { UseFormReturn } from "react-hook-form";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PriceTable } from "../../../shared/prices";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { VideoTaskView } from "../../../shared/videos";
import { modelLabel } from "@/lib/catalogue-text";
import { generationCost } from "./generate-cost";
import type { GenerateFormValues } from "./generate-form-schema";
import { requestOf } from "./generate-request";
import { requestOptions } from "./model-options";
import { useGenerateVideo } from "./use-generate-video";

/**
 * The generator's submission: checks the credits against the cost of every variant first (the
 * server's refusal, said here), then sends the request. The form keeps the prompt and the options
 * afterwards (issue 71 §2), to tweak and generate again.
 */
export function useGenerateSubmit(
  form: UseFormReturn<GenerateFormValues>,
  user: CurrentUser | null,
  prices: PriceTable,
  onStarted: (task: VideoTaskView) => void,
  variants = 1,
  /** The Explore video this one remixes (issue 72): sent as `remixOf`. */
  remixOf?: string,
  /** "Draft" chosen (decision 0178): the draft is asked for, and costs its own price. */
  draft?: { cost: number },
) {
  const { t } = useLingui();
  const { mutation, insufficientCredits } = useGenerateVideo(onStarted);
  const onSubmit = form.handleSubmit((values) => {
    if (!user) return;
    const request = {
      ...requestOf(values),
      ...(variants > 1 ? { variants } : {}),
      ...(remixOf ? { remixOf } : {}),
      ...(draft ? { draft: true, upgrade4k: false } : {}),
    };
    const needed =
      (draft?.cost ??
        generationCost(prices, values.model, requestOptions(values.model, values.mode, values), request.upgrade4k)) *
      variants;
    if (user.credits < needed) {
      // The server's words for the same refusal (shared/videos.ts insufficientCreditsMessage), in the active language.
      const modelName = modelLabel(values.model);
      const have = user.credits;
      insufficientCredits(
        t`You need ${plural(needed, { one: "# credit", other: "# credits" })} to generate a video with ${modelName}. You have ${plural(have, { one: "# credit", other: "# credits" })}.`,
      );
      return;
    }
    mutation.mutate(request);
  });
  return { onSubmit, generating: mutation.isPending };
}
