import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { MODE_CATALOGUE, MODEL_CATALOGUE, MODELS } from "../../../shared/catalogue";
import { SectionHeading } from "./section-heading";

interface Faq {
  id: string;
  question: string;
  answer: string;
}

const FAQS: readonly Faq[] = [
  {
    id: "credits",
    question: "How do credits work?",
    answer:
      "Each video costs a fixed number of credits that depends on the model and on whether you use the website or the API; the table below shows today's prices. One credit is worth $0.01, so 100 credits cost $1. Credits are taken when you start a video and your balance is always visible in the header.",
  },
  {
    id: "models",
    question: "Which model should I choose?",
    answer: `${MODELS.map((m) => `${MODEL_CATALOGUE[m].label}: ${MODEL_CATALOGUE[m].description.toLowerCase()}.`).join(" ")} Reference images work with ${MODE_CATALOGUE.reference.models.map((m) => MODEL_CATALOGUE[m].label).join(" and ")}; the table below shows what each costs.`,
  },
  {
    id: "length",
    question: "How long are the videos?",
    answer: "Every video is 8 seconds long, with sound. Longer videos are planned. You can chain several clips in any video editor to tell a longer story.",
  },
  {
    id: "hd",
    question: "Do I get videos in 1080p?",
    answer:
      "Yes. Every video, 16:9 or 9:16, is delivered in Full HD 1080p, on the website and through the API. The 720p version is ready first and the 1080p file usually follows within 2-3 minutes.",
  },
  {
    id: "refunds",
    question: "What happens if a video fails?",
    answer: "If a generation fails or is refused, the credits it used are returned to your balance automatically. You never pay for a video you did not get.",
  },
  {
    id: "api",
    question: "Can I generate videos through an API or with n8n and Make?",
    answer:
      "Yes. Create a personal API token on the API page and call the generation endpoint from your own code or from n8n and Make workflows. API videos use the API prices shown below and come with the same 1080p guarantee.",
  },
  {
    id: "commercial",
    question: "Can I use the videos commercially?",
    answer:
      "Yes. Videos you generate can be used in commercial projects such as ads, client work and product videos, and you are free to share them on social media. There are no daily limits.",
  },
  {
    id: "payment",
    question: "How do I pay?",
    answer:
      "Pick a credit package on the Pricing page and pay by card through our secure checkout or with PayPal. The credits are added to your balance as soon as the payment is confirmed.",
  },
];

export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" id="faq" className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:py-24">
      <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
      {/* type="single" collapsible: one answer open at a time; clicking the open one closes it. */}
      <Accordion type="single" collapsible className="mt-10 grid gap-3">
        {FAQS.map((faq) => (
          <AccordionItem key={faq.id} value={faq.id}>
            <AccordionTrigger>{faq.question}</AccordionTrigger>
            <AccordionContent>{faq.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
