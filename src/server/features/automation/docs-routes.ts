/**
 * Public, machine-readable documents of the automation API: GET /api/openapi.json and
 * GET /api/n8n/workflow.json, both with this server's PUBLIC_URL filled in. They hold no secrets,
 * so any origin may read them (API tools and editors fetch them cross-origin).
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.js";
import { buildN8nWorkflow } from "./n8n-workflow.js";
import { buildOpenApiDocument, WORKFLOW_FILENAME } from "./openapi.js";

export async function automationDocsRoutes(app: FastifyInstance, opts: { config: Pick<Config, "publicUrl"> }): Promise<void> {
  // Both only change with a restart (new code or a new PUBLIC_URL): build them once.
  const openApi = JSON.stringify(buildOpenApiDocument(opts.config.publicUrl), null, 2);
  const workflow = JSON.stringify(buildN8nWorkflow(opts.config.publicUrl), null, 2);

  app.get("/api/openapi.json", { config: { access: "public" } }, async (_request, reply) => {
    reply.header("access-control-allow-origin", "*").header("cache-control", "public, max-age=300");
    return reply.type("application/json; charset=utf-8").send(openApi);
  });

  app.get("/api/n8n/workflow.json", { config: { access: "public" } }, async (_request, reply) => {
    reply
      .header("access-control-allow-origin", "*")
      .header("cache-control", "public, max-age=300")
      .header("content-disposition", `attachment; filename="${WORKFLOW_FILENAME}"`);
    return reply.type("application/json; charset=utf-8").send(workflow);
  });
}
