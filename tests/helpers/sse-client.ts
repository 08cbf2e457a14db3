// A server-sent events client over real HTTP (fetch), collecting events for tests to wait on.

/** Event data as tests read it: whatever JSON the server sent. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SseEvent {
  event: string;
  data: Json;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  status = 0;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  private waiters: Array<() => void> = [];
  private endedFlag = false;

  private constructor(
    private readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.status = response.status;
    this.ended = this.read();
  }

  /** Opens the stream; a non-200 answer is returned as is (status and JSON body). */
  static async open(
    url: string,
    headers: Record<string, string>,
  ): Promise<SseClient | { status: number; body: unknown }> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
    if (res.status !== 200) return { status: res.status, body: await res.json().catch(() => undefined) };
    return new SseClient(res, controller);
  }

  get isEnded(): boolean {
    return this.endedFlag;
  }

  close(): void {
    this.controller.abort();
    void this.response.body?.cancel().catch(() => {});
  }

  /** The first event (from the start) named `event` that satisfies `match`. */
  async next(event: string, match: (data: Json) => boolean = () => true, timeoutMs = 5_000): Promise<Json> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((e) => e.event === event && match(e.data));
      if (found) return found.data;
      if (this.endedFlag) throw new Error(`the stream ended without '${event}' (got: ${this.names()})`);
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no '${event}' event within ${timeoutMs} ms (got: ${this.names()})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private names(): string {
    return this.events.map((e) => e.event).join(", ") || "nothing";
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of this.response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length > 0) this.events.push({ event, data: JSON.parse(data.join("\n")) as Json });
          this.wake();
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    } finally {
      this.endedFlag = true;
      this.wake();
    }
  }
}
