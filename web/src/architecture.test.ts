import fs from 'node:fs';
import path from 'node:path';

// The same layering as the import zones in eslint.config.js (bulletproof-react): a feature never
// imports another feature, shared layers (components/, lib/, config/) import no feature and no
// app code, and features do not import app/. A piece two features need moves to components/ or
// lib/, or the app's route module composes the two. This test keeps the rule in `npm test` too,
// for anyone who runs only that.
const root = path.resolve(__dirname);
const features = fs.readdirSync(path.join(root, 'features'));

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The `src/` paths a file imports (static and dynamic, through the `@/` alias or relative). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
  return specifiers.flatMap((s) => {
    if (s.startsWith('@/')) return [s.slice(2)];
    if (s.startsWith('.')) return [path.relative(root, path.resolve(path.dirname(file), s))];
    return [];
  });
}

const offendersOf = (dirs: string[], forbidden: (target: string) => boolean) =>
  dirs
    .flatMap((d) => files(path.join(root, d)))
    .flatMap((file) => importsOf(file).filter(forbidden).map((target) => `${path.relative(root, file)} → ${target}`));

describe('architecture', () => {
  it.each(features)('feature %s imports no other feature', (feature) => {
    const elsewhere = (t: string) => t.startsWith('features/') && t.split('/')[1] !== feature;
    expect(offendersOf([path.join('features', feature)], elsewhere)).toEqual([]);
  });

  it('features import nothing from app/', () => {
    expect(offendersOf(['features'], (t) => t === 'app' || t.startsWith('app/'))).toEqual([]);
  });

  it('shared layers import no feature and no app code', () => {
    const upward = (t: string) => /^(features|app)(\/|$)/.test(t);
    expect(offendersOf(['components', 'lib', 'config'], upward)).toEqual([]);
  });

  // Outside HTML (marketplace descriptions written by any user of a client) is stored XSS waiting
  // for an ADMIN's browser: it reaches the DOM only through the one DOMPurify helper.
  it('HTML reaches the DOM only through lib/safe-html', () => {
    const sink = /dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|DOMParser|document\.write|srcdoc|createContextualFragment/;
    const offenders = files(root)
      .filter((f) => !/\.test\.tsx?$/.test(f) && path.relative(root, f) !== path.join('lib', 'safe-html.tsx'))
      .filter((f) => sink.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
