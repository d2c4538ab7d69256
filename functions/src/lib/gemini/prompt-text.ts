/** A name as prompts quote it: in double quotes, its own double quotes turned to single ones. */
export const quoted = (text: string): string => `"${text.replace(/"/g, "'").trim()}"`;
