import type { ReactNode } from "react";
import { Label } from "./label";

export interface FormFieldProps {
  id: string;
  label: string;
  /** Validation message shown under the field. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The control; give it the same `id` plus `aria-describedby={fieldErrorId(id)}`. */
  children: ReactNode;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** A label, a control and the app's own validation message under it. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </div>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
