/** What other features may use of the payments feature (decision 0037); pages import its files directly. */
export { signedCredits, TRANSACTION_TYPES } from "./transaction-types";
// The plans' subscribe dialog (features/plans) looks and speaks as the package's payment dialog.
export { PopularBadge } from "./package-terms";
export { toastPaymentCancelled, toastPaymentError, toastPaymentStepError, toastPaypalError } from "./payment-feedback";
export { loadPaypalSubscriptionSdk, type PaypalSubscriptionNamespace } from "./paypal-sdk";
export { PaypalButtonsFrame, usePaypalSdk } from "./paypal-buttons-frame";
export { ProviderOption } from "./provider-option";
