/** What other features and the app may use of the videos feature (decision 0037); pages import its files directly. */
export { taskEventHandler } from "./live-task-events";
export { refundRowText } from "./video-failure-text";
