/** What other features may use of the videos feature (decision 0037); pages import its files directly. */
export { invalidateVideoTasks, isTaskListQuery } from "./task-list-queries";
export type { TaskList, VideoStatusResponse } from "./video-api";
