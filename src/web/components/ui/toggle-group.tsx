import { ToggleGroup as ToggleGroupPrimitive } from "radix-ui";
import { SEGMENTED_LIST, SEGMENTED_TOGGLE } from "./segmented";
import { withClassName } from "./with-class-name";

/** A segmented control: one of a few options (Radix ToggleGroup, arrow keys move between items). */
export const ToggleGroup = withClassName(ToggleGroupPrimitive.Root, SEGMENTED_LIST);

export const ToggleGroupItem = withClassName(ToggleGroupPrimitive.Item, SEGMENTED_TOGGLE);
