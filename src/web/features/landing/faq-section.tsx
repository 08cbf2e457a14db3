import { useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { PaymentMethods } from "../../../shared/schemas/packages";
import { PAYMENT_METHODS_PATH } from "../../../shared/payment-methods-path";
import { callQuery } from "@/lib/api";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { formatCreditValue, usePricing, type CreditValue } from "@/features/pricing";
import { modelDescription, modelLabel } from "@/lib/catalogue-text";
import { MODE_CATALOGUE, MODELS } from "../../../shared/catalogue";
import { SectionHeading } from "./section-heading";

interface Faq {
  id: string;
  question: MessageDescriptor;
  /** null: the answer is made while rendering (from the credit value, the model catalogue or the payment methods). */
  answer: MessageDescriptor | null;
}

const FAQS: readonly Faq[] = [
  {
    id: "credits",
    question: msg`How do credits work?`,
    answer: null,
  },
  {
    id: "models",
    question: msg`Which model should I choose?`,
    answer: null,
  },
  {
    id: "length",
    question: msg`How long are the videos?`,
    answer: msg`Veo3 videos are 8 seconds long, with sound, and can be extended with a new prompt. Kling, Seedance, Hailuo, Wan and Gemini Omni make videos of several lengths, priced by the second: the generator shows the lengths each model makes. You can also chain clips in any video editor to tell a longer story.`,
  },
  {
    id: "hd",
    question: msg`Do I get videos in 1080p?`,
    answer: msg`Yes. Veo3 videos, 16:9 or 9:16, are delivered in Full HD 1080p, on the website and through the API: the 720p version is ready first and the 1080p file usually follows within 2-3 minutes, with 4K on request. With Kling, Seedance, Hailuo, Wan and Gemini Omni you choose the resolution before you generate, up to 1080p (4K with Kling 3.0).`,
  },
  {
    id: "refunds",
    question: msg`What happens if a video fails?`,
    answer: msg`If a generation fails or is refused, the credits it used are returned to your balance automatically. You never pay for a video you did not get.`,
  },
  {
    id: "api",
    question: msg`Can I generate videos through an API or with n8n and Make?`,
    answer: msg`Yes. Create a personal API token on the API page and call the generation endpoint from your own code or from n8n and Make workflows. API videos use the API prices shown below, with the same models, options and files as the website.`,
  },
  {
    id: "commercial",
    question: msg`Can I use the videos commercially?`,
    answer: msg`Yes. Videos you generate can be used in commercial projects such as ads, client work and product videos, and you are free to share them on social media. There are no daily limits.`,
  },
  {
    id: "payment",
    question: msg`How do I pay?`,
    answer: null,
  },
];

// The contract (and zod) is imported when the answer is opened: the landing page's first load leaves them out.
const readPaymentMethods = callQuery(() => import("../../../shared/api/payments").then((m) => m.paymentsApi.methods));

/**
 * How to pay, naming only the payment methods that can sell a package now (issue 68): never PayPal
 * while only card payments are on, nor the card checkout without a package Creem can sell.
 */
function paymentAnswer(methods: PaymentMethods | undefined): string {
  if (!methods) {
    return t`Pick a credit package on the Pricing page and pay through its checkout. The credits are added to your balance as soon as the payment is confirmed.`;
  }
  const sells = (provider: "creem" | "paypal") => methods.packages.some((p) => p.providers.includes(provider));
  if (sells("creem") && sells("paypal")) {
    return t`Pick a credit package on the Pricing page and pay by card through our secure checkout or with PayPal. The credits are added to your balance as soon as the payment is confirmed.`;
  }
  if (sells("creem")) {
    return t`Pick a credit package on the Pricing page and pay by card through our secure checkout. The credits are added to your balance as soon as the payment is confirmed.`;
  }
  if (sells("paypal")) {
    return t`Pick a credit package on the Pricing page and pay with PayPal. The credits are added to your balance as soon as the payment is confirmed.`;
  }
  return t`Credits cannot be bought online right now. Please check again later, or contact us to buy credits.`;
}

/** How credits work, with what one is worth in dollars only when the server knows it (decision 0075). */
function creditsAnswer(value: CreditValue | null): string {
  const prices = t`Each video costs a fixed number of credits that depends on the model and on whether you use the website or the API; the table below shows today's prices.`;
  const balance = t`Credits are taken when you start a video and your balance is always visible in the header.`;
  if (!value) return `${prices} ${balance}`;
  const worth = formatCreditValue(value);
  const worthText =
    value.source === "setting"
      ? t`One credit is worth ${worth}.`
      : t`Credits cost from ${worth} each, depending on the package you buy.`;
  return `${prices} ${worthText} ${balance}`;
}

export function FaqSection() {
  const { t, i18n } = useLingui();
  const { creditValue } = usePricing();
  const [open, setOpen] = useState("");
  // Asked once the payment answer is opened, so the first load makes no extra request.
  const methods = useQuery({
    queryKey: [PAYMENT_METHODS_PATH],
    queryFn: readPaymentMethods,
    enabled: open === "payment",
    staleTime: 60_000,
  });
  // "Veo3 Fast: quick, for most videos." for every model, then which models take reference images.
  const models = MODELS.map((model) => {
    const label = modelLabel(model);
    const description = modelDescription(model).toLocaleLowerCase(i18n.locale);
    return t`${label}: ${description}.`;
  }).join(" ");
  const referenceModels = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
    MODE_CATALOGUE.reference.models.map(modelLabel),
  );
  const modelsAnswer = t`${models} Reference images work with ${referenceModels}; the table below shows what each costs.`;

  return (
    <section aria-labelledby="faq-title" id="faq" className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:py-24">
      <SectionHeading id="faq-title" eyebrow={t`FAQ`} title={t`Frequently Asked Questions`} />
      {/* type="single" collapsible: one answer open at a time; clicking the open one closes it. */}
      <Accordion type="single" collapsible value={open} onValueChange={setOpen} className="mt-10 grid gap-3">
        {FAQS.map((faq) => (
          <AccordionItem key={faq.id} value={faq.id}>
            <AccordionTrigger>{t(faq.question)}</AccordionTrigger>
            <AccordionContent>
              {faq.answer
                ? t(faq.answer)
                : faq.id === "credits"
                  ? creditsAnswer(creditValue)
                  : faq.id === "payment"
                    ? paymentAnswer(methods.data)
                    : modelsAnswer}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
