import type { ReactElement } from "react";

/** A message before rendering: its subject and its body as a React Email element. */
export interface Composed {
  subject: string;
  element: ReactElement;
}
