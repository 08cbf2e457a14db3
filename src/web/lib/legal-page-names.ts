/**
 * The legal pages' names and one-line descriptions (decision 0079), in the `public` catalogue:
 * the footer on every page, the pages themselves and their pre-rendered heads all read them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LegalPage } from "../../shared/legal-pages";

export const LEGAL_PAGE_TITLES: Record<LegalPage, MessageDescriptor> = {
  terms: msg`Terms of service`,
  privacy: msg`Privacy policy`,
  refunds: msg`Refund policy`,
};

/** The head's description in search results and link previews. */
export const LEGAL_PAGE_DESCRIPTIONS: Record<LegalPage, MessageDescriptor> = {
  terms: msg`The terms for using Veo Studio: accounts, credits, what you may make and your videos.`,
  privacy: msg`What personal data Veo Studio keeps, why, who else receives it and how to have it deleted.`,
  refunds: msg`When Veo Studio returns credits and refunds purchases, and how to ask for a refund.`,
};
