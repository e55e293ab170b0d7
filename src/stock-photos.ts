/**
 * Where every image of the site comes from. Content may only use this host, the Content-Security-Policy allows only
 * it, and the checks stand in for it when there is no internet: one fact, so they cannot disagree.
 */
export const stockPhotoOrigin = 'https://images.unsplash.com';

export const stockPhotoUrl = new RegExp(`^${stockPhotoOrigin.replace(/[.]/g, '\\.')}/`);
