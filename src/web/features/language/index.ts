/** The language switch and the account's language (decision 0056). */
export { LanguageSwitch } from "./language-switch";
export { useAccountLanguage } from "./use-language";
