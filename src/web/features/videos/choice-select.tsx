import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  description?: string;
  disabled?: boolean;
}

/** A labelled list of choices (Radix Select); a disabled choice says why in its description. */
export function ChoiceSelect<T extends string | number>({
  id,
  label,
  value,
  choices,
  onChoose,
}: {
  id: string;
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChoose: (value: T) => void;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={String(value)}
        onValueChange={(chosen) => {
          const choice = choices.find((c) => String(c.value) === chosen);
          if (choice) onChoose(choice.value);
        }}
      >
        <SelectTrigger id={id}>
          <SelectValue>{choices.find((c) => c.value === value)?.label ?? String(value)}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {choices.map((choice) => (
            <SelectItem
              key={choice.value}
              value={String(choice.value)}
              disabled={choice.disabled}
              description={choice.description}
            >
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
