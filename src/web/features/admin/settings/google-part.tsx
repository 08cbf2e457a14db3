import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { GoogleSignInCard } from "./google-sign-in-card";
import { GOOGLE_KEYS } from "./part-keys";
import { googleProblems } from "./part-problems";
import { useSettingsPart } from "./section/use-settings-part";

/** Sign-in with Google: the Sign-ups section's part of the settings. */
export function GooglePart({ settings }: { settings: AdminSettingsView }) {
  const part = useSettingsPart(settings, GOOGLE_KEYS, googleProblems);
  return <GoogleSignInCard text={part.text} toggle={part.toggle} />;
}
