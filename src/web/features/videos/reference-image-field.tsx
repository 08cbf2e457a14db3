import { useState, type DragEvent } from "react";
import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { GenerationMode, ModelId } from "../../../shared/catalogue";
import { fieldErrorId } from "@/components/ui/form-field";
import { imageSlotLabel, modeDescription } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";
import { imageSlotsOf } from "./model-options";
import { ACCEPTED_IMAGE_TYPES } from "./use-upload-image";
import { sameSiteUrl } from "@/lib/media-url";

/** The error of the images, under all the slots. */
const IMAGE_SLOTS_ID = "image-slots";

const imageSlotInputId = (index: number) => `image-slot-${index}`;

interface ImageSlotProps {
  index: number;
  label: string;
  optional: boolean;
  imageUrl: string | undefined;
  /** This slot is where the upload in progress goes. */
  uploading: boolean;
  /** Signed out, an upload in progress, or an earlier slot still empty. */
  disabled: boolean;
  disabledText: string;
  error: string | undefined;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** One image of the mode: pick or drop a file, see it, remove it. */
function ImageSlot({
  index,
  label,
  optional,
  imageUrl,
  uploading,
  disabled,
  disabledText,
  error,
  onFile,
  onRemove,
}: ImageSlotProps) {
  const { t } = useLingui();
  const [dragging, setDragging] = useState(false);
  const inputId = imageSlotInputId(index);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={imageUrl ? undefined : inputId} className="font-medium text-zinc-200">
          {label}
        </label>
        {optional ? (
          <span className="text-xs text-muted-foreground">
            <Trans>Optional</Trans>
          </span>
        ) : null}
      </div>
      {imageUrl ? (
        <div className="relative flex h-28 items-center justify-center overflow-hidden rounded-xl border border-border bg-black">
          <img src={sameSiteUrl(imageUrl)} alt={t`${label} preview`} className="size-full object-contain" />
          <button
            type="button"
            onClick={onRemove}
            aria-label={t`Remove ${label}`}
            title={t`Remove ${label}`}
            className="absolute right-1.5 top-1.5 flex size-7 items-center justify-center rounded-full bg-black/70 text-zinc-200 transition hover:bg-black hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            className="peer sr-only"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId(IMAGE_SLOTS_ID) : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onFile(file);
            }}
          />
          <label
            htmlFor={inputId}
            onDragOver={(event) => {
              event.preventDefault();
              if (!disabled) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex h-28 cursor-pointer flex-col items-center justify-center gap-1.5 rounded-xl border border-dashed border-zinc-700 bg-zinc-950/40 p-3 text-center transition-colors",
              "hover:border-violet-500/60 hover:bg-violet-500/5 peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
              dragging && "border-violet-400 bg-violet-500/10",
              error && "border-destructive",
              disabled && "cursor-not-allowed opacity-60 hover:border-zinc-700 hover:bg-zinc-950/40",
            )}
          >
            {uploading ? (
              <LoaderCircle className="size-5 animate-spin text-violet-300" aria-hidden="true" />
            ) : (
              <ImagePlus className="size-5 text-violet-300" aria-hidden="true" />
            )}
            <span className="text-xs font-medium text-zinc-200">
              {uploading ? t`Uploading…` : disabled ? disabledText : t`Click or drop an image`}
            </span>
          </label>
        </>
      )}
    </div>
  );
}

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
