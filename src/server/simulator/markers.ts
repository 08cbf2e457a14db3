/** Prompt markers that steer a simulated task, e.g. "a cat [sim:fail]" (case-insensitive, anywhere). */
import type { TaskMarker } from "./task-id.js";

export type PromptMarker = TaskMarker | "reject";

const MARKER_PATTERN = /\[sim:(reject|fail|slow|no-hd|dead-link)\]/gi;

export function promptMarkers(prompt: string): Set<PromptMarker> {
  const found = new Set<PromptMarker>();
  for (const match of prompt.matchAll(MARKER_PATTERN)) found.add(match[1]!.toLowerCase() as PromptMarker);
  return found;
}
