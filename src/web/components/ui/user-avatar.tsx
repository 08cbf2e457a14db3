import { cn } from "@/lib/cn";

// eslint-disable-next-line lingui/no-unlocalized-strings -- class names
const SIZES = { sm: "size-9 text-sm", lg: "size-16 text-2xl" } as const;

/** A round badge with the username's first letter. */
export function UserAvatar({
  username,
  size = "sm",
  className,
}: {
  username: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 font-semibold uppercase text-white ring-2 ring-background",
        SIZES[size],
        className,
      )}
    >
      {username.charAt(0) || "?"}
    </span>
  );
}
