/**
 * Brand marks of the social networks (share buttons, footer links), drawn like the site's icon set
 * (`src/lib/icons.ts`: 24x24, currentColor) but kept apart, so an island that shows no brand mark
 * does not bundle them. Constant markup only.
 */
export const youtube =
  '<rect x="2.5" y="5.5" width="19" height="13" rx="4"/><path d="M10 9.5v5l4.5-2.5z" fill="currentColor"/>';
export const tiktok = '<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5"/><path d="M14 3c.5 2.6 2.3 4.3 5 4.5"/>';
export const instagram =
  '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/>' +
  '<circle cx="17.5" cy="6.5" r="1" fill="currentColor"/>';
export const threads =
  '<path d="M16.5 11.5c-.5-2.5-2.3-3.7-4.5-3.7-2.6 0-4.3 1.9-4.3 4.3s1.7 4.3 4.3 4.3c2.4 0 4-1.3 4-3.2 ' +
  '0-2.3-2.6-2.9-5-2.4"/><path d="M19.5 8.5C18.3 5 15.6 3 12 3 6.9 3 3.5 6.7 3.5 12s3.4 9 8.5 9c3.2 0 5.7-1.4 7-4"/>';
export const facebook =
  '<path fill="currentColor" stroke="none" d="M14 8.5V7c0-.8.5-1 1-1h2V3h-3c-2.5 0-3.5 1.8-3.5 4v1.5H8V12h2.5v9H14v-9h2.6l.4-3.5z"/>';
