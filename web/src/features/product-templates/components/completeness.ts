import type { PackageDraft } from '@/components/ui/package-fields';
import type { FieldProblem } from '@/lib/api-client';

/** What the chosen TikTok category requires, as getTiktokCategoryRules answers it. */
export interface CategoryRulesView {
  known: boolean;
  packageWeightRequired: boolean;
  packageDimensionsRequired: boolean;
  sizeChartRequired: boolean;
}

export interface CompletenessDraft {
  status: 'ACTIVE' | 'DRAFT';
  categoryId: string | null;
  pkg: PackageDraft;
  sizeChart: string;
}

/**
 * The package and size-chart fields an ACTIVE template still misses for its TikTok category, in
 * the words the server uses (the server checks the same and refuses the save). Required properties
 * are marked by the attributes form; a DRAFT may be saved unfinished.
 */
export function missingForCategory(draft: CompletenessDraft, rules: CategoryRulesView | null | undefined): FieldProblem[] {
  if (draft.status !== 'ACTIVE' || !draft.categoryId) return [];
  const out: FieldProblem[] = [];
  const weightRequired = rules?.packageWeightRequired ?? true;
  if (weightRequired && !(draft.pkg.weight !== null && draft.pkg.weight > 0)) {
    out.push({ field: 'packageWeight', message: 'Add the package weight: TikTok Shop needs it to work out shipping.' });
  }
  const dims = [draft.pkg.width, draft.pkg.height, draft.pkg.length];
  if (rules?.packageDimensionsRequired && !dims.every((d) => d !== null && d > 0)) {
    out.push({ field: 'packageDimensions', message: 'Add the package length, width and height: TikTok Shop requires them in this category.' });
  }
  if (rules?.sizeChartRequired && !draft.sizeChart) {
    out.push({ field: 'sizeChart', message: 'Add a size chart: TikTok Shop requires one in this category.' });
  }
  return out;
}

/** The message for `name` among `problems`: its own field, or one of its sub-fields (`attributes.1`). */
export function problemFor(problems: readonly FieldProblem[], name: string): string | null {
  const hit = problems.find((p) => p.field === name || (p.field ?? '').startsWith(`${name}.`));
  return hit?.message ?? null;
}
