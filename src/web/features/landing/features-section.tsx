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
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { SectionHeading } from "./section-heading";

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
    text: msg`Sound effects, dialogue and ambient noise are generated together with the picture. No separate audio track to add.`,
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
    text: msg`Describe a scene in words, set its first and last frames, or give up to 3 reference images of a character, product or style.`,
  },
  {
    icon: Timer,
    title: msg`8-Second Videos`,
    text: msg`Every generation is a polished 8-second clip, ready for reels, ads and stories. Longer videos are planned.`,
  },
  {
    icon: MonitorPlay,
    title: msg`Full HD 1080p`,
    text: msg`Every video, landscape or portrait, is delivered in Full HD 1080p, through the website and the API alike.`,
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
          <Trans>Powered by Veo3, available to creators on the web and to developers through the API.</Trans>
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
