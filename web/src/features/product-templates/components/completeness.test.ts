import { describe, expect, it } from 'vitest';
import { emptyPackage } from '@/components/ui/package-fields';
import { missingForCategory, problemFor } from './completeness';

const rules = { known: true, packageWeightRequired: true, packageDimensionsRequired: false, sizeChartRequired: false };
const draft = { status: 'ACTIVE' as const, categoryId: '601226', pkg: emptyPackage, sizeChart: '' };

describe('missingForCategory', () => {
  it('asks for the weight of an active template with a category', () => {
    expect(missingForCategory(draft, rules).map((p) => p.field)).toEqual(['packageWeight']);
  });
  it('asks for dimensions only where the category requires them', () => {
    const weighed = { ...draft, pkg: { ...emptyPackage, weight: 0.3 } };
    expect(missingForCategory(weighed, rules)).toEqual([]);
    expect(missingForCategory(weighed, { ...rules, packageDimensionsRequired: true }).map((p) => p.field)).toEqual(['packageDimensions']);
    const measured = { ...weighed, pkg: { ...weighed.pkg, width: 5, height: 5, length: 46 } };
    expect(missingForCategory(measured, { ...rules, packageDimensionsRequired: true })).toEqual([]);
  });
  it('lets a draft, or a template without a TikTok category, be saved unfinished', () => {
    expect(missingForCategory({ ...draft, status: 'DRAFT' }, rules)).toEqual([]);
    expect(missingForCategory({ ...draft, categoryId: null }, rules)).toEqual([]);
  });
  it('still asks for the weight before the rules are known', () => {
    expect(missingForCategory(draft, null).map((p) => p.field)).toEqual(['packageWeight']);
  });
});

describe('problemFor', () => {
  it('finds a field or its sub-fields', () => {
    const problems = [
      { field: 'attributes.100198', message: 'Choose Material.' },
      { field: 'packageWeight', message: 'Add the weight.' },
    ];
    expect(problemFor(problems, 'packageWeight')).toBe('Add the weight.');
    expect(problemFor(problems, 'attributes')).toBe('Choose Material.');
    expect(problemFor(problems, 'sizeChart')).toBeNull();
  });
});
