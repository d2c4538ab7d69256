/** Types of `firestore-standin.mjs` for the TypeScript tests that start it. */
export function startFirestoreStandin(options: {
  host?: string;
  port: number;
  controlPort: number;
}): Promise<{ stop: () => Promise<void> }>;
