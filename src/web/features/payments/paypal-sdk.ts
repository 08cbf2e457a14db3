/**
 * Loads PayPal's JS SDK on demand: only when PayPal is enabled and the buyer opens the PayPal
 * option (decision 0016), so no PayPal code runs on any other visit. One script per client id
 * and purpose: a package's checkout (intent=capture, `window.paypal`) and a plan's subscription
 * (vault=true, intent=subscription, `window.paypalSubscriptions` through the SDK's
 * data-namespace), which PayPal cannot serve from one script.
 */
import { t } from "@lingui/core/macro";

type PaypalButtonsStyle = {
  layout?: "vertical" | "horizontal";
  color?: "gold" | "blue" | "silver" | "white" | "black";
  shape?: "rect" | "pill";
  label?: string;
  height?: number;
};

/** The part of `window.paypal` we use (the Buttons component of SDK v5). */
interface PaypalButtonsOptions {
  style?: PaypalButtonsStyle;
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: (data: { orderID?: string }) => void;
  onError?: (error: unknown) => void;
}

/** The subscribe button's options (SDK v5 loaded with vault=true and intent=subscription). */
interface PaypalSubscribeButtonsOptions {
  style?: PaypalButtonsStyle;
  createSubscription: () => Promise<string>;
  onApprove: (data: { subscriptionID?: string | null }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

interface PaypalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
}

export interface PaypalNamespace {
  Buttons: (options: PaypalButtonsOptions) => PaypalButtonsInstance;
}

export interface PaypalSubscriptionNamespace {
  Buttons: (options: PaypalSubscribeButtonsOptions) => PaypalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
    paypalSubscriptions?: PaypalSubscriptionNamespace;
  }
}

const PAYPAL_SDK_URL = "https://www.paypal.com/sdk/js";

type Purpose = "capture" | "subscription";

const SDK_QUERY: Record<Purpose, Record<string, string>> = {
  capture: { currency: "USD", intent: "capture" },
  subscription: { vault: "true", intent: "subscription" },
};
const NAMESPACE = { capture: "paypal", subscription: "paypalSubscriptions" } as const;

function paypalSdkUrl(clientId: string, purpose: Purpose): string {
  const query = new URLSearchParams({ "client-id": clientId, ...SDK_QUERY[purpose] });
  return `${PAYPAL_SDK_URL}?${query.toString()}`;
}

interface Load {
  clientId: string;
  script: HTMLScriptElement;
  promise: Promise<unknown>;
}
const loads: Partial<Record<Purpose, Load>> = {};

/** Resolves with the SDK's namespace once its script has loaded; a failed load can be retried. */
function loadSdk(clientId: string, purpose: Purpose): Promise<unknown> {
  const current = loads[purpose];
  if (current?.clientId === clientId) return current.promise;
  const namespace = NAMESPACE[purpose];
  // Another client id (the admin changed it): the SDK is bound to one, so start over.
  if (current) {
    current.script.remove();
    delete window[namespace];
  }
  const script = document.createElement("script");
  script.src = paypalSdkUrl(clientId, purpose);
  script.async = true;
  if (purpose === "subscription") script.dataset.namespace = namespace;
  const promise = new Promise<unknown>((resolve, reject) => {
    const fail = (message: string) => {
      script.remove();
      if (loads[purpose]?.script === script) delete loads[purpose];
      reject(new Error(message));
    };
    script.addEventListener("load", () => {
      const sdk = window[namespace];
      if (sdk?.Buttons) resolve(sdk);
      else fail(t`PayPal did not start. Please try again.`);
    });
    script.addEventListener("error", () => fail(t`PayPal could not be loaded. Check your connection and try again.`));
  });
  loads[purpose] = { clientId, script, promise };
  document.head.append(script);
  return promise;
}

/** Resolves with `window.paypal` (a package's checkout) once the SDK has loaded. */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  return loadSdk(clientId, "capture") as Promise<PaypalNamespace>;
}

/** Resolves with PayPal's subscribe buttons (a plan's subscription) once that SDK has loaded. */
export function loadPaypalSubscriptionSdk(clientId: string): Promise<PaypalSubscriptionNamespace> {
  return loadSdk(clientId, "subscription") as Promise<PaypalSubscriptionNamespace>;
}
