import type { UseFormRegisterReturn } from "react-hook-form";
import { SEED_MAX, SEED_MIN } from "../../../shared/videos";
import { fieldErrorId } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/** A seed's box (digits, the allowed range as its placeholder), marked invalid while it has an error. */
export function SeedInput({
  id,
  field,
  error,
  className,
}: {
  id: string;
  /** register("seed") of the form. */
  field: UseFormRegisterReturn;
  error: string | undefined;
  className?: string;
}) {
  return (
    <Input
      id={id}
      inputMode="numeric"
      autoComplete="off"
      placeholder={`${SEED_MIN}-${SEED_MAX}`}
      className={className}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : undefined}
      {...field}
    />
  );
}
