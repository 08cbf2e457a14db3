// Each test starts on an empty page with a fresh fetch stub (Testing Library's auto-cleanup needs
// Vitest's globals, which this project does not turn on).
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
