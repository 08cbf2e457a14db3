import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/features/admin/admin-fields";
import { useSendTestMail } from "./mail-api";

/** A test message to any address, sent at once through the mail settings as saved. */
export function MailTestForm() {
  const { t } = useLingui();
  const [testTo, setTestTo] = useState("");
  const test = useSendTestMail();

  const sendTest = (event: FormEvent) => {
    event.preventDefault();
    test.mutate(testTo.trim());
  };

  return (
    <form onSubmit={sendTest} className="flex flex-wrap items-end gap-3" aria-label={t`Send a test e-mail`}>
      <div className="min-w-0 flex-1 basis-60">
        <TextField
          id="mailTestTo"
          label={t`Send a test e-mail to`}
          type="email"
          required
          placeholder="you@example.com"
          value={testTo}
          onValueChange={setTestTo}
        />
      </div>
      <Button type="submit" variant="outline" disabled={test.isPending}>
        <Send aria-hidden="true" />
        {test.isPending ? <Trans>Sending...</Trans> : <Trans>Send test e-mail</Trans>}
      </Button>
    </form>
  );
}
