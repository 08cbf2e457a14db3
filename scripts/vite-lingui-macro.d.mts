import type { Plugin } from "vite";
export declare function linguiMacro(): Plugin;
