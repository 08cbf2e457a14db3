/** What other features may use of the live updates feature (decision 0037). */
export { handleTaskEventsWith, useLiveConnected, useLiveUpdates, type TaskEventHandler } from "./live-updates";
