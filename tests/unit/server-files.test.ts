/** Every file the server reads beside its code reaches the production build (scripts/build.mjs). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_CATALOGUES, SERVER_FILE_DIRS } from "../../scripts/build.mjs";

const SRC = path.resolve(import.meta.dirname, "../../src");
/** Folders of non-TypeScript files the running server never reads. */
const NOT_READ_BY_THE_SERVER = [
  // The database functions: migrations hold them; tests and `npm run db:function-migration` read these (decision 0066).
  "server/db/functions",
];

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield path.relative(SRC, file).split(path.sep).join("/");
  }
}

describe("files beside the server's code", () => {
  it("are in a folder the build copies into dist/node, or one the server never reads", () => {
    const inside = (file: string, dirs: string[]) => dirs.some((dir) => file.startsWith(`${dir}/`));
    // README.md: the folder's inventory for people (docs/ARCHITECTURE.md), never read by the server.
    const others = [...filesUnder(path.join(SRC, "server"))].filter(
      (f) => !/\.tsx?$/.test(f) && path.posix.basename(f) !== "README.md",
    );
    expect(others.filter((f) => !inside(f, [...SERVER_FILE_DIRS, ...NOT_READ_BY_THE_SERVER]))).toEqual([]);
    for (const dir of SERVER_FILE_DIRS)
      expect(
        others.some((f) => inside(f, [dir])),
        dir,
      ).toBe(true);
  });

  it("include the mail's catalogues, which the server reads from the web app's folder", () => {
    const read = fs.readFileSync(path.join(SRC, "server/features/mail/catalog.ts"), "utf8");
    expect(read).toContain("../../../web/locales/");
    for (const file of SERVER_CATALOGUES) expect(fs.existsSync(path.join(SRC, file)), file).toBe(true);
    const mailCatalogues = fs
      .readdirSync(path.join(SRC, "web/locales"))
      .map((locale) => `web/locales/${locale}/mail.po`)
      .filter((file) => fs.existsSync(path.join(SRC, file)));
    expect([...SERVER_CATALOGUES].sort()).toEqual(mailCatalogues.sort());
  });
});
