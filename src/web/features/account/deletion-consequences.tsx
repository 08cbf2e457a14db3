import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { USERNAME_HOLD_DAYS } from "../../../shared/schemas/leaving";

/** What deleting does, said before it is done. */
export function DeletionConsequences({ credits }: { credits: number }) {
  const { t } = useLingui();
  const days = USERNAME_HOLD_DAYS;
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
      <li>
        <Trans>Your videos and uploaded images are deleted, and their share links stop working at once.</Trans>
      </li>
      <li>
        <Trans>Your API tokens and webhooks stop working, and you are signed out everywhere.</Trans>
      </li>
      {credits > 0 ? (
        <li className="font-medium text-foreground">
          {t`${plural(credits, {
            one: "Your balance of # credit is lost: it cannot be refunded or moved.",
            other: "Your balance of # credits is lost: it cannot be refunded or moved.",
          })}`}
        </li>
      ) : null}
      <li>
        <Trans>Records of your payments and credits stay for our accounts, without your name or e-mail address.</Trans>
      </li>
      <li>
        {t`${plural(days, {
          one: "Nobody else can take your username for # day.",
          other: "Nobody else can take your username for # days.",
        })}`}
      </li>
      <li>
        <Trans>If your e-mail address is confirmed, a last message confirms the deletion.</Trans>
      </li>
    </ul>
  );
}
