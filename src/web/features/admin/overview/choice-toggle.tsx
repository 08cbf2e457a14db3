import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";

/**
 * A row of toggle buttons of which one is always chosen (arrow keys move between them): Radix
 * lets the chosen one be pressed off (""), and then the choice stays as it was.
 */
export function ChoiceToggle<Value extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  return (
    <ToggleGroup
      type="single"
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as Value);
      }}
      className={className}
    >
      {options.map((o) => (
        <ToggleGroupItem key={o.value} value={o.value}>
          {o.label}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}
