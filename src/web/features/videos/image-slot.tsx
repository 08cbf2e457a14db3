import { useState, type DragEvent, type ReactNode } from "react";
import { ImagePlus, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { fieldErrorId } from "@/components/ui/form-field";
import { cn } from "@/lib/cn";
import { ImageSlotPreview } from "./image-slot-preview";
import { ACCEPTED_IMAGE_TYPES } from "./use-upload-image";

/** The error of the images, under all the slots. */
export const IMAGE_SLOTS_ID = "image-slots";

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
  /** Shown under an empty slot: the first frame's "Create an image" (decision 0161). */
  extra?: ReactNode;
}

/** One image of the mode: pick or drop a file, see it, remove it. */
export function ImageSlot({
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
  extra,
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
        <ImageSlotPreview imageUrl={imageUrl} label={label} onRemove={onRemove} />
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
          {extra}
        </>
      )}
    </div>
  );
}
