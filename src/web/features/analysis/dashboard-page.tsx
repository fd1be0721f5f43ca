import { PageSection } from '../../components/page-heading';

export function DashboardPage() {
  return <PageSection title="Forex Chart Analysis" />;
}
