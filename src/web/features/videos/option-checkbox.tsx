import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

export interface OptionCheckboxProps {
  /** register("field") of the form. */
  field: UseFormRegisterReturn;
  label: ReactNode;
  /** The explanation under the label; give it `hintId` when the box should be described by it. */
  hint: ReactNode;
  hintId?: string;
}

/** A form's yes/no option: a checkbox with its label, and the explanation under it. */
export function OptionCheckbox({ field, label, hint, hintId }: OptionCheckboxProps) {
  return (
    <div className="grid gap-1">
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-violet-500" aria-describedby={hintId} {...field} />
        {label}
      </label>
      {hint}
    </div>
  );
}
