import { Trans } from "@lingui/react/macro";
import { ApiPricesCard } from "./api-prices-card";
import { ApiSteps } from "./api-steps";
import { TOKEN_PLACEHOLDER } from "./curl-examples";
import { GuideRulesCard } from "./guide-rules-card";
import { N8nWorkflowCard } from "./n8n-workflow-card";

/** An HTTP header, the same in every language. */
const AUTH_HEADER = `Authorization: Bearer ${TOKEN_PLACEHOLDER}`;

/** The automation guide (decision 0019): rules, prices, curl examples, the n8n workflow. */
export function AutomationGuide() {
  const header = AUTH_HEADER;

  return (
    <section aria-labelledby="guide-title" className="grid gap-8">
      <div>
        <h2 id="guide-title" className="text-2xl font-bold tracking-tight">
          <Trans>Automation guide</Trans>
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          <Trans>
            Make videos from n8n, Make or any HTTP client. Every request carries your token in the header{" "}
            <code className="rounded bg-surface-raised px-1.5 py-0.5 text-sm">{header}</code>; credits, videos and
            history are the same as on the web, and videos made through the API show in My Creations with an API badge.
          </Trans>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <GuideRulesCard />
        <ApiPricesCard />
      </div>

      <ApiSteps />

      <N8nWorkflowCard />
    </section>
  );
}
