import { createPortal } from "react-dom";

/** Marks the block printed alone; every other child of <body> is left off the paper. */
const PRINT_ONLY = "recovery-codes-print";
const PRINT_ALONE_CSS = `body > :not(.${PRINT_ONLY}) { display: none !important; }`;

/**
 * The recovery codes as printed: a block beside the app's root, hidden on screen; while it is on
 * the page, printing shows it and nothing else (the site's header, the other cards, the toasts).
 */
export function RecoveryCodesPrint({ heading, codes }: { heading: string[]; codes: string[] }) {
  const [title, ...lines] = heading;
  return createPortal(
    <div className={`${PRINT_ONLY} hidden bg-white p-8 text-black print:block`} data-testid="recovery-codes-print">
      <style media="print">{PRINT_ALONE_CSS}</style>
      <h1 className="text-xl font-bold">{title}</h1>
      {lines.map((line) => (
        <p key={line} className="mt-1 text-sm">
          {line}
        </p>
      ))}
      <ol className="mt-6 grid grid-cols-2 gap-2 font-mono text-lg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>,
    document.body,
  );
}
