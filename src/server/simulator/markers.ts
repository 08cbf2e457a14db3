/**
 * Prompt markers that steer a simulated request, e.g. "a cat [sim:fail]" (case-insensitive,
 * anywhere): `[sim:reject]`, `[sim:code-NNN]` (generate answers that KIE code), and the task
 * markers `[sim:fail]`, `[sim:slow]`, `[sim:no-hd]`, `[sim:dead-link]`, `[sim:no-4k]`. An
 * extension's prompt (POST /veo/extend) takes them all the same way. `[sim:unknown-model]` acts
 * only on the Market's createTask (unknownModelMarker).
 */
import { TASK_MARKERS, type TaskMarker } from "./task-id.js";

/** The codes `[sim:code-NNN]` makes generate (and extend) answer, with KIE's wording (kie-2026.md §5.2). */
export const GENERATE_ERRORS = {
  408: "Upstream is currently experiencing service issues. No result has been returned for over 10 minutes.",
  433: "Request Limit - Sub-key Usage Exceeds Limit",
  451: "Failed to fetch the image. Kindly verify any access limits set by you or your service provider.",
  455: "Service Unavailable - System is currently undergoing maintenance",
  500: "Internal Error, Please try again later.",
  501: "Generation Failed",
  505: "Feature Disabled - The requested feature is currently disabled",
} as const;
type GenerateErrorCode = keyof typeof GENERATE_ERRORS;

export const REJECT_MSG = "Your prompt was flagged by Website as violating content policies.";

const CODES = Object.keys(GENERATE_ERRORS).join("|");
const MARKER_PATTERN = new RegExp(`\\[sim:(reject|${TASK_MARKERS.join("|")}|code-(?:${CODES}))\\]`, "gi");

export interface PromptMarkers {
  /** `[sim:reject]`: generate (and extend) answers 400 (content policy). */
  reject: boolean;
  /** `[sim:code-NNN]`: generate (and extend) answers that code (the first such marker wins). */
  errorCode: GenerateErrorCode | undefined;
  /** Markers the task carries in its id. */
  task: TaskMarker[];
}

export function promptMarkers(prompt: string): PromptMarkers {
  const found: PromptMarkers = { reject: false, errorCode: undefined, task: [] };
  for (const match of prompt.matchAll(MARKER_PATTERN)) {
    const marker = match[1]!.toLowerCase();
    if (marker === "reject") found.reject = true;
    else if (marker.startsWith("code-")) found.errorCode ??= Number(marker.slice(5)) as GenerateErrorCode;
    else if (!found.task.includes(marker as TaskMarker)) found.task.push(marker as TaskMarker);
  }
  return found;
}

/** `[sim:unknown-model]`: the Market's createTask answers 422 "model is not supported", whatever the model. */
export const unknownModelMarker = (prompt: string): boolean => /\[sim:unknown-model\]/i.test(prompt);
