import fs from 'node:fs';
import path from 'node:path';

// Features stay independent (bulletproof-react): shared code goes to components/ or lib/,
// and only the app layer composes features. Two features are building blocks that any screen
// may use — the upload button and the bulk-progress component — and they import no feature.
const root = path.resolve(__dirname);
const features = fs.readdirSync(path.join(root, 'features'));
const BUILDING_BLOCKS = ['uploads', 'job-batches'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('architecture', () => {
  it.each(features)('feature %s imports no other feature', (feature) => {
    const offenders = files(path.join(root, 'features', feature)).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [...source.matchAll(/from '@\/features\/([^/']+)/g)]
        .filter((m) => m[1] !== feature && !(BUILDING_BLOCKS.includes(m[1]!) && !BUILDING_BLOCKS.includes(feature)))
        .map((m) => `${path.relative(root, file)} → ${m[1]}`);
    });
    expect(offenders).toEqual([]);
  });

  it('building blocks are features', () => {
    expect(features).toEqual(expect.arrayContaining(BUILDING_BLOCKS));
  });

  it('shared layers import no feature', () => {
    const shared = ['components', 'lib', 'config'].flatMap((d) => files(path.join(root, d)));
    const offenders = shared.filter((f) => /from '@\/features\//.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
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
