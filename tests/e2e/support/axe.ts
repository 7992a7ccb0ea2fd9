import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeRow {
  route: string;
  width: number;
  serious: number;
  critical: number;
  moderateOrMinor: number;
  mains: number;
}

/**
 * Waits for the page to settle (no request in flight, no loading indicator; unless told not
 * to), then runs axe with the WCAG 2.1 A and AA rules. Returns the counts; the caller asserts.
 */
export async function auditPage(
  page: Page,
  route: string,
  { settle = true }: { settle?: boolean } = {},
): Promise<AxeRow & { details: string[] }> {
  if (settle) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')).toHaveCount(0);
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const count = (impact: string) => results.violations.filter((violation) => violation.impact === impact).length;
  const bad = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  return {
    route,
    width: page.viewportSize()?.width ?? 0,
    serious: count('serious'),
    critical: count('critical'),
    moderateOrMinor: count('moderate') + count('minor'),
    mains: await page.getByRole('main').count(),
    details: bad.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    ),
  };
}

/** Appends rows to test-results/axe-<name>.md, the table the closing note quotes. */
export function writeAxeTable(name: string, rows: AxeRow[]) {
  mkdirSync('test-results', { recursive: true });
  const lines = [
    '| route | width | serious | critical | moderate/minor | main landmarks |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.route} | ${row.width} | ${row.serious} | ${row.critical} | ${row.moderateOrMinor} | ${row.mains} |`,
    ),
  ];
  writeFileSync(`test-results/axe-${name}.md`, `${lines.join('\n')}\n`);
}
