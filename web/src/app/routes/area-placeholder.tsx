import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export interface AreaPlaceholderProps {
  title: string;
  description: string;
  icon: string;
}

/** A route whose area is not built yet: names the screen so users know where they are. */
export function AreaPlaceholder({ title, description, icon }: AreaPlaceholderProps) {
  return (
    <div className="screen" data-testid="area-placeholder">
      <PageHeader title={title} description={description} />
      <div className="panel">
        <EmptyState icon={icon} title={`${title} is coming soon`}>
          This screen is being prepared. Everything else in Sellerdesk keeps working in the meantime.
        </EmptyState>
      </div>
    </div>
  );
}
