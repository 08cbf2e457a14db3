/** GET /api/contact: the contact channels the operator configured (public; no secrets in here). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactResponseSchema, type ContactChannel, type ContactResponse } from "../../../shared/contact.js";
import type { ContactConfig } from "../../config.js";

/** In the order the page shows them; unset channels are left out. */
export function contactChannels(c: ContactConfig): ContactChannel[] {
  const channels: ContactChannel[] = [];
  if (c.zaloPhone) {
    channels.push({
      kind: "zalo",
      label: "Chat on Zalo",
      detail: `+${c.zaloPhone}`,
      href: `https://zalo.me/${c.zaloPhone}`,
    });
  }
  if (c.zaloGroupUrl) {
    channels.push({
      kind: "zalo-group",
      label: "Join the Zalo community",
      detail: c.zaloGroupUrl.replace(/^https:\/\//, ""),
      href: c.zaloGroupUrl,
    });
  }
  if (c.telegram) {
    channels.push({
      kind: "telegram",
      label: "Message us on Telegram",
      detail: `@${c.telegram}`,
      href: `https://t.me/${c.telegram}`,
    });
  }
  if (c.email) {
    channels.push({ kind: "email", label: "Send an e-mail", detail: c.email, href: `mailto:${c.email}` });
  }
  return channels;
}

export async function contactRoutes(app: FastifyInstance, opts: { config: { contact: ContactConfig } }): Promise<void> {
  const body: ContactResponse = { channels: contactChannels(opts.config.contact) };
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/contact",
    {
      config: { access: "public" },
      schema: {
        tags: ["Site"],
        summary: "The contact channels the operator configured",
        response: { 200: contactResponseSchema },
      },
    },
    async (_request, reply) => {
      // The settings only change with a restart.
      reply.header("cache-control", "public, max-age=300");
      return body;
    },
  );
}
