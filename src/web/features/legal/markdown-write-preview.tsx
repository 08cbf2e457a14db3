import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { LegalMarkdown } from "./legal-markdown";

/** Write and Preview tabs of a Markdown text, with its length against the limit under the field. */
export function MarkdownWritePreview({
  fieldId,
  value,
  maxLength,
  invalid,
  onChange,
}: {
  fieldId: string;
  value: string;
  maxLength: number;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const [view, setView] = useState("write");
  const tooLong = value.length > maxLength;
  const count = formatNumber(value.length);
  const max = formatNumber(maxLength);

  return (
    <Tabs value={view} onValueChange={setView}>
      <TabsList className="w-full sm:w-72">
        <TabsTrigger value="write">
          <Trans>Write</Trans>
        </TabsTrigger>
        <TabsTrigger value="preview">
          <Trans>Preview</Trans>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="write" className="mt-3 grid gap-1.5">
        <Label htmlFor={fieldId}>
          <Trans>Text in Markdown</Trans>
        </Label>
        <Textarea
          id={fieldId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          rows={18}
          spellCheck
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${fieldId}-count`}
          className="font-mono text-xs sm:text-sm"
        />
        <p id={`${fieldId}-count`} className={cn("text-xs", tooLong ? "text-red-400" : "text-muted-foreground")}>
          {tooLong ? (
            <Trans>
              {count} of at most {max} characters: shorten the text to save it.
            </Trans>
          ) : (
            <Trans>
              {count} of at most {max} characters. ## starts a section, - a list item, [words](https://…) a link. HTML
              is shown as text.
            </Trans>
          )}
        </p>
      </TabsContent>
      <TabsContent
        value="preview"
        className="mt-3 rounded-xl border border-border bg-zinc-950/40 p-4 sm:p-6"
        aria-label={t`Preview`}
      >
        <LegalMarkdown markdown={value} />
      </TabsContent>
    </Tabs>
  );
}
