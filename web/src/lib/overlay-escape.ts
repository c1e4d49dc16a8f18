/**
 * Escape closes the innermost thing open: a dropdown's list inside a dialog, not the dialog.
 *
 * PrimeReact's dropdowns close their overlay in their own keydown handler (React's, on the root
 * or portal container) and let the event bubble on; its dialogs close on any Escape that reaches
 * the document. So Escape on an open shop list closed the whole "List on shops" dialog and lost
 * the choices (issue 21). Here an Escape that finds an overlay open when it starts (window,
 * capture) is stopped at the document, after the overlay handled it and before the dialog's
 * listener: installed at start, before any dialog, so this listener runs first there.
 */
const OPEN_OVERLAYS = [
  '.p-dropdown-panel',
  '.p-multiselect-panel',
  '.p-autocomplete-panel',
  '.p-treeselect-panel',
  '.p-cascadeselect-panel',
  '.p-datepicker:not(.p-datepicker-inline)',
  '.p-overlaypanel',
].join(', ');

export function installOverlayEscape(doc: Document = document): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const overlayWasOpen = new WeakSet<Event>();
  const onCapture = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && doc.querySelector(OPEN_OVERLAYS)) overlayWasOpen.add(event);
  };
  const onDocument = (event: KeyboardEvent) => {
    if (overlayWasOpen.has(event)) event.stopImmediatePropagation();
  };
  view.addEventListener('keydown', onCapture, true);
  doc.addEventListener('keydown', onDocument);
  return () => {
    view.removeEventListener('keydown', onCapture, true);
    doc.removeEventListener('keydown', onDocument);
  };
}
