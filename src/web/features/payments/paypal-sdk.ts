/**
 * Loads PayPal's JS SDK on demand: only when PayPal is enabled and the buyer opens the PayPal
 * option (decision 0016), so no PayPal code runs on any other visit. One script per client id.
 */
import { t } from "@lingui/core/macro";

/** The part of `window.paypal` we use (the Buttons component of SDK v5). */
interface PaypalButtonsOptions {
  style?: {
    layout?: "vertical" | "horizontal";
    color?: "gold" | "blue" | "silver" | "white" | "black";
    shape?: "rect" | "pill";
    label?: string;
    height?: number;
  };
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }) => Promise<void>;
  onCancel?: (data: { orderID?: string }) => void;
  onError?: (error: unknown) => void;
}

interface PaypalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
}

export interface PaypalNamespace {
  Buttons: (options: PaypalButtonsOptions) => PaypalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const PAYPAL_SDK_URL = "https://www.paypal.com/sdk/js";

function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({ "client-id": clientId, currency: "USD", intent: "capture" });
  return `${PAYPAL_SDK_URL}?${query.toString()}`;
}

let current: { clientId: string; script: HTMLScriptElement; promise: Promise<PaypalNamespace> } | undefined;

/** Resolves with `window.paypal` once the SDK has loaded; a failed load can be retried. */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  if (current?.clientId === clientId) return current.promise;
  // Another client id (the admin changed it): the SDK is bound to one, so start over.
  if (current) {
    current.script.remove();
    delete window.paypal;
  }
  const script = document.createElement("script");
  script.src = paypalSdkUrl(clientId);
  script.async = true;
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const fail = (message: string) => {
      script.remove();
      if (current?.script === script) current = undefined;
      reject(new Error(message));
    };
    script.addEventListener("load", () => {
      if (window.paypal?.Buttons) resolve(window.paypal);
      else fail(t`PayPal did not start. Please try again.`);
    });
    script.addEventListener("error", () => fail(t`PayPal could not be loaded. Check your connection and try again.`));
  });
  current = { clientId, script, promise };
  document.head.append(script);
  return promise;
}
