/**
 * The MCP server's tools (decision 0168): one McpServer per request, for the API token's person.
 * Every tool calls what the automation API's routes call (automation/*, videos/*), at API prices;
 * none works out a price or a state of its own. Each answers with `structuredContent` and the same
 * facts as text a model can read. Submit and poll: generate_video (a draft too), upgrade_video,
 * extend_video and make_final return at once with the video's id; get_video says where it is.
 */
import type { FastifyBaseLogger } from "fastify";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { mayWrite, NO_WRITE_SCOPE_MESSAGE } from "../../http/bearer-auth.js";
import { AppError, invalidInput } from "../../http/errors.js";
import { runOnce, type LinkTask } from "../../http/idempotency.js";
import { tooManyRequests, type RateLimiter } from "../../http/rate-limit.js";
import { POLL_SECONDS } from "../../../shared/automation.js";
import { MODEL_CATALOGUE, optionsProblem } from "../../../shared/catalogue.js";
import { automationGenerateSchema } from "../../../shared/schemas/automation.js";
import { extendVideoSchema, taskListQuery } from "../../../shared/schemas/videos.js";
import { modelLabel } from "../../../shared/videos.js";
import { creditSplit } from "../credits/credit-split.js";
import { generateFromApi, type ApiGenerateDeps } from "../automation/generate-service.js";
import { refundedCredits, toAutomationStatus } from "../automation/video-status.js";
import { TASK_NOT_FOUND } from "../automation/messages.js";
import { upgradeTo4kFromApi } from "../automation/upgrade-4k.js";
import { apiVideoList } from "../automation/video-list.js";
import { extendVideo } from "../videos/extend-service.js";
import { modelsView } from "../videos/pricing.js";
import { quoteNow } from "../videos/quote.js";
import { getOwnTask } from "../videos/queries.js";
import { makeFinal } from "../videos/draft-service.js";
import { extendDepsOf, type VideoRouteDeps } from "../videos/routes.js";
import { signedUntil, type VideoUrlSigner } from "../videos/video-files.js";
import type { TaskReads } from "../videos/video-deps.js";

const SIGNED_URL_SECONDS = 24 * 3600;
const SERVER_INFO = { name: "veo-studio", version: "1.0.0" };

export interface McpToolDeps
  extends
    TaskReads,
    ApiGenerateDeps,
    Pick<VideoRouteDeps, "videoStore" | "jobs" | "readSettings" | "provider" | "modelHealth"> {
  config: { publicUrl: string; webhooksAllowLocal: boolean };
  videoUrls: VideoUrlSigner;
  /** The per-user generation limit the web and the automation API share: one budget. */
  generateLimiter: RateLimiter;
}

const idempotencyKey = z
  .string()
  .regex(/^[\x20-\x7E]{1,255}$/, "idempotency_key must be 1 to 255 printable ASCII characters")
  .optional()
  .describe(
    "Any unique string (a UUID is a good choice). Calling again with the same key and the same arguments within 24 hours returns the first answer and never charges twice. Use one when you may retry.",
  );

const taskIdArg = z
  .string({ error: "video_id is required" })
  .trim()
  .min(1, "video_id is required")
  .max(200, "video_id must be at most 200 characters")
  .describe("The video's id (taskId) from generate_video, extend_video or list_videos.");

/** generate_video's arguments: the automation API's request (callbackUrl aside) plus the key. */
const generateShape = (() => {
  const { callbackUrl: _unused, ...fields } = automationGenerateSchema.in.shape;
  return { ...fields, idempotency_key: idempotencyKey };
})();

const estimateShape = {
  model: automationGenerateSchema.in.shape.model,
  aspectRatio: automationGenerateSchema.in.shape.aspectRatio,
  durationSeconds: automationGenerateSchema.in.shape.durationSeconds,
  resolution: automationGenerateSchema.in.shape.resolution,
  audio: automationGenerateSchema.in.shape.audio,
  upgrade4k: automationGenerateSchema.in.shape.upgrade4k,
  variants: automationGenerateSchema.in.shape.variants,
};

const extendShape = {
  video_id: taskIdArg,
  prompt: extendVideoSchema.shape.prompt.describe("What happens next in the video, in English."),
  model: extendVideoSchema.shape.model.describe(
    "For an extension from the last frame: the model that makes the new part; by default the video's own.",
  ),
  seeds: extendVideoSchema.shape.seeds,
  idempotency_key: idempotencyKey,
};

