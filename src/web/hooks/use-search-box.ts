import { useEffect, useEffectEvent, useState } from "react";

/** How long typing must pause before a search box's text reaches its list. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: the text as typed, sent (trimmed) to `send` once typing pauses. `value` is
 * what the list's filters say; when it changes to something the box did not send (Back, Clear, a
 * link), the box shows it, while a search the box sent that arrives as the person types on keeps
 * their text. `send` is called with the text alone: whoever owns the filters merges it into the
 * filters as they are at that moment, so a choice made meanwhile (a status, a type) is kept.
 */
export function useSearchBox(value: string, send: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setText(value);
    }
  }

  const sendText = useEffectEvent((next: string) => {
    setSent(next);
    send(next);
  });
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => sendText(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return [text, setText];
}
