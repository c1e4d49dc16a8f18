import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { subscribeNotices } from '@/lib/notify';

export const TOAST_LIFE_MS = 3000;

/**
 * The one toast stack of the app: top-center, 3 s life, paused while hovered (PrimeReact restarts
 * the timer on leave), sticky notices stay until closed.
 */
export function ToastHost() {
  const toast = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeNotices((notice) => {
        toast.current?.show({
          severity: notice.severity,
          summary: notice.summary,
          detail: notice.detail,
          life: TOAST_LIFE_MS,
          sticky: notice.sticky ?? false,
          closable: true,
        });
      }),
    [],
  );
  return <Toast ref={toast} position="top-center" className="app-toast" />;
}
