/** A username: 3-32 letters, digits, underscores or Chinese characters. */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_\u4e00-\u9fa5]{3,32}$/;
