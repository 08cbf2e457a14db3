// The app's replay of what was done on the pre-rendered landing page (src/web/lib/early-input.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { replayEarlyInput } from "@/lib/early-input";

interface Held {
  queue: { type: "click"; target: ReturnType<typeof describeLink> }[];
  tookOver: boolean;
  describe: (el: Element) => ReturnType<typeof describeLink>;
}

const describeLink = (el: Element) => ({
  tag: el.tagName,
  id: el.id || null,
  href: el.getAttribute("href"),
  label: el.getAttribute("aria-label"),
  text: (el.textContent ?? "").trim().slice(0, 200),
});

let root: HTMLElement;
let held: Held;

function link(href: string, text: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.setAttribute("href", href);
  a.textContent = text;
  return a;
}

beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
  held = { queue: [], tookOver: false, describe: describeLink };
  (window as { __veoApp?: Held }).__veoApp = held;
  // Frames pass at once: the replay's wait for the app's elements ends without a real clock.
  vi.stubGlobal("requestAnimationFrame", (step: FrameRequestCallback) => {
    queueMicrotask(() => step(0));
    return 0;
  });
});

afterEach(() => {
  root.remove();
  delete (window as { __veoApp?: Held }).__veoApp;
  vi.restoreAllMocks();
});

const settled = () => vi.waitFor(() => expect(held.tookOver).toBe(true));

describe("replaying held clicks", () => {
  it("clicks the app's own copy of a held link", async () => {
    const contact = link("/contact", "Contact us");
    const clicked = vi.fn((event: Event) => event.preventDefault());
    contact.addEventListener("click", clicked);
    root.append(contact);
    held.queue.push({ type: "click", target: describeLink(link("/contact", "Contact us")) });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});

    replayEarlyInput(root, null);
    await settled();

    expect(clicked).toHaveBeenCalledOnce();
    expect(assign).not.toHaveBeenCalled();
  });

  it("follows a held link the app never drew, since taking over ends the page's own fallback", async () => {
    root.append(link("/pricing", "Pricing"));
    held.queue.push({ type: "click", target: describeLink(link("/contact", "Contact us")) });
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});

    replayEarlyInput(root, null);
    await settled();

    expect(assign).toHaveBeenCalledExactlyOnceWith(new URL("/contact", window.location.href).href);
    expect(held.queue).toEqual([]);
  });

  it("follows only web addresses, and nothing that is not a link", async () => {
    held.queue.push(
      { type: "click", target: describeLink(link("javascript:alert(1)", "Run")) },
      { type: "click", target: { ...describeLink(link("/contact", "Contact")), tag: "BUTTON" } },
    );
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});

    replayEarlyInput(root, null);
    await settled();

    expect(assign).not.toHaveBeenCalled();
  });
});
