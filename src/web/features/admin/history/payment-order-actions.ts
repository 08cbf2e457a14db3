/**
 * Money going back on the admin pages (issue 39, decision 0084): an order's refund and dispute
 * badges, and the two actions on a paid order: Refund… (through the provider, or recorded by hand
 * for Creem) and deciding an open Creem dispute. Shared by the user's page and /history.
 */
export { canRefund } from "./order-money";
export { OrderMoneyBadges } from "./order-money-badges";
export { OrderRefundDialog } from "./order-refund-dialog";
export { DisputeDecisionDialog } from "./dispute-decision-dialog";
