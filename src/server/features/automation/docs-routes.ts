/**
 * Public, machine-readable documents: GET /api/openapi.json (the automation API), GET
 * /api/openapi-full.json (every route, decision 0040) and the two n8n workflows, GET
 * /api/n8n/workflow.json (polling) and GET /api/n8n/workflow-webhook.json (waits for the
 * callback), all with this server's PUBLIC_URL filled in. They hold no secrets, so any origin may
 * read them (API tools and editors fetch them cross-origin).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.js";
import { fullOpenApiDocument } from "../../http/openapi.js";
import { WEBHOOK_WORKFLOW_FILENAME, WORKFLOW_FILENAME } from "./messages.js";
import { buildN8nWebhookWorkflow, WEBHOOK_WAIT_MINUTES } from "./n8n-webhook-workflow.js";
import { buildN8nWorkflow } from "./n8n-workflow.js";
import { automationOpenApiDocument } from "./openapi.js";

const openApiDocument = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ description: "An OpenAPI 3.1 document, with this server's address." });
const workflowDocument = z.looseObject({
  name: z.string(),
  nodes: z.array(z.unknown()),
  connections: z.looseObject({}),
});

/** Sends JSON text built once (the documents change only with a restart: new code or a new PUBLIC_URL). */
function sendDocument(reply: FastifyReply, text: string) {
  reply.header("access-control-allow-origin", "*").header("cache-control", "public, max-age=300");
  return reply.type("application/json; charset=utf-8").send(text);
}

export async function automationDocsRoutes(
  scope: FastifyInstance,
  opts: { config: Pick<Config, "publicUrl"> },
): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const workflow = JSON.stringify(buildN8nWorkflow(opts.config.publicUrl), null, 2);
  const webhookWorkflow = JSON.stringify(buildN8nWebhookWorkflow(opts.config.publicUrl), null, 2);
  // The documents need every route registered: built on first request.
  let automation: string | undefined;
  let full: string | undefined;

  const docsSchema = (summary: string, operationId: string, description: string) => ({
    tags: ["Documents"],
    operationId,
    summary,
    response: { 200: openApiDocument.meta({ description }) },
  });

  app.get(
    "/api/openapi.json",
    {
      config: { access: "public" },
      schema: docsSchema(
        "This document",
        "getOpenApiDocument",
        "The automation API's OpenAPI 3.1 document, with this server's address.",
      ),
    },
    async (_request, reply) =>
      sendDocument(
        reply,
        (automation ??= JSON.stringify(automationOpenApiDocument(scope, opts.config.publicUrl), null, 2)),
      ),
  );

  app.get(
    "/api/openapi-full.json",
    {
      config: { access: "public" },
      schema: docsSchema(
        "Every route",
        "getFullOpenApiDocument",
        "The OpenAPI 3.1 document of every route (the web app's and the admin's too), with this server's address.",
      ),
    },
    async (_request, reply) =>
      sendDocument(reply, (full ??= JSON.stringify(fullOpenApiDocument(scope, opts.config.publicUrl), null, 2))),
  );

  const workflowSchema = {
    tags: ["Documents"],
    operationId: "getN8nWorkflow",
    summary: "A ready n8n workflow",
    description:
      "An n8n 1.x workflow (manual trigger, generate, wait, status, loop with a cap) with this server's address filled in. It holds no token: after importing it, pick or create a Bearer Auth credential holding your API token on both HTTP Request nodes.",
    response: { 200: workflowDocument },
  };
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
  app.get(
    "/api/n8n/workflow.json",
    { config: { access: "public", docs: downloadDocs(WORKFLOW_FILENAME) }, schema: workflowSchema },
    async (_request, reply) => {
      reply.header("content-disposition", `attachment; filename="${WORKFLOW_FILENAME}"`);
      return sendDocument(reply, workflow);
    },
  );

  const webhookWorkflowSchema = {
    tags: ["Documents"],
    operationId: "getN8nWebhookWorkflow",
    summary: "A ready n8n workflow that waits for the callback",
    description: `An n8n 1.x workflow (manual trigger, generate with callbackUrl set to n8n's resume URL and an Idempotency-Key per execution, a Wait node that resumes on the video.completed or video.failed callback, at most ${WEBHOOK_WAIT_MINUTES} minutes) with this server's address filled in. No polling, but this server must reach n8n: its resume URL must be a public https address. It holds no token: after importing it, pick or create a Bearer Auth credential holding your API token on the Generate video node.`,
    response: { 200: workflowDocument },
  };
  app.get(
    "/api/n8n/workflow-webhook.json",
    { config: { access: "public", docs: downloadDocs(WEBHOOK_WORKFLOW_FILENAME) }, schema: webhookWorkflowSchema },
    async (_request, reply) => {
      reply.header("content-disposition", `attachment; filename="${WEBHOOK_WORKFLOW_FILENAME}"`);
      return sendDocument(reply, webhookWorkflow);
    },
  );
}
