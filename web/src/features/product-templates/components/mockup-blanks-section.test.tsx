import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders as render } from '@/testing/render-app';
import { MockupBlanksSection, blankDrafts, blankInputs, blankProblems, type BlankDraft } from './mockup-blanks-section';

const saved = blankDrafts([{ side: 'FRONT', imageUrl: 'https://app.test/uploads/c/blanks/tee.png', width: 400, height: 400, printArea: { x: 100, y: 120, width: 200, height: 160 } }]);

function Harness({ initial, onValue, serverFor = () => null }: { initial: BlankDraft[]; onValue: (v: BlankDraft[]) => void; serverFor?: (f: string) => string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <MockupBlanksSection
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
      showErrors
      serverFor={serverFor}
    />
  );
}

describe('mockup blanks', () => {
  it('draws the print area over the photo and sends it in pixels', () => {
    let last = saved;
    render(<Harness initial={saved} onValue={(v) => (last = v)} />);
    const box = screen.getByTestId('mockup-print-area-0');
    expect(box).toHaveStyle({ left: '25%', top: '30%', width: '50%', height: '40%' });
    fireEvent.change(screen.getByLabelText('Width (px)'), { target: { value: '150' } });
    fireEvent.blur(screen.getByLabelText('Width (px)'));
    expect(blankInputs(last)).toEqual([{ side: 'FRONT', imageUrl: 'https://app.test/uploads/c/blanks/tee.png', printArea: { x: 100, y: 120, width: 150, height: 160 } }]);
    expect(blankProblems(last)).toEqual([null]);
  });

  it('says what is wrong before saving, and shows the server’s word on a blank', () => {
    const outside: BlankDraft[] = [{ ...saved[0]!, area: { x: 300, y: 0, width: 101, height: 10 } }];
    expect(blankProblems(outside)[0]).toContain('width must lie inside the photo (400×400 px)');
    expect(blankProblems([{ side: 'BACK', imageUrl: 'x', photo: null, area: null }])[0]).toBe('The photo is still loading.');
    render(<Harness initial={outside} onValue={() => undefined} serverFor={(f) => (f === 'mockupBlanks.0' ? 'mockupBlanks.0.imageUrl: must be a file uploaded to Sellerdesk' : null)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('must be a file uploaded to Sellerdesk');
  });

  it('removes a photo', () => {
    let last = saved;
    render(<Harness initial={saved} onValue={(v) => (last = v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(last).toEqual([]);
    expect(screen.getByText(/No blank photo yet/)).toBeInTheDocument();
  });
});
