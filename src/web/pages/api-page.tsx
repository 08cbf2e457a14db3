import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { PageLoading } from "@/components/ui/page-loading";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { AutomationGuide } from "@/features/automation/automation-guide";
import { TokenSection } from "@/features/automation/token-section";
import { UseItFrom } from "@/features/automation/use-it-from";
import { ConnectedAppsCard } from "@/features/oauth/connected-apps-card";
import { WebhooksSection } from "@/features/webhooks/webhooks-section";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /api (decision 0019): API tokens, the apps connected through OAuth and the MCP server, n8n node
 * and TypeScript client (decision 0170), webhooks (decision 0047) and the n8n/Make automation guide.
 */
export function ApiPage() {
  const { t } = useLingui();
  useDocumentTitle("API");
  const { user, isResolved } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader
        className="mb-10 max-w-3xl"
        title={
          <Trans>
            API &amp; <span className="text-gradient">Automation</span>
          </Trans>
        }
        description={
          <Trans>
            Create a token, then make videos from n8n, Make, an AI agent or any HTTP client with the same credits as on
            the web.
          </Trans>
        }
      />
      {user ? (
        <div className="grid gap-14">
          <TokenSection />
          <ConnectedAppsCard />
          <UseItFrom />
          <WebhooksSection />
          <AutomationGuide />
        </div>
      ) : isResolved ? (
        <SignInPrompt
          title={t`Sign in to use the API`}
          description={t`API tokens belong to your account, so sign in or create one first.`}
        />
      ) : (
        <PageLoading label={t`Loading`} />
      )}
    </div>
  );
}
