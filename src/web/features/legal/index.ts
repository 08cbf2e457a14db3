/** The legal pages' editor, for the Legal section of the settings (the pages themselves are drawn by pages/legal-page.tsx). */
export { LegalPagesEditor } from "./legal-editor";
