/** /terms, /privacy and /refunds (decision 0079): one page each, the same view. */
import { LegalPageView } from "@/features/legal/legal-page-view";

export const TermsPage = () => <LegalPageView page="terms" />;
export const PrivacyPage = () => <LegalPageView page="privacy" />;
export const RefundsPage = () => <LegalPageView page="refunds" />;
