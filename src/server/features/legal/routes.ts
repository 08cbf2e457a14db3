/**
 * The legal pages (decision 0079): GET /api/legal/:page/:locale for everyone, and under
 * /api/admin (registered in the admin scope, http/admin-scope.ts) the list and the save.
 */
import type { FastifyInstance } from "fastify";
import { legalApi } from "../../../shared/api/legal.js";
import type { ContactConfig } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { serve } from "../../http/route-contract.js";
import { auditActor } from "../audit/audit-log.js";
import { MAX_LEGAL_TEXT_LENGTH } from "../../../shared/legal-pages.js";
import { listLegalTexts, readLegalText, saveLegalTextAudited } from "./service.js";
import type { StartingTextValues } from "./starting-texts.js";
import { contactInForce } from "../contact/channels.js";
import type { Settings } from "../settings/service.js";

interface LegalOptions {
  db: Db;
  config: { contact: ContactConfig };
  readSettings(): Promise<Settings>;
}

/** The starting texts name the contact e-mail in force: the admin's, else CONTACT_EMAIL (decision 0074). */
const startingValues = async (opts: LegalOptions): Promise<StartingTextValues> => ({
  contactEmail: contactInForce(await opts.readSettings(), opts.config.contact).email,
});

export async function legalRoutes(app: FastifyInstance, opts: LegalOptions): Promise<void> {
  serve(app, legalApi.text, { access: "public" }, async (request, reply) => {
    // The admin's edits must show at once: caches may keep a copy but must ask again each time.
    reply.header("cache-control", "no-cache");
    return readLegalText(opts.db, request.params.page, request.params.locale, await startingValues(opts));
  });
}

/** Admin only: the scope demands an admin (401 signed out, 403 otherwise). */
export async function adminLegalRoutes(app: FastifyInstance, opts: LegalOptions): Promise<void> {
  serve(app, legalApi.adminList, {}, async () => ({
    maxLength: MAX_LEGAL_TEXT_LENGTH,
    texts: await listLegalTexts(opts.db, await startingValues(opts)),
  }));

  serve(app, legalApi.adminSave, {}, async (request) =>
    saveLegalTextAudited(
      opts.db,
      request.params.page,
      request.params.locale,
      request.body.markdown,
      auditActor(request),
    ),
  );
}