const listShape = {
  page: taskListQuery.shape.page.describe("The page, from 1 (default 1)."),
  limit: taskListQuery.shape.limit.describe("Videos per page, 1-100 (default 10)."),
  status: taskListQuery.shape.status.describe("Only videos in this state."),
  model: taskListQuery.shape.model.describe("Only videos of this model."),
  q: taskListQuery.shape.q.describe("Words of the prompt."),
};

/** An answer: the facts as JSON for programs, and the same as text for the model. */
function answer(summary: string, data: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: `${summary}\n\n${JSON.stringify(data, null, 2)}` }],
    structuredContent: data,
  };
}

function refusal(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * Runs a tool: the app's refusals (no credits, not found, bad options, busy) become tool errors
 * with their words and code; anything else is logged and told as a fault without its details.
 */
async function guarded(log: FastifyBaseLogger, tool: string, run: () => Promise<CallToolResult>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) return refusal(`${err.message} (${err.code})`);
    if (err instanceof z.ZodError) return refusal(invalidInput(err).message);
    log.error({ err, tool }, "MCP tool failed");
    return refusal("Something went wrong on the server. Try again in a minute.");
  }
}

/**
 * A fresh server with every tool, for one request of the token's person (stateless: nothing
 * outlives it). `scopes` are an OAuth token's (decision 0169): without videos:write the tools that
 * spend credits refuse; null (a classic API token) allows everything.
 */
