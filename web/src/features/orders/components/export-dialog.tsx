import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { downloadExport, isExportDone, useOrderExport } from '../api/orders';

/** The progress of one export job (polled about every second), then its download link. */
function ExportProgress({ id }: { id: string }) {
  const query = useOrderExport(id);
  const session = useSession();
  const [downloading, setDownloading] = useState(false);
  const exp = query.data;
  if (query.isError && !exp) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!exp || !isExportDone(exp)) {
    const percent = exp && exp.totalRows > 0 ? Math.round((exp.doneRows / exp.totalRows) * 100) : null;
    return (
      <div className="stack" data-testid="export-progress" aria-busy="true">
        <p>{exp && exp.totalRows > 0 ? `Writing ${exp.doneRows} of ${exp.totalRows} orders…` : 'Preparing the file…'}</p>
        {percent === null ? <ProgressBar mode="indeterminate" style={{ height: 8 }} /> : <ProgressBar value={percent} style={{ height: 8 }} />}
      </div>
    );
  }
  if (exp.status === 'FAILED') {
    return <ErrorState error={new Error(exp.error ?? 'The export failed.')} />;
  }
  return (
    <div className="export-done" data-testid="export-done">
      <p>
        <i className="pi pi-check-circle bulk-progress-ok" aria-hidden="true" /> {exp.totalRows} order{exp.totalRows === 1 ? '' : 's'} exported.
      </p>
      {exp.downloadUrl ? (
        <Button
          label={`Download ${exp.fileName}`}
          icon="pi pi-download"
          loading={downloading}
          data-testid="export-download"
          onClick={() => {
            setDownloading(true);
            downloadExport(session, exp)
              .catch((e: unknown) => notify.error(errorMessage(e)))
              .finally(() => setDownloading(false));
          }}
        />
      ) : null}
    </div>
  );
}

export function ExportDialog({ exportId, onHide }: { exportId: string | null; onHide: () => void }) {
  return (
    <Dialog
      header="Export orders"
      visible={exportId !== null}
      onHide={onHide}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '92vw' }}
      footer={<Button label="Close" text severity="secondary" onClick={onHide} />}
    >
      {exportId ? <ExportProgress id={exportId} /> : null}
    </Dialog>
  );
}
