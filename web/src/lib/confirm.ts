import { confirmDialog } from 'primereact/confirmdialog';

export interface ConfirmOptions {
  header: string;
  message: string;
  acceptLabel?: string;
  /** Destructive actions get a red accept button. */
  danger?: boolean;
}

/** Asks before anything that cannot be undone; resolves true only when the user accepts. */
export function confirmAction({ header, message, acceptLabel = 'Confirm', danger = false }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    confirmDialog({
      header,
      message,
      icon: danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle',
      acceptLabel,
      rejectLabel: 'Cancel',
      acceptClassName: danger ? 'p-button-danger' : '',
      rejectClassName: 'p-button-text p-button-secondary',
      defaultFocus: 'reject',
      style: { width: '30rem' },
      breakpoints: { '640px': '92vw' },
      accept: () => resolve(true),
      reject: () => resolve(false),
      onHide: () => resolve(false),
    });
  });
}
