/** The vendors a provider account can belong to, by the names their owners give them (issue 42). */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AccountVendor } from "../../../../shared/schemas/vendor-accounts";
import { MODEL_CATALOGUE, MODELS, type ModelId } from "../../../../shared/catalogue";
import { i18n } from "@/lib/i18n";

const VENDOR_LABELS: Record<AccountVendor, MessageDescriptor> = {
  kie: msg`KIE.ai`,
  google: msg`Google Gemini API`,
  vertex: msg`Google Vertex AI`,
};

export const vendorLabel = (vendor: AccountVendor): string => i18n._(VENDOR_LABELS[vendor]);

/** The models an account of this vendor makes (the catalogue's `vendors`): its costs are asked for these only. */
export const modelsMadeBy = (vendor: AccountVendor): ModelId[] =>
  MODELS.filter((model) => MODEL_CATALOGUE[model].vendors.includes(vendor));
