import { ToggleGroup as ToggleGroupPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { SEGMENTED_ITEM, SEGMENTED_LIST } from "./segmented";
import { withClassName } from "./with-class-name";

/** A segmented control: one of a few options (Radix ToggleGroup, arrow keys move between items). */
export const ToggleGroup = withClassName(ToggleGroupPrimitive.Root, SEGMENTED_LIST);

export const ToggleGroupItem = withClassName(
  ToggleGroupPrimitive.Item,
  cn(
    SEGMENTED_ITEM,
    "[&_svg]:size-4",
    "data-[state=on]:bg-surface-raised data-[state=on]:text-foreground data-[state=on]:shadow-md data-[state=on]:shadow-black/30",
    "disabled:pointer-events-none disabled:opacity-50",
  ),
);
