/** The public contact channels (GET /api/contact), configured by the operator (CONTACT_* settings). */
import { z } from "zod";

const CONTACT_CHANNEL_KINDS = ["zalo", "zalo-group", "telegram", "email"] as const;
export type ContactChannelKind = (typeof CONTACT_CHANNEL_KINDS)[number];

const contactChannelSchema = z
  .object({
    kind: z.enum(CONTACT_CHANNEL_KINDS),
    label: z.string().meta({ description: 'The button\'s text, e.g. "Chat on Zalo".' }),
    detail: z
      .string()
      .meta({ description: "What the visitor will reach: a phone number, @username, address or group link." }),
    href: z.string().meta({ description: "Ready to open: https://zalo.me/…, https://t.me/…, mailto:…" }),
  })
  .meta({ id: "ContactChannel" });
export type ContactChannel = z.infer<typeof contactChannelSchema>;

/** GET /api/contact: in the order the page shows them; unset channels are left out. */
export const contactResponseSchema = z
  .object({ channels: z.array(contactChannelSchema) })
  .meta({ id: "ContactChannels" });
