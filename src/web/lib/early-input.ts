/**
 * The app's side of public/early-input.js (decision 0078): once the app has drawn the landing page
 * in place of its pre-rendered HTML, the clicks and choices made before are done again on the
 * app's copies of those elements, and the element that had the keyboard focus gets it back.
 */
interface Described {
  tag: string;
  id: string | null;
  href: string | null;
  label: string | null;
  text: string;
}

type EarlyAction = { type: "click"; target: Described } | { type: "change"; target: Described; value: string };

interface EarlyInput {
  queue: EarlyAction[];
  tookOver: boolean;
  describe(el: Element): Described;
}

const early = (): EarlyInput | undefined => (window as { __veoApp?: EarlyInput }).__veoApp;

function find(root: HTMLElement, d: Described): HTMLElement | null {
  if (d.id) {
    const byId = document.getElementById(d.id);
    if (byId && root.contains(byId) && byId.tagName === d.tag) return byId;
  }
  for (const el of root.querySelectorAll<HTMLElement>(d.tag)) {
    if (
      el.getAttribute("href") === d.href &&
      el.getAttribute("aria-label") === d.label &&
      (el.textContent ?? "").trim().slice(0, 200) === d.text
    ) {
      return el;
    }
  }
  return null;
}

/** Follows a held link the app did not draw, as the browser would have: only to a web address. */
function follow(d: Described): void {
  if (d.tag !== "A" || d.href === null) return;
  const url = new URL(d.href, window.location.href);
  if (url.protocol === "https:" || url.protocol === "http:") window.location.assign(url.href);
}

/** What had the focus in the pre-rendered page, read before the app draws over it. */
export function focusedBeforeTakeOver(root: HTMLElement): Described | null {
  const input = early();
  const active = document.activeElement;
  return input && active && active !== root && root.contains(active) ? input.describe(active) : null;
}

/**
 * Called once the app has committed its first render: waits (a frame at a time, at most ~3 s) for
 * the elements acted on to be drawn, then replays the actions in order. A held link click whose
 * element the app never drew is followed the usual way: taking over also ends
 * public/early-input.js's own fallback for it.
 */
export function replayEarlyInput(root: HTMLElement, focused: Described | null): void {
  const input = early();
  if (!input) return;
  let frames = 0;
  const step = () => {
    // The focus first: it is where the person was when they pressed a key or clicked.
    const pending = [...(focused ? [{ type: "focus" as const, target: focused }] : []), ...input.queue];
    const targets = pending.map((action) => find(root, action.target));
    if (targets.some((el) => el === null) && frames++ < 180) {
      requestAnimationFrame(step);
      return;
    }
    input.tookOver = true;
    input.queue = [];
    pending.forEach((action, i) => {
      const el = targets[i];
      if (!el) {
        if (action.type === "click") follow(action.target);
        return;
      }
      if (action.type === "focus") el.focus();
      else if (action.type === "click") el.click();
      else if (el instanceof HTMLSelectElement) {
        // Through the element's own setter: React's controlled select then sees a change.
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(el, action.value);
        el.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  };
  step();
}
