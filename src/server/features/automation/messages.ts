/** The automation API's own wording, shared by its routes and its documentation. */
import { MAX_IMAGE_BYTES } from "../../../shared/videos.js";

export const AUTOMATION_PREFIX = "/api/n8n";
export const TASK_NOT_FOUND =
  "Video task not found: use a taskId that /api/n8n/generate returned for this token's account";
export const BODY_TOO_LARGE = `Request body is too large: send one reference image of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB (only the first image is used)`;
export const WORKFLOW_FILENAME = "veo-studio-n8n-workflow.json";
export const WEBHOOK_WORKFLOW_FILENAME = "veo-studio-n8n-workflow-webhook.json";
