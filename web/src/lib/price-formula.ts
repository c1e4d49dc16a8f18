/**
 * Price formulas for the template preview. The server is the authority (it checks and applies
 * formulas with evalexpr); this evaluator only previews them while the seller types. It accepts
 * the same language — numbers, `price`, `+ - * / % ^`, unary minus and parentheses — and nothing
 * else: no names, no functions, no `eval`.
 */

export type FormulaResult = { ok: true; value: number } | { ok: false; error: string };

type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'price'; pos: number }
  | { kind: 'op'; op: '+' | '-' | '*' | '/' | '%' | '^'; pos: number }
  | { kind: 'open'; pos: number }
  | { kind: 'close'; pos: number };

type Node =
  | { kind: 'num'; value: number }
  | { kind: 'price' }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '%' | '^'; left: Node; right: Node };

export class FormulaError extends Error {}

const at = (pos: number, what: string) => new FormulaError(`${what} at position ${pos + 1}`);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const start = i;
      while (i < source.length && /[0-9.]/.test(source[i]!)) i += 1;
      const text = source.slice(start, i);
      const value = Number(text);
      if ((text.match(/\./g) ?? []).length > 1 || text === '.' || Number.isNaN(value)) throw at(start, `'${text}' is not a number`);
      tokens.push({ kind: 'num', value, pos: start });
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < source.length && /[A-Za-z0-9_]/.test(source[i]!)) i += 1;
      const word = source.slice(start, i);
      if (word !== 'price') throw at(start, `unknown name '${word}' (only \`price\` may be used)`);
      tokens.push({ kind: 'price', pos: start });
      continue;
    }
    if (c === '(') tokens.push({ kind: 'open', pos: i });
    else if (c === ')') tokens.push({ kind: 'close', pos: i });
    else if ('+-*/%^'.includes(c)) tokens.push({ kind: 'op', op: c as '+', pos: i });
    else throw at(i, `unexpected '${c}'`);
    i += 1;
  }
  return tokens;
}

/** Precedence climbing: + - < * / % < unary minus < ^ (right-associative), as evalexpr reads them. */
function parse(tokens: Token[], length: number): Node {
  let i = 0;
  const peek = () => tokens[i];
  const endPos = length;

  const primary = (): Node => {
    const t = peek();
    if (!t) throw at(endPos, 'the formula ends where a number or `price` is expected');
    if (t.kind === 'num') {
      i += 1;
      return { kind: 'num', value: t.value };
    }
    if (t.kind === 'price') {
      i += 1;
      return { kind: 'price' };
    }
    if (t.kind === 'open') {
      i += 1;
      const inner = sum();
      const close = peek();
      if (!close || close.kind !== 'close') throw at(t.pos, "'(' is never closed");
      i += 1;
      return inner;
    }
    const found = t.kind === 'op' ? t.op : ')';
    throw at(t.pos, `expected a number, \`price\` or '(' but found '${found}'`);
  };

  const power = (): Node => {
    const base = primary();
    const t = peek();
    if (t && t.kind === 'op' && t.op === '^') {
      i += 1;
      return { kind: 'bin', op: '^', left: base, right: unary() };
    }
    return base;
  };

  const unary = (): Node => {
    const t = peek();
    if (t && t.kind === 'op' && t.op === '-') {
      i += 1;
      return { kind: 'neg', arg: unary() };
    }
    return power();
  };

  const product = (): Node => {
    let left = unary();
    for (let t = peek(); t && t.kind === 'op' && (t.op === '*' || t.op === '/' || t.op === '%'); t = peek()) {
      i += 1;
      left = { kind: 'bin', op: t.op, left, right: unary() };
    }
    return left;
  };

  function sum(): Node {
    let left = product();
    for (let t = peek(); t && t.kind === 'op' && (t.op === '+' || t.op === '-'); t = peek()) {
      i += 1;
      left = { kind: 'bin', op: t.op, left, right: product() };
    }
    return left;
  }

  const tree = sum();
  const rest = peek();
  if (rest) {
    if (rest.kind === 'close') throw at(rest.pos, "unmatched ')'");
    throw at(rest.pos, `expected an operator or ')' but found '${rest.kind === 'op' ? rest.op : rest.kind === 'num' ? String(rest.value) : 'price'}'`);
  }
  return tree;
}

function evaluate(node: Node, price: number): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'price':
      return price;
    case 'neg':
      return -evaluate(node.arg, price);
    case 'bin': {
      const a = evaluate(node.left, price);
      const b = evaluate(node.right, price);
      switch (node.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '%':
          return a % b;
        case '^':
          return a ** b;
      }
    }
  }
}

export interface CompiledFormula {
  source: string;
  apply(price: number): number | null;
}

/** Parses a formula; throws FormulaError with the position of the first problem. */
export function compileFormula(raw: string): CompiledFormula {
  const source = raw.trim();
  if (!source) throw new FormulaError('must not be empty; leave it out to keep prices');
  const tree = parse(tokenize(source), source.length);
  return {
    source,
    apply(price: number) {
      const v = evaluate(tree, price);
      return Number.isFinite(v) ? v : null;
    },
  };
}

/** The formula applied to one price, rounded to the cent, or why it cannot be. */
export function previewFormula(raw: string, price: number): FormulaResult {
  try {
    const value = compileFormula(raw).apply(price);
    if (value === null) return { ok: false, error: `gives no finite number for a price of ${price}` };
    if (value < 0) return { ok: false, error: `gives a negative price (${Math.round(value * 100) / 100}) for a price of ${price}` };
    return { ok: true, value: Math.round(value * 100) / 100 };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
