/** GET /api/contact: the contact channels in force, the admin's or the CONTACT_* defaults (public; no secrets in here). */
import type { FastifyInstance } from "fastify";
import { siteApi } from "../../../shared/api/site.js";
import { serve } from "../../http/route-contract.js";
import type { ContactConfig } from "../../config.js";
import type { Settings } from "../settings/service.js";
import { contactChannels, contactInForce } from "./channels.js";

export async function contactRoutes(
  app: FastifyInstance,
  opts: { config: { contact: ContactConfig }; readSettings(): Promise<Settings> },
): Promise<void> {
  serve(app, siteApi.contact, { access: "public" }, async (_request, reply) => {
    const settings = await opts.readSettings();
    // Short: an admin's change shows within a minute.
    reply.header("cache-control", "public, max-age=60");
    return { channels: contactChannels(contactInForce(settings, opts.config.contact)) };
  });
}
