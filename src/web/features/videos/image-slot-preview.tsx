import { X } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { sameSiteUrl } from "@/lib/media-url";

/** An image slot that holds an image: the picture and its Remove button. */
export function ImageSlotPreview({
  imageUrl,
  label,
  onRemove,
}: {
  imageUrl: string;
  label: string;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
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
  );
}
