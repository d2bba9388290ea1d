/** The site's stand-in image for a keyword or a category (frontend/public/images/fallback). */
export const fallbackImage = (key: string) => `/images/fallback/${key}.svg`;
