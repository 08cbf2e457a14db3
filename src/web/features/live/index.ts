/** What other features may use of the live updates feature (decision 0037). */
export { useLiveConnected, useLiveUpdates } from "./live-updates";
