/**
 * Telegram Bot API sendMessage (decision 0023). The token is part of the URL, so it
 * is never put into an error message: callers may log these errors as they are.
 */
import { HttpError, requestJson } from "../http/json-request.js";
import { asNumber, asRecord, asText } from "../kie/parse.js";

export type TelegramErrorKind =
  /** Wrong or revoked bot token (401/404). */
  | "unauthorized"
  /** Telegram refused the message: chat not found, bot blocked, bad text (400/403). */
  | "rejected"
  /** Too many requests; retry after `retryAfterSeconds`. */
  | "rate_limited"
  /** Down, unreachable, timed out or an unreadable answer: retry later. */
  | "unavailable";

export class TelegramError extends Error {
  constructor(
    readonly kind: TelegramErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "TelegramError";
  }
}

const TELEGRAM_TIMEOUT_MS = 10_000;
/** Telegram's limit for one message. */
const TELEGRAM_MAX_TEXT = 4096;

function kindOf(status: number): TelegramErrorKind {
  if (status === 401 || status === 404) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "rejected";
}

/**
 * Telegram's answer `{ok, error_code, description, parameters: {retry_after}}` as an error. An
 * answer without its own error code counts as 502 when the HTTP status said success.
 */
function errorOfAnswer(httpStatus: number, answer: Record<string, unknown> | undefined): TelegramError {
  const ok = httpStatus >= 200 && httpStatus < 300;
  const status = asNumber(answer?.error_code) ?? (ok ? 502 : httpStatus);
  const description = asText(answer?.description)?.slice(0, 200) ?? `HTTP ${httpStatus}`;
  return new TelegramError(kindOf(status), description, asNumber(asRecord(answer?.parameters)?.retry_after));
}

export async function sendTelegramMessage(
  baseUrl: string,
  token: string,
  chatId: string,
  text: string,
  timeoutMs = TELEGRAM_TIMEOUT_MS,
): Promise<void> {
  let answer: Record<string, unknown> | undefined;
  let httpStatus: number;
  try {
    const res = await requestJson(`${baseUrl}/bot${token}/sendMessage`, {
      method: "POST",
      json: {
        chat_id: chatId,
        text: text.slice(0, TELEGRAM_MAX_TEXT),
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
      },
      timeoutMs,
    });
    answer = asRecord(res.body);
    httpStatus = res.status;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.kind === "timeout") throw new TelegramError("unavailable", "Telegram did not answer in time");
    if (err.kind === "unreachable") throw new TelegramError("unavailable", "Telegram could not be reached");
    throw errorOfAnswer(err.status ?? 502, asRecord(err.body));
  }
  if (answer?.ok === true) return;
  throw errorOfAnswer(httpStatus, answer);
}

/** Escapes text for parse_mode HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
