import { describe, expect, it, vi } from 'vitest';

const loads = vi.hoisted(() => ({ count: 0 }));

vi.mock('./math', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const { renderLessonHtml } = await import('./render-html');

describe('renderLessonHtml and KaTeX', () => {
  it('imports KaTeX only once a lesson holds math', async () => {
    await renderLessonHtml('# Plain\n\nNo formulas here.');
    expect(loads.count).toBe(0);
    expect(await renderLessonHtml('Now $x$.')).toContain('<math');
    expect(loads.count).toBe(1);
  });
});
