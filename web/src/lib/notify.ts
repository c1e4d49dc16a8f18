/**
 * A tiny bus between code that has something to say (mutation error handlers living outside React,
 * screens) and the one toast host mounted at the root.
 */
export type NoticeSeverity = 'success' | 'info' | 'warn' | 'error';

export interface Notice {
  severity: NoticeSeverity;
  summary: string;
  detail?: string;
  sticky?: boolean;
}

export const defaultSummaries: Record<NoticeSeverity, string> = {
  success: 'Successfully',
  info: 'Info',
  warn: 'Warning',
  error: 'Failed',
};

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();
// Notices raised before the host mounts (e.g. during the first render) are kept, not lost.
let pending: Notice[] = [];

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  const queued = pending;
  pending = [];
  queued.forEach(listener);
  return () => {
    listeners.delete(listener);
  };
}

interface NoticeOptions {
  summary?: string;
  sticky?: boolean;
}

function emit(severity: NoticeSeverity, detail: string | undefined, options: NoticeOptions = {}): void {
  const notice: Notice = {
    severity,
    summary: options.summary ?? defaultSummaries[severity],
    ...(detail !== undefined ? { detail } : {}),
    ...(options.sticky ? { sticky: true } : {}),
  };
  if (listeners.size === 0) pending.push(notice);
  else listeners.forEach((l) => l(notice));
}

export const notify = {
  success: (detail?: string, options?: NoticeOptions) => emit('success', detail, options),
  info: (detail?: string, options?: NoticeOptions) => emit('info', detail, options),
  warn: (detail?: string, options?: NoticeOptions) => emit('warn', detail, options),
  error: (detail?: string, options?: NoticeOptions) => emit('error', detail, options),
};
