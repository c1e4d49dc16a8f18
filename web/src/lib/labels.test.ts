import { liveStatusLabels, marketplaceStatusLabel, plural, productTypeLabels, sentence } from './labels';

describe('labels', () => {
  it('name every value a seller sees in words', () => {
    expect(productTypeLabels.POD).toBe('Print on demand');
    expect(liveStatusLabels.PENDING).toBe('In review');
    expect(marketplaceStatusLabel('ACTIVATE')).toBe('Active');
    expect(marketplaceStatusLabel('PLATFORM_DEACTIVATED')).toBe('Deactivated by the marketplace');
    expect(marketplaceStatusLabel('SOMETHING_NEW')).toBe('Something new');
  });

  it('turn terse server messages into sentences and leave the others alone', () => {
    expect(sentence('wrong email or password')).toBe('The email or the password is not right. Check both and try again.');
    expect(sentence('name must not be empty')).toBe('name must not be empty');
  });

  it('count in the singular and the plural', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(3, 'item')).toBe('3 items');
  });
});
