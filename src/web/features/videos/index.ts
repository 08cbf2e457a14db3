/**
 * What other features may use of the videos feature (decision 0037); pages import its files
 * directly, and so does the app for the live stream's handler (app/live-wiring.ts), which must not
 * bring this index's words to the landing page.
 */
export { refundRowText } from "./video-failure-text";
