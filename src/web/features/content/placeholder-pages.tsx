import { PageSection } from '../../components/page-heading';

export const LearnMorePage = () => <PageSection title="How PipLens works" />;
export const PremiumBenefitsPage = () => <PageSection title="Premium benefits" />;
export const BlogPage = () => <PageSection title="PipLens Blog" />;
export const TermsPage = () => <PageSection title="Terms and Conditions" />;
