/**
 * The legal pages' texts (decision 0079): GET /api/legal/:page/:locale for everyone, and the
 * admin's list and save under /api/admin/legal.
 */
import { z } from "zod";
import { LOCALES } from "../i18n.js";
import { LEGAL_PAGES, MAX_LEGAL_TEXT_LENGTH } from "../legal-pages.js";
import { isoTimestamp } from "./common.js";

const legalPageSchema = z.enum(LEGAL_PAGES).meta({ description: "terms, privacy or refunds." });
const localeSchema = z.enum(LOCALES).meta({ description: "The text's language: en or vi." });

export const legalTextParams = z.object({ page: legalPageSchema, locale: localeSchema });

/** One page in one language, as everyone reads it. */
export const legalTextViewSchema = z
  .object({
    page: legalPageSchema,
    locale: localeSchema,
    markdown: z.string().meta({ description: "CommonMark; raw HTML in it is shown as text, never run." }),
    startingText: z.boolean().meta({
      description: "True while the admin has not saved this text: it is the product's starting text.",
    }),
    updatedAt: isoTimestamp
      .nullable()
      .meta({ description: "When the admin last saved it; null for the starting text." }),
  })
  .meta({ id: "LegalText" });
export type LegalTextView = z.infer<typeof legalTextViewSchema>;

/** The admin's view of one text: what it shows now, and the starting text to go back to. */
const adminLegalTextSchema = legalTextViewSchema
  .extend({ startingMarkdown: z.string() })
  .meta({ id: "AdminLegalText" });
export type AdminLegalText = z.infer<typeof adminLegalTextSchema>;

export const adminLegalTextListSchema = z
  .object({
    maxLength: z.number().int().meta({ description: "The most characters one text may have." }),
    texts: z.array(adminLegalTextSchema).meta({ description: "Every page in every language." }),
  })
  .meta({ id: "AdminLegalTexts" });

export const legalTextInputSchema = z.object({
  markdown: z
    .string({ error: "markdown is required" })
    .refine((text) => text.trim() !== "", "Write the page's text: an empty page cannot be saved")
    .meta({ description: `The page's text in Markdown, at most ${MAX_LEGAL_TEXT_LENGTH} characters.` }),
});
