import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { GenerationMode, ModelId } from "../../../shared/catalogue";
import { fieldErrorId } from "@/components/ui/form-field";
import { imageSlotLabel, modeDescription } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { imageSlotsOf } from "./model-options";
import { IMAGE_SLOTS_ID, ImageSlot } from "./image-slot";

export interface ImageSlotsFieldProps {
  mode: GenerationMode;
  /** The model chosen: its own number of images in the mode (Seedance 2 takes 9 references). */
  model: ModelId;
  /** The images the mode uses, in slot order. */
  imageUrls: readonly string[];
  uploading: boolean;
  /** Signed out: uploads need an account. */
  signedOut: boolean;
  error?: string | undefined;
  onFile: (file: File) => void;
  onRemove: (index: number) => void;
  /** Under the first slot while it is empty: image mode's "Create an image" (decision 0161). */
  firstSlotExtra?: ReactNode;
}

/**
 * The images of a mode, each slot with the catalogue's label ('First frame', 'Last frame',
 * 'Reference 1'...). Slots appear one at a time (issue 71): the filled ones and one empty slot
 * (or as many as the mode needs at least), up to the model's most; the empty one takes the upload.
 */
export function ImageSlotsField({
  mode,
  model,
  imageUrls,
  uploading,
  signedOut,
  error,
  onFile,
  onRemove,
  firstSlotExtra,
}: ImageSlotsFieldProps) {
  const { t } = useLingui();
  const images = imageSlotsOf(model, mode);
  const next = imageUrls.length;
  const shown = Math.min(images.max, Math.max(images.min, next + 1));
  const slots = Array.from({ length: shown }, (_, index) => imageSlotLabel(mode, index));
  const description = modeDescription(mode, model);
  return (
    <div
      className="grid gap-2"
      role="group"
      aria-labelledby={`${IMAGE_SLOTS_ID}-title`}
      aria-describedby={`${IMAGE_SLOTS_ID}-hint`}
    >
      <p id={`${IMAGE_SLOTS_ID}-title`} className="text-sm font-medium leading-none">
        <Trans>Images</Trans>
      </p>
      <p id={`${IMAGE_SLOTS_ID}-hint`} className="text-xs text-muted-foreground">
        <Trans>{description}. JPG, PNG up to 10MB.</Trans>
      </p>
      <div className={cn("grid gap-3", images.max >= 3 ? "grid-cols-2 sm:grid-cols-3" : "grid-cols-2")}>
        {slots.map((label, index) => (
          <ImageSlot
            key={`${mode}-${index}`}
            index={index}
            label={label}
            optional={index >= images.min}
            imageUrl={imageUrls[index]}
            uploading={uploading && index === next}
            disabled={signedOut || uploading || index > next}
            disabledText={
              signedOut ? t`Sign in to upload an image` : index > next ? t`After the image before` : t`Uploading…`
            }
            error={index === next ? error : undefined}
            onFile={onFile}
            onRemove={() => onRemove(index)}
            extra={index === 0 ? firstSlotExtra : undefined}
          />
        ))}
      </div>
      {error ? (
        <p id={fieldErrorId(IMAGE_SLOTS_ID)} className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
