import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.1 levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a screen: what stops or seriously hinders someone. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * The serious and critical WCAG 2.1 AA violations axe-core finds on what the page shows now (or
 * those of the rules named), one line each (rule, element, why), so a failing test says what to
 * mend. axe is evaluated through the DevTools protocol, which the app's Content-Security-Policy
 * does not govern.
 */
export async function seriousViolations(page: Page, { rules }: { rules?: string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_21_AA };
  const results = (await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
        runOnly: only,
        resultTypes: ['violations'],
      }),
    runOnly,
  )) as AxeResults;
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
      ),
    );
}
