import { LoaderCircle, RotateCcw, Save } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { AdminLegalText } from "../../../shared/schemas/legal";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useSaveLegalText } from "./legal-api";
import { LegalTextStatus } from "./legal-text-status";
import { MarkdownWritePreview } from "./markdown-write-preview";

interface LegalTextEditorProps {
  text: AdminLegalText;
  maxLength: number;
  /** The admin's unsaved text; undefined while it is what is stored. */
  draft: string | undefined;
  onDraftChange: (draft: string | undefined) => void;
}

/** One legal page in one language: its status, the Markdown and its preview, Restore and Save. */
export function LegalTextEditor({ text, maxLength, draft: edited, onDraftChange }: LegalTextEditorProps) {
  const draft = edited ?? text.markdown;
  const setDraft = (value: string) => onDraftChange(value === text.markdown ? undefined : value);
  const save = useSaveLegalText();
  const tooLong = draft.length > maxLength;
  const blank = draft.trim() === "";
  const changed = draft !== text.markdown;

  return (
    <div className="grid gap-3">
      <LegalTextStatus text={text} />
      <MarkdownWritePreview
        fieldId={`legal-${text.page}-${text.locale}`}
        value={draft}
        maxLength={maxLength}
        invalid={tooLong || blank}
        onChange={setDraft}
      />
      <ErrorAlert error={save.error} className="font-normal" />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={draft === text.startingMarkdown}
          onClick={() => setDraft(text.startingMarkdown)}
        >
          <RotateCcw aria-hidden="true" />
          <Trans>Restore the starting text</Trans>
        </Button>
        <Button
          type="button"
          disabled={save.isPending || tooLong || blank || (!changed && !text.startingText)}
          onClick={() =>
            save.mutate(
              { page: text.page, locale: text.locale, markdown: draft },
              { onSuccess: () => onDraftChange(undefined) },
            )
          }
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {text.startingText && !changed ? <Trans>Keep this text</Trans> : <Trans>Save page</Trans>}
        </Button>
      </div>
    </div>
  );
}
