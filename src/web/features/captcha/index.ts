/** What other features may use of the CAPTCHA feature (decision 0091): the widget of one form. */
export { useCaptcha } from "./use-captcha";
