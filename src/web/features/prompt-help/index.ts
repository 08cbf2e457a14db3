/** What other features may use of prompt help (decision 0037): the generator's help beside its prompt. */
export { PromptHelpBar } from "./prompt-help";
export { PresetChips } from "./preset-chips";
