import { useLingui } from "@lingui/react/macro";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import { useSearchBox } from "@/hooks/use-search-box";
import type { CodeKind } from "./code-draft";

export interface CodeFilters {
  /** Part of a code or its note. */
  q: string;
  kind: CodeKind | "";
}

export const NO_CODE_FILTERS: CodeFilters = { q: "", kind: "" };

/** The codes list's search (a code or its note, sent once typing pauses) and its kind. */
export function CodesFilters({ value, onChange }: { value: CodeFilters; onChange: (next: CodeFilters) => void }) {
  const { t } = useLingui();
  const [text, setText] = useSearchBox(value.q, (q) => onChange({ ...value, q }));
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,24rem)_14rem]">
      <TextField
        id="codes-search"
        label={t`Search`}
        type="search"
        placeholder={t`Part of a code or its note`}
        value={text}
        onValueChange={setText}
      />
      <ChoiceField
        id="codes-kind"
        label={t`Kind`}
        value={value.kind}
        onValueChange={(kind) => onChange({ ...value, kind: kind as CodeFilters["kind"] })}
        options={[
          { value: "", label: t`Any kind` },
          { value: "grant", label: t`Credits` },
          { value: "discount", label: t`Discount` },
        ]}
      />
    </div>
  );
}
