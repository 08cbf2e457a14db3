/** The languages the product speaks (issue 24): English, the default, and Vietnamese. */
import { z } from "zod";

export const LOCALES = ["en", "vi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const localeSchema = z.enum(LOCALES, { error: `language must be one of: ${LOCALES.join(", ")}` });
