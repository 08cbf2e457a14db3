/** Types for telegram-fake.mjs (plain JavaScript so it can also run standalone with node). */
export interface TelegramFakeOptions {
  /** Bot tokens the fake accepts; others get 401 Unauthorized. */
  tokens: string[];
  /** Chat ids the bot can write to; others get 400 'chat not found'. */
  chats: string[];
  port?: number;
  host?: string;
}

export interface TelegramMessage {
  token: string;
  chatId: string;
  text: string;
  parseMode?: string;
}

export interface TelegramFake {
  url: string;
  /** Every accepted message, oldest first. */
  messages: TelegramMessage[];
  /** sendMessage calls received, failed ones included. */
  readonly calls: number;
  /** The next `times` calls answer `status` (500 by default; 429 carries retry_after). */
  failNext(times: number, status?: number, retryAfter?: number): void;
  /** While down, connections are dropped without an answer. */
  setDown(down: boolean): void;
  reset(): void;
  close(): Promise<void>;
}

export function startTelegramFake(options: TelegramFakeOptions): Promise<TelegramFake>;
