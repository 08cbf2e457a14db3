/**
 * @veo-studio/client: a small typed client for the Veo Studio automation API (decision 0172).
 * No dependencies; Node 20 or newer, or any runtime with fetch and WebCrypto.
 */
export {
  createClient,
  type ClientOptions,
  type RequestOptions,
  type StartOptions,
  type VeoStudioClient,
  type WaitOptions,
} from "./client.js";
export {
  POLL_SECONDS,
  TOKEN_PREFIX,
  type Balance,
  type ErrorCode,
  type ExtendInput,
  type ExtendResult,
  type FinalResult,
  type GenerateInput,
  type GenerateResult,
  type Models,
  type RegisteredWebhook,
  type RegisterWebhookInput,
  type UpgradeResult,
  type VideoList,
  type VideoListQuery,
  type VideoStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from "./contracts.js";
export { VeoStudioError } from "./errors.js";
export type { PollInterval } from "./waiting.js";
export {
  createWebhookWaiter,
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookWaiter,
} from "./webhooks.js";
