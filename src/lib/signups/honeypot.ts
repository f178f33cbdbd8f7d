/**
 * The hidden anti-bot field. Humans never see or fill it; a filled one gets a success-looking answer
 * and nothing is stored. A module of its own so the pages' small scripts can name it without
 * bundling the signup constants.
 */
export const HONEYPOT_FIELD = 'website';
