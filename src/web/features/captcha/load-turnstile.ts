/**
 * Cloudflare Turnstile's script, loaded once, on the first form that shows the widget (decision
 * 0091): never on a page that does not ask for a CAPTCHA, never while Turnstile is off.
 */

/** The part of Turnstile's JavaScript API the forms use (explicit rendering). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      action: string;
      language?: string;
      theme?: "auto" | "light" | "dark";
      callback: (token: string) => void;
      "expired-callback"?: () => void;
      "error-callback"?: (code: string) => boolean | void;
    },
  ): string | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** Resolves with `window.turnstile` once the script at `scriptUrl` has run; a failed load may be tried again. */
export function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    // Explicit rendering: the forms render the widget themselves (an SPA's forms come and go).
    script.src = `${scriptUrl}?render=explicit`;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("turnstile script failed"));
    };
    document.head.appendChild(script);
  });
  return loading;
}
