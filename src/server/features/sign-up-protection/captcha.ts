/**
 * Cloudflare Turnstile on the forms bots farm (decision 0091): registration, a reset request, and a
 * sign-in after failed attempts. On while the admin has set both its site key and its secret; off,
 * every check passes, so the embedded default needs no Cloudflare account.
 */
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../http/errors.js";
import { siteverify } from "../../integrations/turnstile/siteverify.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { CaptchaAction, CaptchaConfig } from "../../../shared/schemas/sign-up-protection.js";
import type { Settings } from "../settings/service.js";

const CAPTCHA_MESSAGES = {
  required: "Complete the check that you are a person, then send the form again.",
  failed: "The check that you are a person did not pass or has expired. Complete it again, then send the form again.",
  unavailable: "The check that you are a person cannot be completed right now. Please try again in a few minutes.",
} as const;

/** Turnstile's keys, when both are set. */
function turnstileKeys(settings: Settings): { siteKey: string; secret: string } | undefined {
  const { turnstileSiteKey: siteKey, turnstileSecret: secret } = settings;
  return siteKey && secret ? { siteKey, secret } : undefined;
}

export class CaptchaCheck {
  constructor(
    private readonly deps: {
      readSettings: () => Promise<Settings>;
      turnstile: { verifyUrl: string; scriptUrl: string };
      log: FastifyBaseLogger;
    },
  ) {}

  async isOn(): Promise<boolean> {
    return turnstileKeys(await this.deps.readSettings()) !== undefined;
  }

  /** What the forms need to show the widget (GET /api/auth/captcha). */
  async config(): Promise<CaptchaConfig> {
    const keys = turnstileKeys(await this.deps.readSettings());
    return keys
      ? { siteKey: keys.siteKey, scriptUrl: this.deps.turnstile.scriptUrl }
      : { siteKey: null, scriptUrl: null };
  }

  /**
   * Passes when Turnstile is off, or when Cloudflare vouches for `token` on this form's `action`.
   * No token is `missing` (captcha_failed, or captcha_required where the form shows the widget
   * only once asked); a token Cloudflare refuses is captcha_failed; no verdict (Cloudflare out of
   * reach, the secret refused) is a 503: a form that must be checked is never let through unchecked.
   */
  async require(
    token: string | undefined,
    request: { ip: string; action: CaptchaAction; missing?: "captcha_required" | "captcha_failed" },
  ): Promise<void> {
    const keys = turnstileKeys(await this.deps.readSettings());
    if (!keys) return;
    if (!token) {
      const missing = request.missing ?? "captcha_failed";
      throw new AppError(
        "invalid_input",
        missing === "captcha_required" ? CAPTCHA_MESSAGES.required : CAPTCHA_MESSAGES.failed,
        reasoned(missing),
      );
    }
    const result = await siteverify({
      verifyUrl: this.deps.turnstile.verifyUrl,
      secret: keys.secret,
      token,
      remoteIp: request.ip,
      action: request.action,
    });
    if (result.outcome === "passed") return;
    if (result.outcome === "failed") {
      this.deps.log.info({ captcha: result.codes, action: request.action }, "captcha refused");
      throw new AppError("invalid_input", CAPTCHA_MESSAGES.failed, reasoned("captcha_failed"));
    }
    this.deps.log.error({ captcha: result.why, action: request.action }, "captcha could not be verified");
    throw new AppError("service_unavailable", CAPTCHA_MESSAGES.unavailable, {
      ...reasoned("captcha_unavailable"),
      headers: { "retry-after": "60" },
    });
  }
}
