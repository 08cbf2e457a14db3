import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide-react";
import { loadTurnstile } from "./load-turnstile";

/**
 * One Turnstile widget (decision 0091): rendered into its box once the script is here, removed
 * when it unmounts. `onToken` (a state setter: it stays the same) gets each token, and undefined
 * when it expires or fails.
 */
export function TurnstileWidget({
  siteKey,
  scriptUrl,
  action,
  onToken,
  hasToken,
}: {
  siteKey: string;
  scriptUrl: string;
  action: string;
  onToken: (token: string | undefined) => void;
  hasToken: boolean;
}) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const language = i18n.locale;

  useEffect(() => {
    let widgetId: string | undefined;
    let gone = false;
    loadTurnstile(scriptUrl).then(
      (turnstile) => {
        if (gone || !box.current) return;
        widgetId = turnstile.render(box.current, {
          sitekey: siteKey,
          action,
          language,
          theme: "dark",
          callback: (token) => {
            setFailed(false);
            onToken(token);
          },
          "expired-callback": () => onToken(undefined),
          "error-callback": () => {
            setFailed(true);
            onToken(undefined);
            return true;
          },
        });
      },
      () => {
        if (!gone) setFailed(true);
      },
    );
    return () => {
      gone = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, scriptUrl, action, language, onToken]);

  return (
    <div className="grid min-h-16 gap-2">
      <div ref={box} />
      {failed ? (
        <p role="alert" className="text-sm text-red-400">
          <Trans>
            The check that you are a person could not be loaded. Check your connection or content blocker, then reload
            the page.
          </Trans>
        </p>
      ) : hasToken ? null : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          <Trans>Checking that you are a person…</Trans>
        </p>
      )}
    </div>
  );
}
