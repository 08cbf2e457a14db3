import type { ComponentProps } from "react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { withClassName } from "./with-class-name";

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-56 overflow-hidden rounded-xl border border-border bg-surface p-1.5 text-foreground shadow-2xl shadow-black/50 data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export const DropdownMenuItem = withClassName(
  MenuPrimitive.Item,
  cn(
    "relative flex cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-zinc-200 outline-none transition-colors",
    "data-[highlighted]:bg-surface-raised data-[highlighted]:text-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-muted-foreground",
  ),
);

export const DropdownMenuLabel = withClassName(MenuPrimitive.Label, cn("px-2.5 py-2 text-sm"));

export const DropdownMenuSeparator = withClassName(MenuPrimitive.Separator, cn("-mx-1.5 my-1.5 h-px bg-border"));

export const DropdownMenuGroup = MenuPrimitive.Group;
