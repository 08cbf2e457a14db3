import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { signUpProtectionApi } from "../../../shared/api/sign-up-protection";
import type { CaptchaAction } from "../../../shared/schemas/sign-up-protection";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { TurnstileWidget } from "./turnstile-widget";

const readConfig = callQuery(signUpProtectionApi.captcha);

export interface Captcha {
  /** The widget is on this form now. */
  active: boolean;
  /** The form may be sent: no widget, or the widget's token is here. */
  ready: boolean;
  /** The token to send with the form (undefined without the widget). */
  token: string | undefined;
  /** The widget, where the form shows it; null without one. */
  field: ReactNode;
  /** A fresh widget: a token is good for one check, so after every submission that carried one. */
  reset(): void;
}

/**
 * The CAPTCHA of one form (decision 0091): Turnstile's widget while the admin has it on and the
 * form wants it (always on sign-up and a reset request; on sign-in once the server asked).
 */
export function useCaptcha(action: CaptchaAction, wanted = true): Captcha {
  const config = useQuery({ queryKey: queryKeys.captcha, queryFn: readConfig, staleTime: 60_000 });
  const [token, setToken] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const siteKey = config.data?.siteKey;
  const scriptUrl = config.data?.scriptUrl;
  const active = wanted && Boolean(siteKey && scriptUrl);
  return {
    active,
    ready: !active || Boolean(token),
    token: active ? token : undefined,
    field:
      active && siteKey && scriptUrl ? (
        <TurnstileWidget
          key={generation}
          siteKey={siteKey}
          scriptUrl={scriptUrl}
          action={action}
          onToken={setToken}
          hasToken={Boolean(token)}
        />
      ) : null,
    reset: () => {
      setToken(undefined);
      setGeneration((g) => g + 1);
    },
  };
}
