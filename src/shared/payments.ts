/**
 * The buying-credits API as both sides see it (issue 5; decisions 0013 to 0015). The packages'
 * and the purchases' contracts are zod schemas in schemas/packages.ts and schemas/payments.ts
 * (decision 0040), the account's stats and history in schemas/account.ts; their types are
 * repeated here for the readers that import them from here.
 */
export type { AdminCreditPackageView, CreditPackageView, PaymentMethods } from "./schemas/packages.js";
export type { PaymentResult, PaypalSetup } from "./schemas/payments.js";

export type { TransactionsPage, TransactionView, UserStats } from "./schemas/account.js";

export const TRANSACTIONS_PAGE_SIZE = 50;
