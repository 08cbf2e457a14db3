import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface PageNoticeProps {
  /** A large icon above the title (aria-hidden). */
  icon: ReactNode;
  title: string;
  text: string;
  /** "alert" when something failed. */
  role?: "alert";
  /** The whole screen (no header or footer around it). */
  fillScreen?: boolean;
  /** Buttons below the text. */
  children?: ReactNode;
}

/** A page's whole content when it cannot be shown: an icon, a heading, a line of text, and what to do. */
export function PageNotice({ icon, title, text, role, fillScreen = false, children }: PageNoticeProps) {
  return (
    <div
      role={role}
      className={cn(
        "mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center",
        fillScreen && "min-h-dvh",
      )}
    >
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
