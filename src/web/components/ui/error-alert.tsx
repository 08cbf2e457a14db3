import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";

/**
 * What went wrong, announced to screen readers: nothing when there is no error, a string as it is,
 * anything else (an API or network error) in the person's language through `errorMessage`.
 */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (error === null || error === undefined || error === false || error === "") return null;
  return (
    <p role="alert" className={cn("text-sm font-medium text-red-400", className)}>
      {typeof error === "string" ? error : errorMessage(error)}
    </p>
  );
}
