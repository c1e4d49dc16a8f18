import { installOverlayEscape } from './overlay-escape';

describe('overlay escape', () => {
  it('keeps an Escape that closes an open dropdown away from the dialog listening on the document', () => {
    const uninstall = installOverlayEscape(document);
    // Registered after the guard, as a dialog's listener is (the guard is installed at start).
    const dialogClosed = vi.fn();
    document.addEventListener('keydown', dialogClosed);
    const overlayHandled = vi.fn();
    const input = document.createElement('input');
    input.addEventListener('keydown', overlayHandled);
    document.body.appendChild(input);
    const panel = document.createElement('div');
    panel.className = 'p-multiselect-panel';
    document.body.appendChild(panel);

    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    expect(overlayHandled).toHaveBeenCalledTimes(1);
    expect(dialogClosed).not.toHaveBeenCalled();

    // Nothing open any more: the next Escape is the dialog's.
    panel.remove();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    expect(dialogClosed).toHaveBeenCalledTimes(1);
    // Other keys are never held back.
    document.body.appendChild(panel);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }));
    expect(dialogClosed).toHaveBeenCalledTimes(2);

    document.removeEventListener('keydown', dialogClosed);
    panel.remove();
    input.remove();
    uninstall();
  });
});
