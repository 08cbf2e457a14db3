import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowLeft, Printer } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Receipt } from "../../../shared/schemas/receipts";
import { Button } from "@/components/ui/button";
import { formatCredits, formatDateTime, formatMoney } from "@/lib/format";

/* eslint-disable lingui/no-unlocalized-strings -- the providers' names are the same in every language */
const PROVIDERS: Record<Receipt["provider"], string> = { creem: "Creem", paypal: "PayPal" };
/* eslint-enable lingui/no-unlocalized-strings */

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4 py-2.5 print:py-1.5">
      <dt className="text-muted-foreground print:text-zinc-600">{label}</dt>
      <dd className="break-words font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** Who sold and who bought: a block of lines each. */
function Party({ title, lines }: { title: string; lines: (string | null)[] }) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground print:text-zinc-600">
        {title}
      </h2>
      {lines
        .filter((line): line is string => Boolean(line))
        .map((line) => (
          <p key={line} className="mt-1 whitespace-pre-line break-words">
            {line}
          </p>
        ))}
    </div>
  );
}

/**
 * A completed payment's receipt (decision 0086), for the screen and for paper: the print style
 * sheet drops the site's header and footer (styles.css) and these buttons, and prints it black on
 * white.
 */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t } = useLingui();
  const refunded = Number(receipt.refundedAmount) > 0;
  const orderId = receipt.orderId;
  const money = (amount: string) => formatMoney(Number(amount), receipt.currency);
  const code = receipt.discount?.code;
  const dispute: Record<NonNullable<Receipt["disputeStatus"]>, string> = {
    open: t`Disputed: waiting for the decision`,
    won: t`Disputed: decided for the seller`,
    lost: t`Disputed: decided for the buyer`,
  };

  return (
    <article
      aria-labelledby="receipt-title"
      className="rounded-2xl border border-border bg-surface/80 p-6 shadow-xl shadow-black/30 sm:p-10 print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans>Receipt</Trans>
          </h1>
          <p className="mt-1 break-all text-sm text-muted-foreground print:text-zinc-600">
            <Trans>Order {orderId}</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" asChild>
            <Link href="/pricing">
              <ArrowLeft aria-hidden="true" />
              <Trans>Back to my purchases</Trans>
            </Link>
          </Button>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            <Trans>Print</Trans>
          </Button>
        </div>
      </div>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Party title={t`Seller`} lines={[receipt.seller.name, receipt.seller.address]} />
        <Party title={t`Buyer`} lines={[receipt.buyer.username, receipt.buyer.email]} />
      </div>

      <dl className="mt-8 divide-y divide-border border-y border-border text-sm print:divide-zinc-300 print:border-zinc-300">
        <Line label={t`Date`}>{formatDateTime(receipt.completedAt)}</Line>
        <Line label={t`Package`}>{receipt.packageName}</Line>
        <Line label={t`Credits`}>{formatCredits(receipt.credits)}</Line>
        {receipt.bonusCredits > 0 ? <Line label={t`Bonus credits`}>{formatCredits(receipt.bonusCredits)}</Line> : null}
        {receipt.discount ? (
          <>
            <Line label={t`Price`}>{money(receipt.discount.listAmount)}</Line>
            <Line label={t`Discount (${code})`}>&minus;{money(receipt.discount.amountOff)}</Line>
          </>
        ) : null}
        <Line label={t`Amount paid`}>
          <span className="text-base font-semibold">{money(receipt.amount)}</span>
        </Line>
        <Line label={t`Paid with`}>{PROVIDERS[receipt.provider]}</Line>
        {receipt.providerPaymentId ? <Line label={t`Payment id`}>{receipt.providerPaymentId}</Line> : null}
        {receipt.providerTransactionId ? <Line label={t`Transaction id`}>{receipt.providerTransactionId}</Line> : null}
        {refunded ? <Line label={t`Amount refunded`}>{money(receipt.refundedAmount)}</Line> : null}
        {receipt.disputeStatus ? <Line label={t`Dispute`}>{dispute[receipt.disputeStatus]}</Line> : null}
      </dl>

      <p className="mt-6 text-sm text-muted-foreground print:text-zinc-600">
        <Trans>
          Thank you for your purchase. The credits were added to your account when the payment was confirmed.
        </Trans>
      </p>
    </article>
  );
}
