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
}

/**
 * The images of a mode, as many slots as the model takes, each with the catalogue's label ('First
 * frame', 'Last frame', 'Reference 1'...). Slots fill in order: the next empty one takes the
 * upload, later ones wait.
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
}: ImageSlotsFieldProps) {
  const { t } = useLingui();
  const images = imageSlotsOf(model, mode);
  const slots = Array.from({ length: images.max }, (_, index) => imageSlotLabel(mode, index));
  const description = modeDescription(mode, model);
  const next = imageUrls.length;
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
      <div className={cn("grid gap-3", slots.length >= 3 ? "grid-cols-2 sm:grid-cols-3" : "grid-cols-2")}>
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
