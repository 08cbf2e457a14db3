/**
 * The set-up checklist's words for each step and its state (decision 0074). From the core macro,
 * as lib/error-text.ts: the row's useLingui draws them again when the language changes.
 */
import { plural, t } from "@lingui/core/macro";
import type { SetupStep } from "../../../../shared/schemas/admin-setup";

export function stepTitle(step: SetupStep): string {
  switch (step.id) {
    case "provider":
      return t`Video provider`;
    case "payment":
      return t`Payment method`;
    case "packages":
      return t`Credit packages`;
    case "prices":
      return t`Prices cover cost`;
    case "contact":
      return t`Contact channels`;
    case "mail":
      return t`Mail`;
    case "legal":
      return t`Legal pages`;
    case "showcase":
      return t`Showcase`;
    case "welcome":
      return t`Welcome credits`;
  }
}

export function stepText(step: SetupStep): string {
  switch (step.id) {
    case "provider":
      if (step.done) return t`Videos are made by KIE with your key.`;
      if (step.note === "failing") return t`Your KIE key is set, but videos are failing right now.`;
      return t`Running on the simulator: add a KIE key to sell real videos.`;
    case "payment":
      if (step.done) return t`Customers can pay, and a payment has gone through.`;
      if (step.note === "not_tested")
        return t`A payment method is on: make a test purchase to check that payments arrive.`;
      if (step.note === "creem_incomplete")
        return t`Creem is on, but its API key or webhook secret is missing: buyers cannot pay with Creem until both are set.`;
      if (step.note === "paypal_incomplete")
        return t`PayPal is on, but its client ID or secret is missing: buyers cannot pay with PayPal until both are set.`;
      return t`Turn on Creem or PayPal with its keys so customers can buy credits.`;
    case "packages":
      if (step.note === "no_creem_product")
        return t`Creem is on, but a package on sale has no Creem product: buyers cannot pay for it with Creem.`;
      return step.done ? t`Credit packages are on sale.` : t`Add a credit package customers can buy.`;
    case "prices":
      return step.done
        ? t`Every video sells above its vendor's cost, whichever package pays for it.`
        : t`Some videos sell below their vendor's cost with your cheapest package: you lose money on each.`;
    case "contact":
      return step.done
        ? t`Customers can reach you from the contact page.`
        : t`Add a Zalo, Telegram or e-mail contact so customers can reach you.`;
    case "mail":
      if (step.done) return t`Password resets, receipts and notices reach your customers.`;
      if (step.note === "failing") return t`Mail is failing: check the mail server's answer on the Mail tab.`;
      if (step.note === "not_tested") return t`A mail server is set: send a test e-mail to check that it arrives.`;
      return t`No mail server yet: messages wait in the local outbox. Set one so customers get their mail.`;
    case "legal":
      return step.done
        ? t`Terms, Privacy and Refund policy are published.`
        : t`Publish your Terms, Privacy and Refund policy.`;
    case "showcase":
      return step.done
        ? t`Your chosen videos show visitors what your site makes.`
        : t`Choose finished videos for the landing page to show visitors what your site makes.`;
    case "welcome": {
      const amount = plural(step.values?.credits ?? 0, { one: "# credit", other: "# credits" });
      const lasting = plural(step.values?.days ?? 0, { one: "# day", other: "# days" });
      if (step.note === "welcome_off") return t`Off: new people must pay before their first video.`;
      if (step.note === "welcome_unverifiable")
        return t`New people get ${amount} for ${lasting} once their address is verified, but with no mail server and no Google sign-in nobody can verify one.`;
      return t`New people get ${amount} for ${lasting} once their address is verified.`;
    }
  }
}
