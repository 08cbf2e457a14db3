import { useState, type FormEvent } from "react";
import { KeyRound, Loader2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TOKEN_NAME_MAX } from "../../../shared/automation";
import { createTokenSchema } from "../../../shared/schemas/automation";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { fieldErrorId, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * Asks for a token's name (non-blank, checked with createTokenSchema) and hands it to `onCreate`.
 * The schema's English messages are the server's; the form says the same in the active language.
 */
export function CreateTokenDialog({
  open,
  onOpenChange,
  onCreate,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (name: string) => void;
  pending: boolean;
}) {
  const { t } = useLingui();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createTokenSchema.safeParse({ name });
    if (!parsed.success) {
      const max = TOKEN_NAME_MAX;
      setError(
        parsed.error.issues[0]?.code === "too_big"
          ? t`Token name must be at most ${max} characters`
          : t`Token name is required`,
      );
      return;
    }
    setError(undefined);
    onCreate(parsed.data.name);
  }

  function change(next: boolean) {
    if (!next) {
      setName("");
      setError(undefined);
    }
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>
              <Trans>Create API token</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Name it after where it will be used, such as "n8n production" or "Make".</Trans>
            </DialogDescription>
          </DialogHeader>
          <FormField id="token-name" label={t`Token name`} error={error}>
            <Input
              id="token-name"
              value={name}
              maxLength={TOKEN_NAME_MAX}
              autoComplete="off"
              // eslint-disable-next-line lingui/no-unlocalized-strings -- an example name (a product's), as the description quotes it
              placeholder="n8n production"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? fieldErrorId("token-name") : undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              <Trans>Create Token</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
