/**
 * A ready n8n 1.x workflow for the automation API (issue 6): Start -> Video settings -> Generate
 * video -> Wait -> Check status -> Completed? / Failed? / Keep waiting? (loops back to the Wait
 * at most MAX_STATUS_CHECKS times). It holds no token: both HTTP Request nodes use an n8n
 * "Bearer Auth" (httpBearerAuth) credential that the user picks after importing.
 * Parameter shapes follow n8n's node definitions (HTTP Request 4.2, Set 3.4, If 2.2, Wait 1.1).
 */
import crypto from "node:crypto";
import { POLL_SECONDS } from "../../../shared/automation.js";
import { ASPECT_RATIOS, MODE_CATALOGUE, MODELS, MODES } from "../../../shared/catalogue.js";
import { proseTemplate } from "./prose.js";

export const MAX_STATUS_CHECKS = 40;
/** Between the guide's 15-30 s, and under 65 s so n8n keeps the execution in memory. */
export const WAIT_SECONDS = 20;
export const CREDENTIAL_TYPE = "httpBearerAuth";
/** A placeholder n8n shows as "needs a credential" until the user selects theirs. */
const CREDENTIAL_PLACEHOLDER = { id: "veo-studio-api-token", name: "Veo Studio API token" };

export interface N8nNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown>;
  credentials?: Record<string, { id: string; name: string }>;
  webhookId?: string;
}
export interface N8nConnection {
  node: string;
  type: "main";
  index: number;
}
export interface N8nWorkflow {
  id: string;
  name: string;
  nodes: N8nNode[];
  connections: Record<string, { main: N8nConnection[][] }>;
  active: boolean;
  settings: { executionOrder: "v1" };
  pinData: Record<string, never>;
  meta: { templateCredsSetupCompleted: boolean };
}

