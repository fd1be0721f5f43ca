import type { ComponentType } from 'react';
import { AiForexTradingArticle } from './ai-forex-trading';
import { AiVsManualArticle } from './ai-vs-manual';
import { BeginnerGuideArticle } from './beginner-guide';
import { EntryExitPointsArticle } from './entry-exit-points';
import { MarketPatternsArticle } from './market-patterns';
import { RiskManagementArticle } from './risk-management';

/** Article bodies by post id (src/shared/blog.ts). Small enough to ship together with the article page. */
export const ARTICLE_BODIES: Readonly<Record<string, ComponentType>> = {
  'ai-forex-trading': AiForexTradingArticle,
  'entry-exit-points': EntryExitPointsArticle,
  'risk-management': RiskManagementArticle,
  'ai-vs-manual': AiVsManualArticle,
  'market-patterns': MarketPatternsArticle,
  'beginner-guide': BeginnerGuideArticle,
};
