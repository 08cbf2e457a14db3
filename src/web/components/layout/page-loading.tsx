import { LoaderCircle } from "lucide-react";

/** Placeholder while a page's code or data loads. */
export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-label={label}>
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
