import { useState, type FormEvent } from "react";
import { CheckCircle2, Ticket } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { useRedeemCode } from "./codes-api";
import { redeemedText } from "./redeemed-text";

/**
 * "Have a code?" (issue 70): a grant code redeemed on /pricing and /my-account. Success says the
 * credits added and until when; a refusal says the server's reason in the person's language.
 */
export function RedeemCodeCard({ className }: { className?: string }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const redeem = useRedeemCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed) redeem.mutate(typed, { onSuccess: () => setCode("") });
  };

  return (
    <section
      aria-labelledby="redeem-code-title"
      className={cn("rounded-2xl border border-border bg-surface/60 p-5", className)}
    >
      <h2 id="redeem-code-title" className="flex items-center gap-2 font-semibold">
        <Ticket className="size-4 text-violet-300" aria-hidden="true" />
        <Trans>Have a code?</Trans>
      </h2>
      <form onSubmit={submit} className="mt-3 grid gap-2" noValidate>
        <Label htmlFor="redeem-code" className="sr-only">
          <Trans>Code</Trans>
        </Label>
        <div className="flex gap-2">
          <Input
            id="redeem-code"
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (redeem.isError) redeem.reset();
            }}
            placeholder={t`Enter your code`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={redeem.isError || undefined}
          />
          <Button type="submit" disabled={redeem.isPending || code.trim() === ""}>
            {redeem.isPending ? <Trans>Redeeming…</Trans> : <Trans>Redeem</Trans>}
          </Button>
        </div>
        <ErrorAlert error={redeem.error} />
        {redeem.data ? (
          <p role="status" className="flex items-start gap-2 text-sm text-emerald-200">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
            {redeemedText(redeem.data)}
          </p>
        ) : null}
      </form>
    </section>
  );
}
