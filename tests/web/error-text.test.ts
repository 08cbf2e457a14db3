import { beforeEach, describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/shared/error-codes";
import { ERROR_REASONS } from "../../src/shared/error-reasons";
import { ApiError, errorMessage } from "@/lib/api";
import { apiErrorText } from "@/lib/error-text";
import { i18n } from "@/lib/i18n";
import { useLocale } from "./render";
// The reasons features add to the error texts (their words are in the `app` catalogue).
import "@/features/codes/code-reason-texts";
import "@/features/videos/welcome-reason-texts";
import "@/features/first-frames/first-frame-reason-texts";
import "@/features/prompt-help/prompt-help-reason-texts";
import "@/features/videos/extend-reason-texts";

const apiError = (status: number, body: object) => new ApiError(status, "", JSON.stringify(body));

describe("error wording", () => {
  describe("in English", () => {
    beforeEach(() => useLocale("en"));

    it("shows the server's own sentence, which may say more than the code", () => {
      const error = apiError(400, { code: "invalid_input", message: "prompt: too long (max 2000)" });
      expect(errorMessage(error)).toBe("prompt: too long (max 2000)");
    });

    it("words a reason or a code when the server gave no sentence", () => {
      expect(apiErrorText({ reason: "webhook_limit", params: { max: 10 }, serverMessage: "" })).toBe(
        "You can have at most 10 webhook endpoints. Delete one first.",
      );
      expect(apiErrorText({ code: "rate_limited", params: { minutes: 3 }, serverMessage: "" })).toBe(
        "Too many attempts. Please try again in 3 min.",
      );
    });

    it("says a network failure is one", () => {
      expect(errorMessage(new TypeError("Failed to fetch"))).toBe(
        "Could not reach the server. Check your connection and try again.",
      );
    });
  });

  describe("in Vietnamese", () => {
    beforeEach(() => useLocale("vi", "app"));

    it("words the reason, not the server's English, with its values", () => {
      const error = apiError(409, {
        code: "conflict",
        reason: "token_limit",
        params: { max: 5 },
        message: "You already have 5 API tokens.",
      });
      const text = errorMessage(error);
      expect(text).not.toContain("API tokens");
      expect(text).toContain("5");
      expect(text).toMatch(/token/i);
    });

    it("words the code when there is no reason, with its values", () => {
      const error = apiError(402, {
        code: "insufficient_credits",
        params: { required: 120, balance: 40 },
        message: "You need 120 credits.",
      });
      const text = errorMessage(error);
      expect(text).not.toBe("You need 120 credits.");
      expect(text).toContain("120");
      expect(text).toContain("40");
    });

    it("has a Vietnamese sentence for every reason the server gives", () => {
      for (const reason of ERROR_REASONS) {
        const params = { detail: "x", max: 3, provider: "PayPal" };
        useLocaleSync("en");
        const english = apiErrorText({ reason, params, serverMessage: "" });
        useLocaleSync("vi");
        const vietnamese = apiErrorText({ reason, params, serverMessage: "" });
        expect(vietnamese, reason).toBeTruthy();
        expect(vietnamese, reason).not.toBe(english);
        // A reason no text knows falls back to a generic sentence: every reason has its own.
        expect(english, reason).not.toBe("Something went wrong. Please try again.");
      }
    });
  });
});

describe("every sentence a customer reads for an error, in both languages", () => {
  // The provider's reason as it comes: already a sentence with its own full stop.
  const params = {
    detail: "Your prompt was flagged by Website as violating content policies.",
    max: 3,
    provider: "PayPal",
  };

  for (const locale of ["en", "vi"] as const) {
    it(`ends with a full stop, never has two and never names KIE (${locale})`, () => {
      useLocaleSync(locale);
      const texts = [
        ...ERROR_REASONS.map((reason) => [reason, apiErrorText({ reason, params, serverMessage: "" })]),
        ...(Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => [
          code,
          apiErrorText({ code, params, serverMessage: "" }),
        ]),
      ];
      for (const [key, text] of texts) {
        expect(text, key).toMatch(/[.!?]$/);
        expect(text, key).not.toMatch(/\.\s*\./);
        expect(text, key).not.toMatch(/\bKIE\b/);
      }
    });
  }

  it("adds the full stop a provider's reason lacks", () => {
    useLocaleSync("en");
    expect(
      apiErrorText({ reason: "video_refused", params: { detail: "Failed to fetch the image" }, serverMessage: "" }),
    ).toBe("The video was refused: Failed to fetch the image. Your credits were refunded.");
  });
});

/** Both catalogues are loaded by then: switching is synchronous. */
function useLocaleSync(locale: "en" | "vi"): void {
  i18n.activate(locale);
}
