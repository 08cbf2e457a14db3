/** Small labelled controls shared by the /admin cards. */
import { useState, type ComponentProps, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Eye, EyeOff } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { fieldErrorId } from "@/components/ui/form-field";
import { cn } from "@/lib/cn";

interface FieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  /** What is wrong with the value, in the owner's words, beside the field (issue 68). */
  error?: string | undefined;
  children: ReactNode;
}

function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-xs font-medium text-red-400">
          {error}
        </p>
      ) : null}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "onChange" | "value"> & {
  value: string;
  onValueChange: (value: string) => void;
};

type TextFieldProps = InputProps & { id: string; label: string; hint?: ReactNode; error?: string | undefined };

export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  adornment,
  ...props
}: TextFieldProps & {
  /** A button drawn inside the input's right end (give the input room with padding). */
  adornment?: ReactNode;
}) {
  const input = (
    <Input
      id={id}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? fieldErrorId(id) : undefined}
      {...props}
    />
  );
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {adornment ? (
        <div className="relative">
          {input}
          {adornment}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}

/**
 * A stored secret: the server sends it masked (bullets and the last 4 characters); sending the
 * masked value back keeps it, typing a new one replaces it. The eye toggles visibility.
 */
export function SecretField(props: TextFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  const { label } = props;
  return (
    <TextField
      type={visible ? "text" : "password"}
      autoComplete="off"
      spellCheck={false}
      className="pr-11 font-mono"
      {...props}
      adornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t`Hide ${label}` : t`Show ${label}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-zinc-500 transition hover:text-zinc-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      }
    />
  );
}

export function CheckboxField({
  id,
  label,
  checked,
  onCheckedChange,
  className,
}: {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label htmlFor={id} className={cn("flex cursor-pointer items-center gap-2.5 text-sm font-medium", className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-violet-500"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** A native select: few options, and fully keyboard- and screen-reader-friendly. */
export function ChoiceField({
  id,
  label,
  value,
  options,
  onValueChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onValueChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="h-11 w-full min-w-0 rounded-lg border border-border bg-zinc-950/60 px-3 text-sm text-foreground focus-visible:border-violet-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
