import { useState, type DragEvent } from "react";
import { ImagePlus, LoaderCircle, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { fieldErrorId } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { ACCEPTED_IMAGE_TYPES } from "./use-upload-image";

export const REFERENCE_IMAGE_INPUT_ID = "reference-image";

export interface ReferenceImageFieldProps {
  /** The uploaded image (the one sent with the request), if any. */
  imageUrl: string | undefined;
  uploading: boolean;
  /** Signed out: uploads need an account. */
  disabled: boolean;
  error?: string | undefined;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** One reference image: pick or drop a file, see it, remove it. */
export function ReferenceImageField({ imageUrl, uploading, disabled, error, onFile, onRemove }: ReferenceImageFieldProps) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled && !uploading) onFile(file);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={imageUrl ? undefined : REFERENCE_IMAGE_INPUT_ID}>Reference image</Label>
      {imageUrl ? (
        <div className="relative flex items-center gap-4 rounded-xl border border-border bg-zinc-950/60 p-3">
          <span className="flex h-24 w-32 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-black">
            <img src={imageUrl} alt="Reference image preview" className="size-full object-contain" />
          </span>
          <div className="grid min-w-0 gap-2">
            <p className="text-sm text-zinc-200">Reference image ready</p>
            <p className="text-xs text-muted-foreground">Your video will start from this image.</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove image
            </Button>
          </div>
        </div>
      ) : (
        <>
          <input
            id={REFERENCE_IMAGE_INPUT_ID}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            className="peer sr-only"
            disabled={disabled || uploading}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldErrorId(REFERENCE_IMAGE_INPUT_ID) : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onFile(file);
            }}
          />
          <label
            htmlFor={REFERENCE_IMAGE_INPUT_ID}
            onDragOver={(event) => {
              event.preventDefault();
              if (!disabled) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              "flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-zinc-700 bg-zinc-950/40 p-5 text-center transition-colors",
              "hover:border-violet-500/60 hover:bg-violet-500/5 peer-focus-visible:ring-2 peer-focus-visible:ring-ring",
              dragging && "border-violet-400 bg-violet-500/10",
              error && "border-destructive",
              (disabled || uploading) && "cursor-not-allowed opacity-70 hover:border-zinc-700 hover:bg-zinc-950/40",
            )}
          >
            {uploading ? (
              <LoaderCircle className="size-6 animate-spin text-violet-300" aria-hidden="true" />
            ) : (
              <ImagePlus className="size-6 text-violet-300" aria-hidden="true" />
            )}
            <span className="text-sm font-medium text-zinc-200">
              {uploading ? "Uploading…" : disabled ? "Sign in to upload an image" : "Click to upload or drag an image here"}
            </span>
            <span className="text-xs text-muted-foreground">JPG, PNG up to 10MB</span>
          </label>
        </>
      )}
      {error ? (
        <p id={fieldErrorId(REFERENCE_IMAGE_INPUT_ID)} className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
