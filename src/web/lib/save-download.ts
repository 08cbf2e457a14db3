/** Hands a downloaded answer to the browser as a file (a video, the person's data). */

/** The file name from a Content-Disposition header, if any. */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

/** Reads the whole answer, then saves it under the server's file name (else `fallbackName`). */
export async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const name = attachmentName(response.headers.get("content-disposition")) ?? fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = href;
    link.download = name;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  }
}
