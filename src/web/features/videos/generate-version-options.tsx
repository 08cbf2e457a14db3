import type { UseFormReturn } from "react-hook-form";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ModelId } from "../../../shared/catalogue";
import type { GenerateFormValues } from "./generate-form-schema";
import { offers4k, offersExtend } from "./model-options";
import { OptionCheckbox } from "./option-checkbox";
import { creditsText, KEEP_EXTENDABLE_HINT } from "./video-display";

/** What 'More options' and its parts are drawn from. */
export interface MoreOptionsProps {
  form: UseFormReturn<GenerateFormValues>;
  model: ModelId;
  /** The 4K surcharge on the website. */
  fourKPrice: number;
}

/**
 * The two checkboxes, each where the model's upgrades allow it: a 4K version too (with its
 * surcharge), and keep the video extendable (decision 0077).
 */
export function VersionOptions({ form, model, fourKPrice }: MoreOptionsProps) {
  const { t } = useLingui();
  const { register } = form;
  const fourKText = creditsText(fourKPrice);
  return (
    <>
      {offers4k(model) ? (
        <OptionCheckbox
          field={register("upgrade4k")}
          label={<Trans>Also make a 4K version (+{fourKText})</Trans>}
          hint={
            <p className="pl-6.5 text-xs text-muted-foreground">
              <Trans>Made once the video is ready: 5-10 minutes more. Refunded if it cannot be made.</Trans>
            </p>
          }
        />
      ) : null}

      {offersExtend(model) ? (
        <OptionCheckbox
          field={register("keepExtendable")}
          label={<Trans>Keep extendable (1080p when you ask for it)</Trans>}
          hintId="keep-extendable-hint"
          hint={
            <div id="keep-extendable-hint" className="grid gap-1 pl-6.5 text-xs leading-relaxed text-muted-foreground">
              <p>{t(KEEP_EXTENDABLE_HINT)}</p>
              <p>
                <Trans>
                  Without it, the 1080p version is made as soon as the video is ready, and the video cannot be extended.
                </Trans>
              </p>
            </div>
          }
        />
      ) : null}
    </>
  );
}
