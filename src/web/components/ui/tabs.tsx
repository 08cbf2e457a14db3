import { Tabs as TabsPrimitive } from "radix-ui";
import { SEGMENTED_LIST, SEGMENTED_TAB } from "./segmented";
import { withClassName } from "./with-class-name";

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClassName(TabsPrimitive.List, SEGMENTED_LIST);

export const TabsTrigger = withClassName(TabsPrimitive.Trigger, SEGMENTED_TAB);

export const TabsContent = withClassName(TabsPrimitive.Content, "focus-visible:outline-none");
