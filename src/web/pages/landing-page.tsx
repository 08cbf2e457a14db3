import { useLingui } from "@lingui/react/macro";
import { CommunitySection } from "@/features/landing/community-section";
import { FaqSection } from "@/features/landing/faq-section";
import { FeaturesSection } from "@/features/landing/features-section";
import { HeroSection } from "@/features/landing/hero-section";
import { HowToSection } from "@/features/landing/how-to-section";
import { ModelFamiliesSection } from "@/features/landing/model-families-section";
import { ShowcaseSection } from "@/features/landing/showcase-section";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function LandingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`AI Video Generator with Sound`);
  return (
    <div className="flex w-full flex-1 flex-col">
      <HeroSection />
      <ShowcaseSection />
      <CommunitySection />
      <FeaturesSection />
      <HowToSection />
      <FaqSection />
      <ModelFamiliesSection />
    </div>
  );
}
