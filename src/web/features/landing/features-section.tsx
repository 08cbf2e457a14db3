import {
  AudioLines,
  BadgeCheck,
  Atom,
  ImagePlus,
  MessageSquareQuote,
  MonitorPlay,
  Timer,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, MODELS } from "../../../shared/catalogue";
import { SectionHeading } from "./section-heading";

/** The shortest and longest video any model makes, in seconds (Veo3's are 8). */
const lengths = MODELS.flatMap((model) => MODEL_CATALOGUE[model].durations.options);
const shortest = Math.min(...lengths);
const longest = Math.max(...lengths);

interface Feature {
  icon: LucideIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The product's marketing claims. */
const FEATURES: readonly Feature[] = [
  {
    icon: AudioLines,
    title: msg`Native Audio`,
    text: msg`With Veo3, Kling and Seedance, sound effects, dialogue and ambient noise are generated together with the picture. No separate audio track to add.`,
  },
  {
    icon: MessageSquareQuote,
    title: msg`Realistic Lip Sync`,
    text: msg`Write the line a character should say and watch the mouth movements match every word.`,
  },
  {
    icon: Atom,
    title: msg`Physics-Based Motion`,
    text: msg`Water, fabric, smoke and bodies move with believable weight, momentum and lighting.`,
  },
  {
    icon: ImagePlus,
    title: msg`Text or Image Prompts`,
    text: msg`Describe a scene in words, set its first and last frames, or give reference images of a character, product or style.`,
  },
  {
    icon: Timer,
    title: msg`Videos of ${shortest} to ${longest} Seconds`,
    text: msg`Veo3 makes polished 8-second clips you can extend; the other models make ${shortest} to ${plural(longest, { one: "# second", other: "# seconds" })}, priced by the second. Ready for reels, ads and stories.`,
  },
  {
    icon: MonitorPlay,
    title: msg`Full HD 1080p and 4K`,
    text: msg`Veo3 videos, landscape or portrait, are delivered in Full HD 1080p with 4K on request; with the other models you choose the resolution. Through the website and the API alike.`,
  },
  {
    icon: Workflow,
    title: msg`API & Automation`,
    text: msg`Generate from your own code or from n8n and Make workflows with a personal API token.`,
  },
  {
    icon: BadgeCheck,
    title: msg`Commercial Use`,
    text: msg`Use your videos in client work and ads, share them on social media. No daily limits: create as much as you need.`,
  },
];

export function FeaturesSection() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="features-title" className="border-y border-border/60 bg-surface/30">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading
          id="features-title"
          eyebrow={t`Key Features`}
          title={t`Everything You Need for Videos That Sound Real`}
        >
          <Trans>
            Powered by Veo3, Kling, Seedance, Hailuo, Wan and Gemini Omni, available to creators on the web and to
            developers through the API.
          </Trans>
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title.id}
              className="rounded-2xl border border-border bg-surface/80 p-6 transition-colors hover:border-violet-500/40 hover:bg-surface-raised/70"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-violet-500/20 to-fuchsia-500/20 ring-1 ring-violet-400/30">
                <Icon className="size-5 text-violet-200" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-base font-semibold">{t(title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
