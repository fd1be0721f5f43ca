import { PageSection } from '../../components/page-heading';

export function SubscriptionPage() {
  return <PageSection title="Subscription" />;
}
