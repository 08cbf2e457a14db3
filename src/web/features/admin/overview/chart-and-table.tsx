import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A chart and its table: side by side on wide screens, one under the other on phones. */
export function ChartAndTable({
  chart,
  table,
  wideTable = false,
}: {
  chart: ReactNode;
  table: ReactNode;
  wideTable?: boolean;
}) {
  return (
    <div
      className={cn(
        "grid items-start gap-4",
        // Side by side only where the table's columns fit beside the chart (Vietnamese headers are long).
        wideTable ? "2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : "xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]",
      )}
    >
      {chart}
      {table}
    </div>
  );
}
