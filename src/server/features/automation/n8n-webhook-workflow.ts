/**
 * The second ready n8n 1.x workflow (issue 21): instead of polling, it hands the server n8n's
 * resume URL as `callbackUrl` and lets a Wait node ("On Webhook Call") sleep until the server
 * POSTs the video.completed / video.failed event there. Start -> Settings -> Generate video ->
 * Wait for the video -> Completed? -> Video URLs / Failed. No loop: one request out, one callback
 * in. The Wait gives up after WEBHOOK_WAIT_MINUTES; its output is then the generate answer, which
 * "Completed?" sends to "Failed" with a message saying so.
 *
 * Like the polling workflow it holds no token: the HTTP Request node uses an n8n Bearer Auth
 * credential the user picks after importing. Generate sends `Idempotency-Key: {{$execution.id}}`,
 * so a retry of that node inside one execution never starts (or charges) a second video.
 * Parameter shapes follow n8n's node definitions (HTTP Request 4.2, Set 3.4, If 2.2, Wait 1.1).
 */
import {
  GENERATE_BODY_FIELDS,
  httpRequest,
  ifNode,
  node,
  setFields,
  SETTINGS_FIELDS,
  SETTINGS_HELP,
  stableUuid,
  to,
  type N8nNode,
  type N8nWorkflow,
} from "./n8n-workflow.js";
import { proseTemplate } from "./prose.js";
import { WEBHOOK_WAIT_MINUTES } from "../../../shared/automation.js";

export const WEBHOOK_WAIT_NODE = "Wait for the video";

/** The node ids differ from the polling workflow's, so both can sit in one n8n without confusion. */
const ID_NAMESPACE = "webhook-workflow";

const setupNote = proseTemplate("n8n-webhook-workflow-setup", ["origin", "settingsHelp", "waitMinutes"]);

/** The event the server POSTs, as the Wait node outputs it: `$json.body` is the request body. */
const EVENT = "$json.body?.data";

/** `origin` is the server clients call, e.g. https://veo.example.com (no trailing slash). */
export function buildN8nWebhookWorkflow(origin: string): N8nWorkflow {
  const nodes: N8nNode[] = [
    node("Start", "manualTrigger", 1, [0, 300], {}),
    setFields("Settings", [220, 300], SETTINGS_FIELDS),
    httpRequest("Generate video", [440, 300], {
      method: "POST",
      url: `${origin}/api/n8n/generate`,
      // One key per execution: a retry of this node (n8n's "Retry On Fail") gets the first answer back.
      sendHeaders: true,
      specifyHeaders: "keypair",
      headerParameters: { parameters: [{ name: "Idempotency-Key", value: "={{ $execution.id }}" }] },
      sendBody: true,
      specifyBody: "json",
      jsonBody: `={{ JSON.stringify({ ${GENERATE_BODY_FIELDS}, callbackUrl: $execution.resumeUrl }) }}`,
    }),
    {
      ...node(WEBHOOK_WAIT_NODE, "wait", 1.1, [660, 300], {
        resume: "webhook",
        httpMethod: "POST",
        limitWaitTime: true,
        limitType: "afterTimeInterval",
        resumeAmount: WEBHOOK_WAIT_MINUTES,
        resumeUnit: "minutes",
        options: {},
      }),
      webhookId: stableUuid(`${ID_NAMESPACE}:${WEBHOOK_WAIT_NODE}.webhook`),
    },
    // After the time limit the Wait passes on the generate answer (no body): "" is not "completed".
    ifNode(
      "Completed?",
      [880, 300],
      `={{ ${EVENT}?.status ?? "" }}`,
      { type: "string", operation: "equals" },
      "completed",
    ),
    setFields(
      "Video URLs",
      [1100, 200],
      [
        ["taskId", `={{ ${EVENT}.taskId }}`, "string"],
        ["videoUrl", `={{ ${EVENT}.videoUrl }}`, "string"],
        ["hdVideoUrl", `={{ ${EVENT}.hdVideoUrl }}`, "string"],
      ],
      // hdVideoUrl is usually null when the 720p video has just finished: keep null as null.
      { ignoreConversionErrors: true },
    ),
    setFields(
      "Failed",
      [1100, 420],
      [
        ["taskId", "={{ $('Generate video').first().json.taskId }}", "string"],
        ["status", `={{ ${EVENT}?.status ?? "no answer" }}`, "string"],
        [
          "message",
          `={{ ${EVENT}?.message ?? "No answer from Veo Studio within ${WEBHOOK_WAIT_MINUTES} minutes. Check the video with GET ${origin}/api/n8n/video-status/" + $('Generate video').first().json.taskId }}`,
          "string",
        ],
      ],
    ),
    node("Setup", "stickyNote", 1, [-20, 20], {
      content: setupNote({ origin, settingsHelp: SETTINGS_HELP, waitMinutes: WEBHOOK_WAIT_MINUTES }),
      width: 600,
      height: 260,
    }),
  ].map((n) => ({ ...n, id: stableUuid(`${ID_NAMESPACE}:${n.name}`) }));
  return {
    id: "veoStudioWebhook",
    name: "Veo Studio: generate a video (webhook)",
    nodes,
    connections: {
      Start: to("Settings"),
      Settings: to("Generate video"),
      "Generate video": to(WEBHOOK_WAIT_NODE),
      [WEBHOOK_WAIT_NODE]: to("Completed?"),
      // If nodes: output 0 is "true", output 1 is "false".
      "Completed?": to("Video URLs", "Failed"),
    },
    active: false,
    settings: { executionOrder: "v1" },
    pinData: {},
    meta: { templateCredsSetupCompleted: false },
  };
}
