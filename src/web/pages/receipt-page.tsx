import { Link, useParams } from "wouter";
import { RefreshCw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { ReceiptView } from "@/features/payments/receipt-view";
import { useReceipt } from "@/features/payments/use-payment-queries";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { ApiError, errorMessage } from "@/lib/api";

/** /receipts/{orderId} (decision 0086): one of the signed-in buyer's completed payments, printable. */
export function ReceiptPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Receipt`);
  const { orderId } = useParams<{ orderId: string }>();
  const { user, isResolved } = useCurrentUser();
  const query = useReceipt(orderId, user !== null);

  let body;
  if (!user) {
    body = isResolved ? (
      <SignInPrompt title={t`Sign in to see this receipt`} description={t`Receipts are shown to their buyer only.`} />
    ) : (
      <PageLoading label={t`Loading the receipt`} />
    );
  } else if (query.data) {
    body = <ReceiptView receipt={query.data} />;
  } else if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <div className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center" role="alert">
        <p className="text-muted-foreground">
          {missing
            ? t`No receipt here: the link may be wrong, the payment may not be complete yet, or it belongs to another account.`
            : errorMessage(query.error)}
        </p>
        {missing ? (
          <Button variant="secondary" asChild>
            <Link href="/pricing">
              <Trans>See my purchases</Trans>
            </Link>
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        )}
      </div>
    );
  } else {
    body = <PageLoading label={t`Loading the receipt`} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 lg:py-14 print:max-w-none print:p-0">{body}</div>
  );
}
