/** What other features may use of prompt help (decision 0037): the generator's help beside its prompt. */
export { PromptHelp } from "./prompt-help";
export type { PromptContext } from "./improve-prompt-button";
