/** Types for chat-fake.mjs (plain JavaScript so it can also run standalone with node). */
export interface ChatFakeOptions {
  /** The bearer key it accepts; any other gets 401. */
  key: string;
  /** The model it knows; any other gets 404. */
  model: string;
  port?: number;
  host?: string;
}

export interface ChatRequest {
  authorization: string;
  contentType: string;
  body: { model?: unknown; messages?: { role: string; content: string }[]; [key: string]: unknown };
}

export type ChatAnswer =
  | { kind: "text"; content: string }
  | { kind: "parts"; parts: string[] }
  | { kind: "status"; status: number }
  | { kind: "hang" }
  | { kind: "huge"; bytes: number }
  | { kind: "not-json" };

export interface ChatFake {
  url: string;
  /** `${url}/v1`: what the admin enters as the base URL. */
  baseUrl: string;
  /** Every request with a JSON body, oldest first. */
  requests: ChatRequest[];
  readonly calls: number;
  /** The next request's answer (after the key and model are checked, except a hang). */
  answerNext(answer: ChatAnswer): void;
  reset(): void;
  close(): Promise<void>;
}

export function startChatFake(options: ChatFakeOptions): Promise<ChatFake>;
