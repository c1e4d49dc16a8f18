import { compileFormula, previewFormula } from './price-formula';

describe('price formula preview', () => {
  it.each([
    ['price * 1.3 + 2', 10, 15],
    ['price', 19.99, 19.99],
    ['(price + 2) * 2', 3, 10],
    ['price * 3 / 2', 3, 4.5],
    ['price - -1', 2, 3],
    ['2 ^ 3 ^ 2', 0, 512],
    ['-2 ^ 2 + 10', 0, 6],
    ['price % 4 + 1', 10, 3],
    ['  price*1.15 ', 100, 115],
  ])('%s at %d gives %d', (formula, price, expected) => {
    expect(previewFormula(formula, price)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['price * ', 'the formula ends where a number or `price` is expected at position 8'],
    ['cost * 2', "unknown name 'cost' (only `price` may be used) at position 1"],
    ['(price + 1', "'(' is never closed at position 1"],
    ['price + 1)', "unmatched ')' at position 10"],
    ['price 2', "expected an operator or ')' but found '2' at position 7"],
    ['1..2 * price', "'1..2' is not a number at position 1"],
    ['price; alert(1)', "unexpected ';' at position 6"],
  ])('refuses %j', (formula, message) => {
    const result = previewFormula(formula, 10);
    expect(result).toEqual({ ok: false, error: message });
  });

  it('refuses results that are not prices', () => {
    expect(previewFormula('price - 100', 10)).toEqual({ ok: false, error: 'gives a negative price (-90) for a price of 10' });
    expect(previewFormula('price / 0', 10)).toEqual({ ok: false, error: 'gives no finite number for a price of 10' });
  });

  it('compiles once and applies to many prices', () => {
    const f = compileFormula('price * 2');
    expect([1, 2.5].map((p) => f.apply(p))).toEqual([2, 5]);
  });
});