/** Stable UUIDs (v5 layout) so the file is the same on every download. */
export function stableUuid(seed: string): string {
  const h = crypto.createHash("sha1").update(`veo-studio-n8n:${seed}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function node(
  name: string,
  type: string,
  typeVersion: number,
  position: [number, number],
  parameters: Record<string, unknown>,
): N8nNode {
  return { id: stableUuid(name), name, type: `n8n-nodes-base.${type}`, typeVersion, position, parameters };
}

export function setFields(
  name: string,
  position: [number, number],
  fields: Array<[string, string, "string" | "number"]>,
  options: Record<string, unknown> = {},
): N8nNode {
  return node(name, "set", 3.4, position, {
    assignments: {
      assignments: fields.map(([field, value, type]) => ({
        id: stableUuid(`${name}.${field}`),
        name: field,
        value,
        type,
      })),
    },
    options,
  });
}

export function ifNode(
  name: string,
  position: [number, number],
  leftValue: string,
  operator: { type: string; operation: string },
  rightValue: string | number,
): N8nNode {
  return node(name, "if", 2.2, position, {
    conditions: {
      options: { caseSensitive: true, leftValue: "", typeValidation: "strict", version: 2 },
      conditions: [{ id: stableUuid(`${name}.condition`), leftValue, rightValue, operator }],
      combinator: "and",
    },
    options: {},
  });
}

export function httpRequest(name: string, position: [number, number], parameters: Record<string, unknown>): N8nNode {
  return {
    ...node(name, "httpRequest", 4.2, position, {
      ...parameters,
      authentication: "genericCredentialType",
      genericAuthType: CREDENTIAL_TYPE,
      options: {},
    }),
    credentials: { [CREDENTIAL_TYPE]: { ...CREDENTIAL_PLACEHOLDER } },
  };
}

/** One target per output, in output order. */
export const to = (...targets: string[]): { main: N8nConnection[][] } => ({
  main: targets.map((t) => [{ node: t, type: "main" as const, index: 0 }]),
});

/** The settings both workflows start from: a sample prompt, the Fast model, text mode, 16:9, no images, no draft. */
export const SETTINGS_FIELDS: Array<[string, string, "string"]> = [
  ["prompt", "A red fox running through fresh snow at sunrise, cinematic", "string"],
  ["model", "veo3_fast", "string"],
  ["mode", "text", "string"],
  ["aspectRatio", "16:9", "string"],
  ["imageUrls", "", "string"],
  ["durationSeconds", "", "string"],
  ["resolution", "", "string"],
  ["audio", "", "string"],
  ["upgrade4k", "false", "string"],
  ["draft", "false", "string"],
];

/** The generate request's fields from the settings; imageUrls is a comma-separated list there. */
export const GENERATE_BODY_FIELDS =
  "prompt: $json.prompt, model: $json.model, mode: $json.mode, aspectRatio: $json.aspectRatio, imageUrls: String($json.imageUrls ?? '').split(',').map(u => u.trim()).filter(u => u), upgrade4k: String($json.upgrade4k) === 'true', durationSeconds: $json.durationSeconds ? Number($json.durationSeconds) : undefined, resolution: $json.resolution || undefined, audio: $json.audio === '' || $json.audio === undefined ? undefined : String($json.audio) === 'true', draft: String($json.draft) === 'true'";

const modeHelp = (m: (typeof MODES)[number]) => {
  const { min, max } = MODE_CATALOGUE[m].images;
  return `${m}: ${max === 0 ? "no images" : `${min}-${max} image URLs, comma-separated`}`;
};

/** The settings note's line about them (prose/n8n-settings-help.md), from the catalogue. */
export const SETTINGS_HELP = proseTemplate("n8n-settings-help", [
  "models",
  "modes",
  "referenceModels",
  "aspectRatios",
  "modelsUrl",
])({
  modelsUrl: "GET /api/models",
  models: MODELS.join(", "),
  modes: MODES.map(modeHelp).join("; "),
  referenceModels: MODE_CATALOGUE.reference.models.join(" or "),
  aspectRatios: ASPECT_RATIOS.join(", "),
});

const setupNote = proseTemplate("n8n-workflow-setup", [
  "origin",
  "settingsHelp",
  "waitSeconds",
  "pollMin",
  "pollMax",
  "maxChecks",
]);

/** `origin` is the server clients call, e.g. https://veo.example.com (no trailing slash). */
export function buildN8nWorkflow(origin: string): N8nWorkflow {
  const nodes: N8nNode[] = [
    node("Start", "manualTrigger", 1, [0, 300], {}),
    setFields("Video settings", [220, 300], SETTINGS_FIELDS),
    httpRequest("Generate video", [440, 300], {
      method: "POST",
      url: `${origin}/api/n8n/generate`,
      sendBody: true,
      specifyBody: "json",
      jsonBody: `={{ JSON.stringify({ ${GENERATE_BODY_FIELDS} }) }}`,
    }),
    {
      ...node("Wait", "wait", 1.1, [660, 300], { resume: "timeInterval", amount: WAIT_SECONDS, unit: "seconds" }),
      webhookId: stableUuid("Wait.webhook"),
    },
    // Both the generate answer and every status answer carry taskId, so $json works on each pass.
    httpRequest("Check status", [880, 300], {
      method: "GET",
      url: `=${origin}/api/n8n/video-status/{{ $json.taskId }}`,
    }),
    ifNode("Completed?", [1100, 300], "={{ $json.status }}", { type: "string", operation: "equals" }, "completed"),
    setFields(
      "Video ready",
      [1320, 200],
      [
        ["taskId", "={{ $json.taskId }}", "string"],
        ["videoUrl", "={{ $json.videoUrl }}", "string"],
        ["hdVideoUrl", "={{ $json.hdVideoUrl }}", "string"],
        ["videoUrl4k", "={{ $json.videoUrl4k }}", "string"],
        ["resolution", "={{ $json.resolution }}", "string"],
      ],
      // hdVideoUrl is null until the 1080p file is ready: keep null as null.
      { ignoreConversionErrors: true },
    ),
    ifNode("Failed?", [1320, 420], "={{ $json.status }}", { type: "string", operation: "equals" }, "failed"),
    node("Video failed", "stopAndError", 1, [1540, 340], { errorMessage: "={{ $json.message }}" }),
    // $runIndex counts this node's earlier runs: one per status check that was still processing.
    ifNode(
      "Keep waiting?",
      [1540, 520],
      "={{ $runIndex + 1 }}",
      { type: "number", operation: "lt" },
      MAX_STATUS_CHECKS,
    ),
    node("Gave up", "stopAndError", 1, [1760, 600], {
      errorMessage: `=The video was still processing after ${MAX_STATUS_CHECKS} status checks. Check it later: taskId {{ $json.taskId }}`,
    }),
    node("Setup", "stickyNote", 1, [-20, 40], {
      content: setupNote({
        origin,
        settingsHelp: SETTINGS_HELP,
        waitSeconds: WAIT_SECONDS,
        pollMin: POLL_SECONDS.min,
        pollMax: POLL_SECONDS.max,
        maxChecks: MAX_STATUS_CHECKS,
      }),
      width: 560,
      height: 220,
    }),
  ];
  return {
    id: "veoStudioGenerate",
    name: "Veo Studio: generate a video",
    nodes,
    connections: {
      Start: to("Video settings"),
      "Video settings": to("Generate video"),
      "Generate video": to("Wait"),
      Wait: to("Check status"),
      "Check status": to("Completed?"),
      // If nodes: output 0 is "true", output 1 is "false".
      "Completed?": to("Video ready", "Failed?"),
      "Failed?": to("Video failed", "Keep waiting?"),
      "Keep waiting?": to("Wait", "Gave up"),
    },
    active: false,
    settings: { executionOrder: "v1" },
    pinData: {},
    meta: { templateCredsSetupCompleted: false },
  };
}
