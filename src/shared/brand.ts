/** The product's name, the same in every language (the header, the share page, the legal pages, mail). */
export const BRAND = "Veo Studio";
