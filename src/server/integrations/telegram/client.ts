/**
 * Telegram Bot API sendMessage (external-apis.md section 5). The token is part of the URL, so it
 * is never put into an error message: callers may log these errors as they are.
 */
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

export const TELEGRAM_TIMEOUT_MS = 10_000;
/** Telegram's limit for one message. */
export const TELEGRAM_MAX_TEXT = 4096;

interface TelegramAnswer {
  ok?: boolean;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

function kindOf(status: number): TelegramErrorKind {
  if (status === 401 || status === 404) return "unauthorized";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "rejected";
}

export async function sendTelegramMessage(
  baseUrl: string,
  token: string,
  chatId: string,
  text: string,
  timeoutMs = TELEGRAM_TIMEOUT_MS,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/bot${token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        chat_id: chatId,
        text: text.slice(0, TELEGRAM_MAX_TEXT),
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new TelegramError("unavailable", timedOut ? "Telegram did not answer in time" : "Telegram could not be reached");
  }
  const answer = (await response.json().catch(() => ({}))) as TelegramAnswer;
  if (response.ok && answer.ok === true) return;
  const status = answer.error_code ?? (response.ok ? 502 : response.status);
  const description = typeof answer.description === "string" ? answer.description.slice(0, 200) : `HTTP ${response.status}`;
  throw new TelegramError(kindOf(status), description, answer.parameters?.retry_after);
}

/** Escapes text for parse_mode HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
