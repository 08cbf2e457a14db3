/**
 * /api's "Use it from…" (issue 73, decision 0170): the MCP server's URL and the clients'
 * configurations are this site's, each with a copy button; the n8n node and the typed client are
 * one tab away.
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { UseItFrom } from "@/features/automation/use-it-from";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const origin = window.location.origin;
const url = `${origin}/mcp`;

beforeEach(() => useLocale("en", "app"));

const snippet = (title: string) => screen.getByLabelText(title, { selector: "pre" }).textContent ?? "";

describe("use it from", () => {
  it("gives the MCP server's URL on this site and configurations to copy", () => {
    const { sent } = stubFetch({});
    renderWeb(<UseItFrom />);
    expect(screen.getByRole("heading", { name: "Add Veo Studio to your AI agent (MCP)" })).toBeDefined();
    expect(screen.getByLabelText("MCP server URL").textContent).toBe(url);
    expect(screen.getByRole("button", { name: "Copy the MCP server URL" })).toBeDefined();

    expect(snippet("Claude Code (signs in through this site)")).toBe(
      `claude mcp add --transport http veo-studio ${url}`,
    );
    expect(snippet("Claude Code with an API token")).toBe(
      `claude mcp add --transport http veo-studio ${url} --header "Authorization: Bearer YOUR_API_TOKEN"`,
    );
    expect(JSON.parse(snippet("Cursor: ~/.cursor/mcp.json"))).toEqual({
      mcpServers: { "veo-studio": { url, headers: { Authorization: "Bearer YOUR_API_TOKEN" } } },
    });
    expect(JSON.parse(snippet("VS Code: .vscode/mcp.json"))).toEqual({
      servers: { "veo-studio": { type: "http", url, headers: { Authorization: "Bearer YOUR_API_TOKEN" } } },
    });
    for (const title of ["Claude Code with an API token", "Cursor: ~/.cursor/mcp.json"])
      expect(screen.getByRole("button", { name: `Copy: ${title}` })).toBeDefined();
    // Text only: nothing is asked of the server.
    expect(sent).toEqual([]);
  });

  it("tells how to install the n8n node and the typed client", async () => {
    stubFetch({});
    const { user } = renderWeb(<UseItFrom />);
    const tabs = screen.getByRole("tablist", { name: "Use it from" });
    await user.click(within(tabs).getByRole("tab", { name: "n8n" }));
    expect(screen.getByText(/Settings › Community nodes/)).toBeDefined();
    expect(snippet("n8n community node package")).toBe("n8n-nodes-veo-studio");
    expect(screen.getByText(new RegExp(`this site's address \\(${origin.replace(/[.:/]/g, "\\$&")}\\)`))).toBeDefined();

    await user.click(within(tabs).getByRole("tab", { name: "TypeScript" }));
    expect(snippet("Install the client")).toBe("npm install @veo-studio/client");
    const example = snippet("Make a video with the client");
    expect(example).toContain('import { createClient } from "@veo-studio/client";');
    expect(example).toContain(`baseUrl: "${origin}"`);
  });
});
