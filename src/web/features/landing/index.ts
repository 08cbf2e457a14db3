/** What other features may use of the landing feature (decision 0037): the showcase's query and its sample label. */
export { SampleLabel } from "./sample-label";
export { useShowcase } from "./use-showcase";
