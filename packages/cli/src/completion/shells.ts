/** The shells `shiptrack completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;

/** One of {@link SHELLS}. */
export type Shell = (typeof SHELLS)[number];
