import { Tag } from 'primereact/tag';
import type { JobStatus } from '@/gql/graphql';

const severities: Record<JobStatus, 'success' | 'info' | 'warning' | 'danger'> = {
  SUCCESS: 'success',
  PROCESSING: 'info',
  PENDING: 'warning',
  FAILED: 'danger',
};

const labels: Record<JobStatus, string> = {
  SUCCESS: 'Success',
  PROCESSING: 'Processing',
  PENDING: 'Pending',
  FAILED: 'Failed',
};

export function JobStatusTag({ status }: { status: JobStatus }) {
  return <Tag value={labels[status]} severity={severities[status]} rounded />;
}
