/**
 * Before a confirmation link is used, its page names the account it would change and asks
 * (decision 0131): someone may have typed this person's address into an account of their own, and
 * a click would hand them a confirmed address. Not theirs: they leave, and tell the owner.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { MailCheck, MailQuestionMark } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { accountLinksApi } from "../../../shared/api/account-links";
import { Button } from "@/components/ui/button";
import { call } from "@/lib/api";
import type { AddressLinkKind } from "./account-links-api";
import { LinkFailed } from "./link-failed";
import { LinkCard } from "./link-card";
import { LinkPending } from "./link-pending";

export function AddressLinkQuestion(props: { kind: AddressLinkKind; token: string; onConfirm: () => void }) {
  const { kind, token } = props;
  const { t } = useLingui();
  const link = useQuery({
    queryKey: ["address-link", kind, token],
    queryFn: ({ signal }) => call(accountLinksApi.addressLink, { body: { token, kind }, signal }),
    retry: false,
    staleTime: Infinity,
  });
  if (link.isPending) return <LinkPending title={t`Checking the link…`} />;
  if (link.isError) return <LinkFailed kind={kind} error={link.error} />;
  const { username, email } = link.data;
  return (
    <LinkCard
      icon={MailQuestionMark}
      title={kind === "verify" ? t`Is this your account?` : t`Use this address?`}
      description={
        kind === "verify"
          ? t`Confirm that ${email} is the address of the account ${username}.`
          : t`The account ${username} asked to use ${email} from now on.`
      }
    >
      <Button size="lg" className="w-full" onClick={props.onConfirm}>
        <MailCheck aria-hidden="true" />
        {kind === "verify" ? <Trans>Yes, {username} is mine: confirm</Trans> : <Trans>Yes, use this address</Trans>}
      </Button>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Not your account? Do not confirm: someone typed your address into an account that is not yours. Close this
          page and{" "}
          <Link href="/contact" className="text-violet-300 underline-offset-4 hover:underline">
            tell us
          </Link>
          .
        </Trans>
      </p>
    </LinkCard>
  );
}
