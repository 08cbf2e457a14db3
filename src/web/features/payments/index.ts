/** What other features may use of the payments feature (decision 0037); pages import its files directly. */
export { signedCredits, TRANSACTION_TYPES } from "./transaction-types";
