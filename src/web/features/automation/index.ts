/** What other features may use of the automation feature (decision 0037): its snippet and copy controls, and the dialog that shows a secret once. */
export { CodeBlock } from "./code-block";
export { ShownOnceDialog } from "./shown-once-dialog";
