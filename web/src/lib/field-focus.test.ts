import { describe, expect, it } from 'vitest';
import { fieldElementId, fixParam } from './field-focus';
import { listingFixLink, templateFixLink } from './listing-fix';

describe('fixParam', () => {
  it('reads the field a Fix link names', () => {
    expect(fixParam('?fix=packageWeight')).toBe('packageWeight');
    expect(fixParam('?fix=attributes.100198')).toBe('attributes.100198');
  });
  it('ignores anything that is not a field name', () => {
    expect(fixParam('')).toBeNull();
    expect(fixParam('?fix=')).toBeNull();
    expect(fixParam('?fix=%3Cscript%3E')).toBeNull();
    expect(fixParam('?fix=a b')).toBeNull();
  });
});

describe('fieldElementId', () => {
  it('maps API fields to the form controls', () => {
    expect(fieldElementId('template', 'packageWeight')).toBe('template-package-weight');
    expect(fieldElementId('template', 'packageDimensions')).toBe('template-package-width');
    expect(fieldElementId('product', 'packageWeight')).toBe('product-package-weight');
    expect(fieldElementId('template', 'attributes.100198')).toBe('attr-100198');
    expect(fieldElementId('template', 'tiktokCategoryId')).toBe('template-category');
    expect(fieldElementId('template', 'variants.1.salePrice')).toBe('template-variants');
    expect(fieldElementId('template', 'amazonAttributes.color')).toBe('template-amazon-attributes');
  });
  it('answers null for fields it cannot place', () => {
    expect(fieldElementId('template', 'attributes')).toBeNull();
    expect(fieldElementId('template', 'somethingElse')).toBeNull();
  });
});

describe('listing fix links', () => {
  it('point at the product with the field to fix', () => {
    expect(listingFixLink('p1', 'packageWeight')).toBe('/products/p1/edit?fix=packageWeight');
    expect(listingFixLink('p1', 'attributes.100198')).toBe('/products/p1/edit?fix=attributes.100198');
    expect(listingFixLink('p1', null)).toBeNull();
    expect(templateFixLink('t1', 'packageDimensions')).toBe('/product-templates/t1/edit?fix=packageDimensions');
  });
});
