/** The site's stand-in image for a keyword or a category (frontend/public/images/fallback). */
export const fallbackImage = (key: string) => `/images/fallback/${key}.svg`;
/** Is this one of the site's stand-ins (no picture from the publisher)? */
export const isFallbackImage = (url: string | null | undefined) => !url || url.startsWith('/images/fallback/');
