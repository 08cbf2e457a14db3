/**
 * Public, machine-readable documents: GET /api/openapi.json (the automation API), GET
 * /api/openapi-full.json (every route, decision 0040) and the two n8n workflows, GET
 * /api/n8n/workflow.json (polling) and GET /api/n8n/workflow-webhook.json (waits for the
 * callback), all with this server's PUBLIC_URL filled in. They hold no secrets, so any origin may
 * read them (API tools and editors fetch them cross-origin).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../../config.js";
import { fullOpenApiDocument } from "../../http/openapi.js";
import { serve } from "../../http/route-contract.js";
import { automationApi } from "../../../shared/api/automation.js";
import { WEBHOOK_WORKFLOW_FILENAME, WORKFLOW_FILENAME } from "./messages.js";
import { buildN8nWebhookWorkflow } from "./n8n-webhook-workflow.js";
import { buildN8nWorkflow } from "./n8n-workflow.js";
import { automationOpenApiDocument } from "./openapi.js";

/** Sends JSON text built once (the documents change only with a restart: new code or a new PUBLIC_URL). */
function sendDocument(reply: FastifyReply, text: string) {
  reply.header("access-control-allow-origin", "*").header("cache-control", "public, max-age=300");
  return reply.type("application/json; charset=utf-8").send(text);
}

/** The download's file name, documented beside the schema. */
const downloadDocs = (filename: string) => ({
  responses: {
    200: {
      description: "The workflow as a file download.",
      headers: {
        "Content-Disposition": { description: `attachment; filename="${filename}"`, schema: { type: "string" } },
      },
    },
  },
});

export async function automationDocsRoutes(
  app: FastifyInstance,
  opts: { config: Pick<Config, "publicUrl"> },
): Promise<void> {
  const workflow = JSON.stringify(buildN8nWorkflow(opts.config.publicUrl), null, 2);
  const webhookWorkflow = JSON.stringify(buildN8nWebhookWorkflow(opts.config.publicUrl), null, 2);
  // The documents need every route registered: built on first request.
  let automation: string | undefined;
  let full: string | undefined;

  serve(app, automationApi.openapi, { access: "public" }, async (_request, reply) =>
    sendDocument(
      reply,
      (automation ??= JSON.stringify(automationOpenApiDocument(app, opts.config.publicUrl), null, 2)),
    ),
  );

  serve(app, automationApi.openapiFull, { access: "public" }, async (_request, reply) =>
    sendDocument(reply, (full ??= JSON.stringify(fullOpenApiDocument(app, opts.config.publicUrl), null, 2))),
  );

  serve(
    app,
    automationApi.workflow,
    { access: "public", docs: downloadDocs(WORKFLOW_FILENAME) },
    async (_request, reply) => {
      reply.header("content-disposition", `attachment; filename="${WORKFLOW_FILENAME}"`);
      return sendDocument(reply, workflow);
    },
  );

  serve(
    app,
    automationApi.webhookWorkflow,
    { access: "public", docs: downloadDocs(WEBHOOK_WORKFLOW_FILENAME) },
    async (_request, reply) => {
      reply.header("content-disposition", `attachment; filename="${WEBHOOK_WORKFLOW_FILENAME}"`);
      return sendDocument(reply, webhookWorkflow);
    },
  );
}
