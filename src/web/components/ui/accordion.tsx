import type { ComponentProps } from "react";
import { Accordion as AccordionPrimitive } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/cn";
import { withClassName } from "./with-class-name";

export const Accordion = AccordionPrimitive.Root;

export const AccordionItem = withClassName(
  AccordionPrimitive.Item,
  cn(
    "rounded-xl border border-border bg-surface/70 transition-colors data-[state=open]:border-violet-500/40 data-[state=open]:bg-surface-raised/70",
  ),
);

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Trigger>) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={cn(
          "group flex flex-1 items-center justify-between gap-4 rounded-xl px-5 py-4 text-left text-base font-medium transition-colors",
          "hover:text-violet-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180 group-data-[state=open]:text-violet-300"
          aria-hidden="true"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof AccordionPrimitive.Content>) {
  return (
    <AccordionPrimitive.Content className="overflow-hidden data-[state=open]:animate-fade-in" {...props}>
      <div className={cn("px-5 pb-5 text-sm leading-relaxed text-muted-foreground", className)}>{children}</div>
    </AccordionPrimitive.Content>
  );
}
