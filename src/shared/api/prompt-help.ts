/**
 * The prompt enhancer (issue 71 §3, decision 0160): the generator's "Improve prompt" button, what
 * it costs, and the owner's settings for it.
 */
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import {
  promptHelpOfferSchema,
  promptHelpRequestSchema,
  promptHelpResultSchema,
  promptHelpSettingsSchema,
} from "../schemas/prompt-help.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Videos"];

export const promptHelpApi = {
  offer: defineRoute({
    method: "GET",
    path: "/api/prompt-help",
    tags,
    summary: "Whether prompt help is on, and what one improved prompt costs on the website",
    responses: { 200: promptHelpOfferSchema },
  }),
  improve: defineRoute({
    method: "POST",
    path: "/api/prompt-help",
    tags,
    summary: "Turn an idea into a prompt written for the chosen model",
    description:
      "Screened like every prompt before anything is sent out, then written by the owner's built-in rules or " +
      "language model: subject, action, camera, light, and sound with its cue for models with sound. " +
      "Charged only for an answer given, at the web price of `prompt_help` (free by default). " +
      "The web app's own route: it needs the site's token (X-CSRF-Token).",
    body: promptHelpRequestSchema,
    responses: { 200: promptHelpResultSchema, ...errors(400, 401, 402, 403, 404, 422, 429, 503) },
    reasons: [
      "web_price_needs_web_app",
      "prompt_refused",
      "screening_unavailable",
      "prompt_help_off",
      "prompt_help_unavailable",
    ],
  }),
  updateSettings: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/prompt-help",
    tags: ["Admin"],
    summary:
      "Set where prompt help runs: off, the built-in rules, or an OpenAI-compatible chat endpoint (a blank or masked key keeps the stored one)",
    body: promptHelpSettingsSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
};
