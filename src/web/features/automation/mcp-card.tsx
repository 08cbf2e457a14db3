import { Bot } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CodeBlock } from "./code-block";
import { CopyButton } from "./copy-button";
import { claudeCodeCommand, claudeCodeTokenCommand, cursorConfig, mcpUrl, vsCodeConfig } from "./use-it-from-snippets";

/**
 * "Add Veo Studio to your AI agent (MCP)" (decision 0170): the server's address on this site and a
 * configuration to copy for the common clients. Clients that sign in with OAuth need no token.
 */
export function McpCard() {
  const { t } = useLingui();
  const origin = window.location.origin;
  const url = mcpUrl(origin);
  return (
    <div className="grid gap-4 rounded-2xl border border-border bg-surface/60 p-5">
      <div>
        <h3 className="flex items-center gap-2 font-semibold">
          <Bot className="size-4 text-violet-300" aria-hidden="true" />
          <Trans>Add Veo Studio to your AI agent (MCP)</Trans>
        </h3>
        <p className="mt-2 text-sm text-muted-foreground">
          <Trans>
            Claude, Cursor, VS Code and other agents that speak the Model Context Protocol can list the models and their
            prices, make videos, follow them and check your balance, with your credits at the API prices.
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium">
          <Trans>Server URL</Trans>
        </span>
        <code
          aria-label={t`MCP server URL`}
          className="min-w-0 break-all rounded-lg border border-border bg-black/40 px-3 py-1.5 font-mono text-sm text-emerald-200"
        >
          {url}
        </code>
        <CopyButton text={url} label={t`Copy the MCP server URL`} />
      </div>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Agents that sign in with OAuth need no token: add the URL alone, and the agent opens a page of this site where
          you choose what it may do. You see it under Connected apps and can revoke it there. Claude (the app and
          claude.ai) adds it under Settings › Connectors › Add custom connector; for that, this site must be reachable
          from the internet.
        </Trans>
      </p>
      <CodeBlock title={t`Claude Code (signs in through this site)`} code={claudeCodeCommand(origin)} />
      <p className="text-sm text-muted-foreground">
        <Trans>
          Agents without OAuth send an API token as a header instead. Replace YOUR_API_TOKEN with one of your tokens.
        </Trans>
      </p>
      <CodeBlock title={t`Claude Code with an API token`} code={claudeCodeTokenCommand(origin)} />
      <div className="grid gap-4 lg:grid-cols-2">
        <CodeBlock title={t`Cursor: ~/.cursor/mcp.json`} code={cursorConfig(origin)} />
        <CodeBlock title={t`VS Code: .vscode/mcp.json`} code={vsCodeConfig(origin)} />
      </div>
    </div>
  );
}
