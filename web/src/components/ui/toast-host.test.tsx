import { act, fireEvent, render, screen } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { notify } from '@/lib/notify';
import { TOAST_LIFE_MS, ToastHost } from './toast-host';

function mount() {
  return render(
    <PrimeReactProvider value={{ ripple: true }}>
      <ToastHost />
    </PrimeReactProvider>,
  );
}

const toastRoot = () => document.querySelector('.p-toast') as HTMLElement;
const message = (text: string) => screen.queryByText(text)?.closest('.p-toast-message') ?? null;

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());

  it('sit top-center with the product width class', () => {
    mount();
    expect(toastRoot()).toHaveClass('p-toast-top-center');
    expect(toastRoot()).toHaveClass('app-toast');
  });

  it.each([
    ['success', 'Successfully'],
    ['info', 'Info'],
    ['warn', 'Warning'],
    ['error', 'Failed'],
  ] as const)('%s toasts get the default title %j and their colour class', (severity, title) => {
    mount();
    act(() => notify[severity](`a ${severity} detail`));
    const el = message(`a ${severity} detail`);
    expect(el).not.toBeNull();
    expect(el).toHaveClass(`p-toast-message-${severity}`);
    expect(el).toHaveTextContent(title);
  });

  it('close after 3000 ms', () => {
    mount();
    act(() => notify.success('saved'));
    act(() => vi.advanceTimersByTime(TOAST_LIFE_MS - 100));
    expect(message('saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    // then the 300 ms exit animation
    act(() => vi.advanceTimersByTime(400));
    expect(message('saved')).toBeNull();
  });

  it('pause while hovered and restart when the pointer leaves', () => {
    mount();
    act(() => notify.info('hover me'));
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(message('hover me')!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(message('hover me')).not.toBeNull();
    fireEvent.mouseLeave(message('hover me')!);
    act(() => vi.advanceTimersByTime(TOAST_LIFE_MS - 200));
    expect(message('hover me')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(400));
    expect(message('hover me')).toBeNull();
  });

  it('keep sticky messages until closed', () => {
    mount();
    act(() => notify.warn('read me', { sticky: true }));
    act(() => vi.advanceTimersByTime(60_000));
    const el = message('read me');
    expect(el).not.toBeNull();
    fireEvent.click(el!.querySelector('.p-toast-icon-close')!);
    act(() => vi.advanceTimersByTime(400));
    expect(message('read me')).toBeNull();
  });

  it('accept a custom title', () => {
    mount();
    act(() => notify.success('3 users added', { summary: 'Imported' }));
    expect(message('3 users added')).toHaveTextContent('Imported');
  });
});
