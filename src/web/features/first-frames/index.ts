/** What other features may use of the first frames (decision 0161). */
export { FirstFrameMaker, type FirstFrameMakerProps } from "./first-frame-maker";
