/**
 * /pricing's line for a visitor who is not signed in (issue 70, decision 0155): what a new account
 * gets once its address is confirmed, "New here? Confirm your address and 8 credits are yours for
 * 14 days: enough for a Veo3 Fast video." Said while the admin has the welcome grant on.
 */
import { Gift } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { usePricing } from "@/features/pricing";
import { modelLabel } from "@/lib/catalogue-text";
import { cn } from "@/lib/cn";

export function WelcomeOfferLine({ className }: { className?: string }) {
  const { t } = useLingui();
  const { welcomeGrant, byModel, offered } = usePricing();
  if (!welcomeGrant) return null;
  const credits = plural(welcomeGrant.credits, { one: "# credit is", other: "# credits are" });
  const days = plural(welcomeGrant.days, { one: "# day", other: "# days" });
  const price = byModel.veo3_fast.web;
  const model = modelLabel("veo3_fast");
  const enough = offered.includes("veo3_fast") && price > 0 && welcomeGrant.credits >= price;
  const text = enough
    ? t`New here? Create an account and confirm your address: ${credits} yours for ${days}, enough for a ${model} video.`
    : t`New here? Create an account and confirm your address: ${credits} yours for ${days}.`;
  return (
    <p
      role="note"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-100",
        className,
      )}
    >
      <Gift className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
