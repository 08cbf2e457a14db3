import { Workflow } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CodeBlock } from "./code-block";
import { N8N_PACKAGE } from "./use-it-from-snippets";

/** The n8n community node (issue 73): how to install it; text only, nothing asked of the server. */
export function N8nNodeCard() {
  const { t } = useLingui();
  const origin = window.location.origin;
  return (
    <div className="grid gap-3 rounded-2xl border border-border bg-surface/60 p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Workflow className="size-4 text-violet-300" aria-hidden="true" />
        <Trans>The Veo Studio node for n8n</Trans>
      </h3>
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
        <li>
          <Trans>In n8n, open Settings › Community nodes, choose Install and enter the package name below.</Trans>
        </li>
        <li>
          <Trans>
            Create a Veo Studio credential with this site&apos;s address ({origin}) and one of your API tokens.
          </Trans>
        </li>
        <li>
          <Trans>
            Add the Veo Studio node to a workflow: Generate and Wait makes a video and returns its URLs; the Veo Studio
            Trigger starts a workflow when a video is finished. n8n&apos;s AI Agent can use the node as a tool.
          </Trans>
        </li>
      </ol>
      <CodeBlock title={t`n8n community node package`} code={N8N_PACKAGE} />
    </div>
  );
}
