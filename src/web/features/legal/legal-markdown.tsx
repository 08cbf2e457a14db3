/**
 * A legal text's Markdown as the page shows it (decision 0079). react-markdown builds React
 * elements and never HTML: raw HTML in the text is shown as text (no rehype-raw, keep it so),
 * links keep only the targets legalLinkUrl allows, and images are left out (a legal page needs
 * none, and an image from anywhere would tell that site who reads the page).
 */
import type { ComponentProps } from "react";
import Markdown, { type Components, type ExtraProps } from "react-markdown";
import { Link } from "wouter";
import { legalLinkUrl } from "./link-url";

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentProps<T> & ExtraProps;

const LINK_CLASS =
  "font-medium text-violet-300 underline underline-offset-4 hover:text-violet-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm";

function MarkdownLink({ node: _node, href, children, ...props }: Props<"a">) {
  // A target legalLinkUrl dropped: the words stay, the link goes.
  if (!href) return <span>{children}</span>;
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link href={href} className={LINK_CLASS}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a
      {...props}
      href={href}
      className={LINK_CLASS}
      {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
    >
      {children}
    </a>
  );
}

/** The page's own title is its one h1: a heading in the text starts at h2. */
const components: Components = {
  h1: ({ node: _node, ...props }: Props<"h1">) => (
    <h2 className="mt-8 text-xl font-semibold tracking-tight" {...props} />
  ),
  h2: ({ node: _node, ...props }: Props<"h2">) => (
    <h2 className="mt-8 text-xl font-semibold tracking-tight" {...props} />
  ),
  h3: ({ node: _node, ...props }: Props<"h3">) => <h3 className="mt-6 text-lg font-semibold" {...props} />,
  h4: ({ node: _node, ...props }: Props<"h4">) => <h4 className="mt-5 font-semibold" {...props} />,
  h5: ({ node: _node, ...props }: Props<"h5">) => <h4 className="mt-5 font-semibold" {...props} />,
  h6: ({ node: _node, ...props }: Props<"h6">) => <h4 className="mt-5 font-semibold" {...props} />,
  p: ({ node: _node, ...props }: Props<"p">) => <p className="mt-3 leading-relaxed text-zinc-300" {...props} />,
  ul: ({ node: _node, ...props }: Props<"ul">) => (
    <ul className="mt-3 list-disc space-y-1.5 pl-6 text-zinc-300" {...props} />
  ),
  ol: ({ node: _node, ...props }: Props<"ol">) => (
    <ol className="mt-3 list-decimal space-y-1.5 pl-6 text-zinc-300" {...props} />
  ),
  li: ({ node: _node, ...props }: Props<"li">) => <li className="leading-relaxed" {...props} />,
  blockquote: ({ node: _node, ...props }: Props<"blockquote">) => (
    <blockquote className="mt-3 border-l-2 border-violet-500/50 pl-4 text-zinc-400" {...props} />
  ),
  strong: ({ node: _node, ...props }: Props<"strong">) => (
    <strong className="font-semibold text-foreground" {...props} />
  ),
  hr: () => <hr className="my-6 border-border" />,
  a: MarkdownLink,
};

export function LegalMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="break-words text-sm sm:text-base [&>:first-child]:mt-0">
      <Markdown components={components} urlTransform={legalLinkUrl} disallowedElements={["img"]}>
        {markdown}
      </Markdown>
    </div>
  );
}
