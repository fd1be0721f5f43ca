import { href } from '../../../shared/routes';

export const LEARN_ITEMS = [
  { label: 'Learn More', to: href.learnMore },
  { label: 'Blog', to: href.blog },
  { label: 'AI in Forex', to: href.article('ai-forex-trading') },
  { label: 'Risk Management', to: href.article('risk-management') },
] as const;

export const MOBILE_ITEMS = [
  { label: 'Home', to: href.home },
  { label: 'Learn More', to: href.learnMore },
  { label: 'Premium', to: href.premiumBenefits },
  { label: 'Blog', to: href.blog },
  { label: 'Terms', to: href.terms },
] as const;
