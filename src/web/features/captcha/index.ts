/** What other features may use of the CAPTCHA feature (decision 0091): the widget of one form. */
export { useCaptcha, type Captcha } from "./use-captcha";