export function mcpServerFor(
  ctx: McpToolDeps,
  caller: { id: string; scopes: readonly string[] | null },
  log: FastifyBaseLogger,
): McpServer {
  const userId = caller.id;
  /** The spending tools' first check: a read-only OAuth connection is told why, and nothing is charged. */
  const readOnly = () => (mayWrite(caller) ? undefined : refusal(NO_WRITE_SCOPE_MESSAGE));
  const server = new McpServer(SERVER_INFO, {
    instructions: `Makes AI videos from text or images with the credits of the API token's account, at API prices. Call list_models for the models, their options and prices; estimate_cost before spending; generate_video returns at once with a video id: call get_video every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds until it is completed or failed. Failed videos are refunded.`,
  });
  const db = ctx.db;

  const startsVideo = async <T>(
    key: string | undefined,
    scope: string,
    request: unknown,
    run: (link?: LinkTask) => Promise<T>,
  ) => {
    const limited = async (link?: LinkTask) => {
      const wait = await ctx.generateLimiter.hit(userId);
      if (wait) throw tooManyRequests(wait, "video requests");
      return run(link);
    };
    if (key === undefined) return { body: await limited(), replayed: false };
    const done = await runOnce(db, { userId, key, scope, request }, limited);
    return { body: done.body, replayed: done.replay !== undefined };
  };

  server.registerTool(
    "list_models",
    {
      title: "List models",
      description:
        "Every video model on offer: its modes, lengths, resolutions, shapes, sound, and the price in credits of each choice at API prices (per video, or per second for a per-second model), with the surcharges (4K, extension).",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(log, "list_models", async () => {
        const [settings, simulated, health] = await Promise.all([
          ctx.readSettings(),
          ctx.provider.isSimulated(),
          ctx.modelHealth(),
        ]);
        const view = modelsView(settings, simulated, health);
        const models = view.models.map((m) => ({
          id: m.id,
          label: m.label,
          description: m.description,
          status: m.status,
          modes: m.modes.map((x) => ({ mode: x.mode, minImages: x.minImages, maxImages: x.maxImages })),
          durations: m.durations,
          resolutions: m.resolutions,
          aspectRatios: m.aspectRatios,
          audio: m.audio,
          seed: m.seed,
          upgrades: m.upgrades,
          price: {
            unit: m.price.unit,
            credits: m.price.apiCredits,
            cells: m.price.cells.map((c) => ({ resolution: c.resolution, audio: c.audio, credits: c.apiCredits })),
          },
        }));
        const surcharges = view.surcharges.map((s) => ({
          surcharge: s.surcharge,
          label: s.label,
          credits: s.apiCredits,
        }));
        const lines = models.map(
          (m) =>
            `- ${m.id} (${m.label}): from ${m.price.credits} credits per ${m.price.unit}; modes ${m.modes.map((x) => x.mode).join(", ")}; ${m.durations.options.join("/")} s; ${m.resolutions.options.join(", ")}; ${m.aspectRatios.options.join(", ")}${m.status === "degraded" ? "; slow or failing now" : ""}`,
        );
        return answer(`Models at API prices (credits):\n${lines.join("\n")}`, { models, surcharges });
      }),
  );

  server.registerTool(
    "estimate_cost",
    {
      title: "Estimate the cost",
      description:
        "The credits generate_video would charge for these options (the model's defaults where left out), and the account's balance. Nothing is charged.",
      inputSchema: estimateShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(log, "estimate_cost", async () => {
        const problem = optionsProblem(args.model, args);
        if (problem) return refusal(`${problem.field}: ${problem.message}`);
        if (args.upgrade4k && !MODEL_CATALOGUE[args.model].upgrades.uhd4k)
          return refusal(`upgrade4k: ${MODEL_CATALOGUE[args.model].label} makes no 4K version`);
        const price = await quoteNow(ctx, { channel: "api", video: args });
        const videos = args.variants ?? 1;
        const credits = price.total * videos;
        const { credits: balance } = await creditSplit(db, userId);
        const data = { model: args.model, credits, perVideo: price.total, uhdCredits: price.uhd, videos, balance };
        const enough =
          balance >= credits ? "The balance covers it." : "The balance does not cover it: buy credits first.";
        return answer(`${modelLabel(args.model)}: ${credits} credits (balance ${balance}). ${enough}`, data);
      }),
  );

  server.registerTool(
    "generate_video",
    {
      title: "Generate a video",
      description: `Starts a video from a prompt (and images for image or reference mode) and charges its API price at once; returns its video id without waiting. Then call get_video every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds: a video takes one to several minutes. Pass an idempotency_key when you may retry, so a retry never charges twice. Images: public https JPG/PNG/WebP URLs (fetched and checked by the server) or base64 data.`,
      inputSchema: generateShape,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ idempotency_key: key, ...args }) =>
      guarded(log, "generate_video", async () => {
        const refused = readOnly();
        if (refused) return refused;
        // The schema's own checks across fields (mode and images, the model's options).
        const parsed = automationGenerateSchema.safeParse(args);
        if (!parsed.success) return refusal(invalidInput(parsed.error).message);
        const { body, replayed } = await startsVideo(key, "MCP generate_video", args, (link) =>
          generateFromApi(ctx, userId, parsed.data, link),
        );
        const data = { ...body, replayed };
        const ids = body.taskIds.length > 1 ? `video ids ${body.taskIds.join(", ")}` : `video id ${body.taskId}`;
        return answer(
          `${replayed ? "Already started with this idempotency_key" : "Started"}: ${ids}, ${body.creditsUsed} credits charged, ${body.remainingCredits} left. Call get_video in ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds.`,
          data,
        );
      }),
  );

  server.registerTool(
    "get_video",
    {
      title: "Get a video",
      description:
        "A video's state: processing, completed (with the kept video's URLs, valid for a day) or failed (with the reason and the refund), which vendor made it (vendor: kie; google or vertex when the first vendor was down, and google for Gemini Omni Flash), and for a draft the model and resolution it is the draft of (draftOf).",
      inputSchema: { video_id: taskIdArg },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ video_id }) =>
      guarded(log, "get_video", async () => {
        const task = await getOwnTask(db, ctx.caches.tasks, userId, video_id, TASK_NOT_FOUND);
        const refunded = task.status === "failed" ? await refundedCredits(db, task.id) : 0;
        const until = signedUntil(SIGNED_URL_SECONDS);
        const status = toAutomationStatus(task, refunded, (url) =>
          ctx.videoUrls.sign(url, ctx.config.publicUrl, until),
        );
        const elapsedSeconds = Math.max(0, Math.round((Date.now() - task.createdAt.getTime()) / 1000));
        const data = { ...status, model: task.model, elapsedSeconds };
        const where = status.videoUrl4k ?? status.hdVideoUrl ?? status.videoUrl;
        return answer(
          `${video_id}: ${status.status}. ${status.message}${where ? `. Video: ${where}` : ""}${status.status === "processing" ? ` (${elapsedSeconds} s so far)` : ""}`,
          data,
        );
      }),
  );

  server.registerTool(
    "list_videos",
    {
      title: "List my videos",
      description: "The account's videos, newest first, a page at a time, optionally by state, model or prompt words.",
      inputSchema: listShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(log, "list_videos", async () => {
        const { success: _, ...list } = await apiVideoList(ctx, userId, args);
        const lines = list.videos.map(
          (v) => `- ${v.taskId} ${v.status} ${v.model} ${v.createdAt}: ${v.prompt.slice(0, 80)}`,
        );
        const videos = list.videos.map(({ taskId, ...v }) => ({ videoId: taskId, ...v }));
        return answer(`${list.total} video(s) in all; page ${list.page}:\n${lines.join("\n") || "(none)"}`, {
          ...list,
          videos,
        });
      }),
  );

  server.registerTool(
    "get_balance",
    {
      title: "Get my balance",
      description: "The account's credits, and which of them expire when (those are spent first).",
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      guarded(log, "get_balance", async () => {
        const split = await creditSplit(db, userId);
        return answer(`${split.credits} credits.`, { ...split });
      }),
  );

  server.registerTool(
    "upgrade_video",
    {
      title: "Upgrade a video to 4K",
      description:
        "Asks for the 4K version of a completed video, for the 4K surcharge at API prices (charged now, refunded if it cannot be made). Returns at once: call get_video until videoUrl4k is set.",
      inputSchema: { video_id: taskIdArg },
      annotations: { destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    ({ video_id }) =>
      guarded(log, "upgrade_video", async () => {
        const refused = readOnly();
        if (refused) return refused;
        const { creditsUsed: cost, remainingCredits: remaining } = await upgradeTo4kFromApi(ctx, userId, video_id);
        const data = { videoId: video_id, uhdStatus: "pending", creditsUsed: cost, remainingCredits: remaining };
        return answer(
          `The 4K version of ${video_id} is being made: ${cost} credits charged, ${remaining} left. Call get_video for videoUrl4k.`,
          data,
        );
      }),
  );

  server.registerTool(
    "extend_video",
    {
      title: "Extend a video",
      description:
        "A new video that continues a completed one with a new prompt, charged at API prices (the model's price plus the extension surcharge; refunded if it fails). Returns the extension's own video id at once: call get_video on it.",
      inputSchema: extendShape,
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ video_id, idempotency_key: key, ...input }) =>
      guarded(log, "extend_video", async () => {
        const refused = readOnly();
        if (refused) return refused;
        const parsed = extendVideoSchema.safeParse(input);
        if (!parsed.success) return refusal(invalidInput(parsed.error).message);
        const { body, replayed } = await startsVideo(key, `MCP extend_video:${video_id}`, input, (link) =>
          extendVideo(extendDepsOf(ctx), userId, video_id, parsed.data, link, "api"),
        );
        const data = { ...body, parentVideoId: video_id, replayed };
        return answer(
          `Extension started: video id ${body.taskId}, ${body.creditsUsed} credits charged, ${body.remainingCredits} left. Call get_video on it in ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds.`,
          data,
        );
      }),
  );

  server.registerTool(
    "make_final",
    {
      title: "Make a draft final",
      description:
        "A completed draft (made with generate_video's draft: true, the cheap try) made again at full quality: the same prompt, seed and images on the model and resolution it is the draft of, as a new video charged at API prices (refunded if it fails). Returns its video id at once: call get_video on it.",
      inputSchema: { video_id: taskIdArg, idempotency_key: idempotencyKey },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ video_id, idempotency_key: key }) =>
      guarded(log, "make_final", async () => {
        const refused = readOnly();
        if (refused) return refused;
        const { body, replayed } = await startsVideo(key, `MCP make_final:${video_id}`, { video_id }, (link) =>
          makeFinal(ctx, userId, video_id, link, "api"),
        );
        const data = {
          taskId: body.taskId,
          creditsUsed: body.creditsUsed,
          remainingCredits: body.remainingCredits,
          draftVideoId: video_id,
          replayed,
        };
        return answer(
          `Final started: video id ${body.taskId}, ${body.creditsUsed} credits charged, ${body.remainingCredits} left. Call get_video on it in ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds.`,
          data,
        );
      }),
  );

  return server;
}
