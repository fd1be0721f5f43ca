import { PageSection } from '../../components/page-heading';

export function AdminSettingsPage() {
  return <PageSection title="Admin Settings" />;
}
