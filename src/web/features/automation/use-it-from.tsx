import { Trans, useLingui } from "@lingui/react/macro";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { McpCard } from "./mcp-card";
import { N8nNodeCard } from "./n8n-node-card";
import { TypedClientCard } from "./typed-client-card";

/** "Use it from…" (decision 0170): an AI agent over MCP, the n8n node, the TypeScript client, one tab each. */
export function UseItFrom() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="use-it-from-title" className="grid gap-4">
      <div>
        <h2 id="use-it-from-title" className="text-2xl font-bold tracking-tight">
          <Trans>Use it from…</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <Trans>Make videos without writing an HTTP request: from an AI agent, from n8n, or from TypeScript.</Trans>
        </p>
      </div>
      <Tabs defaultValue="mcp">
        <TabsList aria-label={t`Use it from`} className="mb-4 w-full sm:w-fit">
          <TabsTrigger value="mcp">
            <Trans>AI agents</Trans>
          </TabsTrigger>
          {/* eslint-disable lingui/no-unlocalized-strings -- product names, the same in every language */}
          <TabsTrigger value="n8n">n8n</TabsTrigger>
          <TabsTrigger value="client">TypeScript</TabsTrigger>
          {/* eslint-enable lingui/no-unlocalized-strings */}
        </TabsList>
        <TabsContent value="mcp">
          <McpCard />
        </TabsContent>
        <TabsContent value="n8n">
          <N8nNodeCard />
        </TabsContent>
        <TabsContent value="client">
          <TypedClientCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}
