import { useState } from "react";
import { Redirect } from "wouter";
import { AudioLines, Sparkles, WandSparkles, Zap } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODELS } from "../../shared/catalogue";
import { AuthCard } from "@/features/auth/auth-card";
import { GoogleAccountExistsNotice } from "@/features/auth/google-account-exists";
import { useGoogleReturn } from "@/features/auth/google-sign-in";
import { readNextAfterSignIn } from "@/features/auth/next-after-sign-in";
import { hasGeneratorDraft } from "@/lib/generator-draft";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { modelDescription, modelLabel } from "@/lib/catalogue-text";

const HIGHLIGHTS = [
  {
    icon: AudioLines,
    title: msg`Native audio`,
    text: msg`Dialogue, sound effects and ambience generated with every clip.`,
  },
  {
    icon: WandSparkles,
    title: msg`Text or image prompts`,
    text: msg`Describe a scene, set its first and last frames or give reference images.`,
  },
  { icon: Zap, title: msg`A model for every budget`, text: null },
];

export function LoginPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Sign In`);
  // Read before useGoogleReturn cleans the address: where the person was going.
  const [next] = useState(() => readNextAfterSignIn());
  useGoogleReturn();
  const { user, isResolved } = useCurrentUser();
  // Back from Google without a page to go to, but with a prompt typed before signing in: the generator (as a password sign-in does).
  if (isResolved && user) return <Redirect to={next === "/" && hasGeneratorDraft() ? "/generate" : next} replace />;
  // "Veo3 Fast: quick, for most videos." for every model of the catalogue.
  const models = MODELS.map((model) => {
    const label = modelLabel(model);
    const description = modelDescription(model).toLocaleLowerCase(i18n.locale);
    return t`${label}: ${description}.`;
  }).join(" ");

  return (
    <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-12 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_28rem] lg:py-16">
      <section className="hidden lg:block" aria-labelledby="login-pitch">
        <p className="inline-flex items-center gap-2 rounded-full border border-violet-500/30 bg-violet-500/10 px-3 py-1 text-xs font-medium text-violet-200">
          <Sparkles className="size-3.5" aria-hidden="true" /> <Trans>Premium AI video generation</Trans>
        </p>
        <h1 id="login-pitch" className="mt-5 text-4xl font-bold tracking-tight text-balance xl:text-5xl">
          <Trans>
            Turn a prompt into a <span className="text-gradient">film with sound</span>
          </Trans>
        </h1>
        <p className="mt-4 max-w-lg text-lg text-muted-foreground">
          <Trans>Realistic motion, lip sync and audio in one pass. Full HD 1080p and 4K.</Trans>
        </p>
        <ul className="mt-10 grid gap-5">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title.id} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl border border-border bg-surface-raised">
                <Icon className="size-5 text-fuchsia-300" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-medium">{t(title)}</span>
                <span className="block text-sm text-muted-foreground">{text ? t(text) : models}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="mx-auto w-full max-w-md">
        <h1 className="sr-only lg:hidden">
          <Trans>Sign in to Veo Studio</Trans>
        </h1>
        <GoogleAccountExistsNotice next={next} />
        <AuthCard next={next} />
      </div>
    </div>
  );
}
