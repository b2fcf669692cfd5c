/** The longest question one may send (characters). */
export const CHAT_CONTENT_MAX = 8000;
