import { Link } from "wouter";
import { ArrowRight, Clapperboard, Download, LogIn, PenLine, SlidersHorizontal, type LucideIcon } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { SectionHeading } from "./section-heading";

interface Step {
  icon: LucideIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** Four steps, as the heading 'From Idea to Video in 4 Steps' promises. */
const STEPS: readonly Step[] = [
  {
    icon: LogIn,
    title: msg`Sign Up or Log In`,
    text: msg`Create a free account in seconds, or sign in with Google, then top up a few credits.`,
  },
  {
    icon: PenLine,
    title: msg`Enter Your Prompt`,
    text: msg`Describe the scene, the camera and what people say, or upload an image to start from.`,
  },
  {
    icon: SlidersHorizontal,
    title: msg`Customize Audio`,
    text: msg`Add dialogue in quotes and name the sounds and music you want to hear.`,
  },
  {
    icon: Download,
    title: msg`Generate and Review`,
    text: msg`Your video is ready in about a minute. Preview it, recreate variations and download it.`,
  },
];

export function HowToSection() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="how-to-title" className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:py-24">
      <SectionHeading id="how-to-title" eyebrow={t`How to Create`} title={t`From Idea to Video in 4 Steps`} />
      <ol className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ icon: Icon, title, text }, index) => {
          const step = index + 1;
          return (
            <li key={title.id} className="relative rounded-2xl border border-border bg-surface/80 p-6">
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-violet-500 to-fuchsia-500 shadow-lg shadow-fuchsia-500/20">
                  <Icon className="size-5 text-white" aria-hidden="true" />
                </span>
                <span className="text-4xl font-extrabold text-zinc-800" aria-hidden="true">
                  {String(step).padStart(2, "0")}
                </span>
              </div>
              <h3 className="mt-5 text-base font-semibold">
                <span className="sr-only">{t`Step ${step}:`} </span>
                {t(title)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(text)}</p>
            </li>
          );
        })}
      </ol>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <Link href="/generate">
            <Clapperboard aria-hidden="true" />
            <Trans>Start Your First Video</Trans>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
