import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's duplicate id rules (the deprecated ones too, which the tags above leave out), any impact. */
export async function duplicateIdViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['duplicate-id', 'duplicate-id-active', 'duplicate-id-aria'])
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
