/**
 * The legal pages' texts (decision 0079): the admin's saved text of a page in a language, else
 * its starting text; saving records the change in the audit log in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { legalTexts } from "../../db/schema.js";
import { AppError } from "../../http/errors.js";
import { LEGAL_PAGES, MAX_LEGAL_TEXT_LENGTH, type LegalPage } from "../../../shared/legal-pages.js";
import { LOCALES, type Locale } from "../../../shared/i18n.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { AdminLegalText, LegalTextView } from "../../../shared/schemas/legal.js";
import { recordAudit, type AuditActor } from "../audit/audit-log.js";
import { startingText, type StartingTextValues } from "./starting-texts.js";

type Row = typeof legalTexts.$inferSelect;

function view(page: LegalPage, locale: Locale, row: Row | undefined, starting: StartingTextValues): LegalTextView {
  return row
    ? { page, locale, markdown: row.markdown, startingText: false, updatedAt: row.updatedAt.toISOString() }
    : { page, locale, markdown: startingText(page, locale, starting), startingText: true, updatedAt: null };
}

/** One page in one language, as everyone reads it. */
export async function readLegalText(
  db: Queryable,
  page: LegalPage,
  locale: Locale,
  starting: StartingTextValues,
): Promise<LegalTextView> {
  const [row] = await db
    .select()
    .from(legalTexts)
    .where(and(eq(legalTexts.page, page), eq(legalTexts.locale, locale)));
  return view(page, locale, row, starting);
}

/** Every page in every language, for the admin's editor. */
export async function listLegalTexts(db: Queryable, starting: StartingTextValues): Promise<AdminLegalText[]> {
  const rows = await db.select().from(legalTexts);
  return LEGAL_PAGES.flatMap((page) =>
    LOCALES.map((locale) => ({
      ...view(
        page,
        locale,
        rows.find((r) => r.page === page && r.locale === locale),
        starting,
      ),
      startingMarkdown: startingText(page, locale, starting),
    })),
  );
}

/** 413 with its reason when a text is over the limit: the admin is told how long it is and may be. */
function checkLength(markdown: string): void {
  const length = markdown.length;
  if (length <= MAX_LEGAL_TEXT_LENGTH) return;
  throw new AppError(
    "payload_too_large",
    `The text is too long: ${length} characters. A legal page can hold at most ${MAX_LEGAL_TEXT_LENGTH} characters.`,
    reasoned("legal_text_too_long", { length, max: MAX_LEGAL_TEXT_LENGTH }),
  );
}

/** Saves the admin's text (saving the starting text unchanged marks it reviewed), with its audit record. */
export async function saveLegalTextAudited(
  db: Db,
  page: LegalPage,
  locale: Locale,
  markdown: string,
  actor: AuditActor,
): Promise<LegalTextView> {
  checkLength(markdown);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(legalTexts)
      .where(and(eq(legalTexts.page, page), eq(legalTexts.locale, locale)))
      .for("update");
    const [row] = await tx
      .insert(legalTexts)
      .values({ page, locale, markdown })
      .onConflictDoUpdate({ target: [legalTexts.page, legalTexts.locale], set: { markdown, updatedAt: new Date() } })
      .returning();
    // The texts can be long: the log keeps their lengths, not the texts.
    await recordAudit(tx, actor, {
      action: "legal.update",
      targetType: "legal_page",
      targetId: `${page}.${locale}`,
      targetLabel: `${page} (${locale})`,
      details: {
        page,
        locale,
        wasStartingText: before === undefined,
        characters: { before: before?.markdown.length ?? null, after: markdown.length },
      },
    });
    return view(page, locale, row, { contactEmail: undefined });
  });
}

/**
 * Whether the legal pages are ready for customers: the admin has saved (or reviewed and kept)
 * every page in every language, so no starting text is shown any more. For the owner's set-up
 * checklist.
 */
export async function legalPagesReady(db: Queryable): Promise<boolean> {
  const rows = await db.select({ page: legalTexts.page, locale: legalTexts.locale }).from(legalTexts);
  return LEGAL_PAGES.every((page) =>
    LOCALES.every((locale) => rows.some((r) => r.page === page && r.locale === locale)),
  );
}
