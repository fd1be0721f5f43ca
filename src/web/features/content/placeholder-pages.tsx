import { PageSection } from '../../components/page-heading';

export const PremiumBenefitsPage = () => <PageSection title="Premium benefits" />;
