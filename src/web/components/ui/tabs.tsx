import { Tabs as TabsPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { SEGMENTED_ITEM, SEGMENTED_LIST } from "./segmented";
import { withClassName } from "./with-class-name";

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClassName(TabsPrimitive.List, SEGMENTED_LIST);

export const TabsTrigger = withClassName(
  TabsPrimitive.Trigger,
  cn(
    SEGMENTED_ITEM,
    "data-[state=active]:bg-surface-raised data-[state=active]:text-foreground data-[state=active]:shadow-md data-[state=active]:shadow-black/30",
  ),
);

export const TabsContent = withClassName(TabsPrimitive.Content, "focus-visible:outline-none");
