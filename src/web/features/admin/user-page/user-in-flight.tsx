/** Videos at once (decision 0093): how many of a person's videos are being made, and their own limit or the default. */
import { useState, type FormEvent } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Gauge } from "lucide-react";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { IN_FLIGHT_LIMITS } from "../../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SectionCard } from "@/components/ui/section-card";
import { useSetInFlightLimit } from "./user-api";

export function UserInFlightCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const { now, own, default: byDefault } = user.inFlight;
  const [useDefault, setUseDefault] = useState(own === null);
  const [limit, setLimit] = useState(String(own ?? byDefault));
  const save = useSetInFlightLimit(user.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(useDefault ? null : limit.trim());
  };

  return (
    <SectionCard
      id="in-flight-title"
      title={t`Videos at once`}
      description={t`A new video beyond the limit is refused until one of theirs finishes; nothing is charged.`}
    >
      <p className="text-sm" role="status">
        {plural(now, { one: "# video of theirs is being made now.", other: "# videos of theirs are being made now." })}
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3" aria-label={t`Videos at once`}>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>Limit</Trans>
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="in-flight" checked={useDefault} onChange={() => setUseDefault(true)} />
            <Trans>The default ({byDefault})</Trans>
          </label>
          <label className="flex flex-wrap items-center gap-2 text-sm">
            <input type="radio" name="in-flight" checked={!useDefault} onChange={() => setUseDefault(false)} />
            <Trans>
              Their own limit:{" "}
              <Input
                aria-label={t`Their own limit of videos at once`}
                className="w-24"
                inputMode="numeric"
                min={IN_FLIGHT_LIMITS.min}
                max={IN_FLIGHT_LIMITS.max}
                value={limit}
                disabled={useDefault}
                onChange={(e) => setLimit(e.target.value)}
              />{" "}
              videos
            </Trans>
          </label>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            <Gauge aria-hidden="true" />
            {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save Limit</Trans>}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
