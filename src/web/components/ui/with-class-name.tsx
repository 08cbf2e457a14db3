import type { ComponentProps, ElementType } from "react";
import { cn } from "@/lib/cn";

/**
 * The kit's way to style a part it does not change otherwise (a Radix part or an element): the
 * returned component draws `Base` with `classes` (written with cn, so lint knows them for class names), and a className given to it comes after them,
 * so it may override them. Every other prop (and ref) goes to `Base` as it is.
 */
export function withClassName<Base extends ElementType>(Base: Base, classes: string) {
  const Component: ElementType = Base;
  return function Styled(props: ComponentProps<Base> & { className?: string }) {
    const { className, ...rest } = props as { className?: string };
    return <Component className={cn(classes, className)} {...rest} />;
  };
}
