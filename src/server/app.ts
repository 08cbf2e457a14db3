/** buildApp(deps): the HTTP application. main.ts runs it; tests build it with their own deps. */
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Db } from "./db/connect.js";
import { sql } from "drizzle-orm";
import { adminUserRoutes } from "./features/admin/users-routes.js";
import { authRoutes, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from "./features/auth/routes.js";
import { adminSettingsRoutes } from "./features/settings/routes.js";
import { registerErrorHandler } from "./http/errors.js";
import { registerJsonBodyParser } from "./http/json-body.js";
import { registerNotFoundHandler } from "./http/not-found.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerSessionAuth } from "./http/session-auth.js";
import { registerStaticSpa } from "./http/static-spa.js";
import type { SecretBox } from "./lib/secret-box.js";

export interface AppDeps {
  config: Config;
  db: Db;
  secretBox: SecretBox;
  logger?: Logger;
  /** The built SPA (dist/web); without it only the API is served. */
  webDir?: string;
  rateLimits?: Partial<AuthRateLimits>;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, secretBox } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }) as unknown as FastifyInstance;

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(fastifyCookie);
  registerSessionAuth(app, db);

  app.get("/healthz", async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false, message: "Database unreachable" });
    }
  });

  await app.register(authRoutes, {
    db,
    secureCookies: config.secureCookies,
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.rateLimits },
  });
  await app.register(adminUserRoutes, { db });
  await app.register(adminSettingsRoutes, { db, secretBox });

  const indexHtml = deps.webDir ? await registerStaticSpa(app, deps.webDir) : undefined;
  registerNotFoundHandler(app, indexHtml);
  return app;
}
