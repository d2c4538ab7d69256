/** Types of `demo-diagrams.mjs` for the TypeScript tests that check it. */
export interface DemoDrawing {
  key: string;
  light: string;
  dark: string;
}
export const DEMO_DIAGRAMS_DIR: string;
export function demoLessonDiagrams(markdown: string): { source: string; key: string }[];
export function readDemoDrawing(key: string): DemoDrawing | null;
export function writeDemoDrawing(drawing: DemoDrawing): void;
