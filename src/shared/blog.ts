/**
 * The blog's articles (SPEC §2 Blog, §3 blog rows): one list used by the blog pages, the page metadata,
 * the sitemap and the server's alias redirects. The bodies live in the web feature as JSX.
 */
export interface BlogImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface BlogPostMeta {
  id: string;
  title: string;
  excerpt: string;
  /** YYYY-MM-DD */
  date: string;
  /** e.g. '8 min read' */
  readTime: string;
  author: string;
  image: BlogImage;
  keywords: string[];
  relatedPosts: readonly [string, string, string];
}

const AUTHOR = 'PipLens Team';

/** Every cover is a 1200x630 WebP (the Open Graph size); a 600x315 copy sits beside it with the suffix -600. */
const cover = (id: string, alt: string): BlogImage => ({
  src: `/images/blog/${id}.webp`,
  width: 1200,
  height: 630,
  alt,
});

export const BLOG_POSTS: readonly BlogPostMeta[] = [
  {
    id: 'ai-forex-trading',
    title: 'AI in Forex Trading: What It Can and Cannot Do for You',
    excerpt:
      'How AI chart analysis works, where it genuinely helps a currency trader, where it falls short, and how to use it without handing over your judgement.',
    date: '2026-03-12',
    readTime: '5 min read',
    author: AUTHOR,
    image: cover(
      'ai-forex-trading',
      'EURUSD hourly candlestick chart in an uptrend, with two moving averages and volume bars',
    ),
    keywords: [
      'AI forex trading',
      'AI chart analysis',
      'forex AI',
      'machine learning trading',
      'currency trading tools',
    ],
    relatedPosts: ['ai-vs-manual', 'market-patterns', 'beginner-guide'],
  },
  {
    id: 'entry-exit-points',
    title: 'Finding Entry and Exit Points on a Forex Chart',
    excerpt:
      'A practical method for choosing where to enter a trade, where to place the stop loss and where to take profit, built on structure rather than hunches.',
    date: '2026-04-23',
    readTime: '5 min read',
    author: AUTHOR,
    image: cover('entry-exit-points', 'GBPUSD hourly candlestick chart in a downtrend of lower highs and lower lows'),
    keywords: [
      'forex entry points',
      'forex exit points',
      'stop loss placement',
      'take profit',
      'support and resistance',
    ],
    relatedPosts: ['risk-management', 'market-patterns', 'ai-forex-trading'],
  },
  {
    id: 'risk-management',
    title: 'Risk Management for Forex Traders: Position Size, Stops and Survival',
    excerpt:
      'Why the amount you risk per trade matters more than any signal, how to size a position from your stop distance, and the habits that keep an account alive.',
    date: '2026-06-04',
    readTime: '5 min read',
    author: AUTHOR,
    image: cover(
      'risk-management',
      'AUDUSD hourly candlestick chart moving sideways within a range, with one moving average',
    ),
    keywords: ['forex risk management', 'position sizing', 'lot size calculator', 'risk reward ratio', 'drawdown'],
    relatedPosts: ['entry-exit-points', 'beginner-guide', 'ai-vs-manual'],
  },
  {
    id: 'ai-vs-manual',
    title: 'AI vs Manual Chart Analysis: Which Should You Trust?',
    excerpt:
      'A fair comparison of reading charts yourself and asking an AI: speed, consistency, context and blind spots, and why the best results come from using both.',
    date: '2026-07-16',
    readTime: '4 min read',
    author: AUTHOR,
    image: cover('ai-vs-manual', 'USDJPY hourly candlestick chart in an uptrend, with three moving averages'),
    keywords: [
      'AI vs manual trading',
      'technical analysis',
      'AI trading analysis',
      'chart reading',
      'trading discipline',
    ],
    relatedPosts: ['ai-forex-trading', 'risk-management', 'market-patterns'],
  },
  {
    id: 'market-patterns',
    title: 'Chart Patterns Every Forex Trader Should Recognise',
    excerpt:
      'Trends, ranges, double tops and bottoms, flags and key candlestick shapes: what each pattern says about buyers and sellers, and how to trade it with care.',
    date: '2026-09-03',
    readTime: '5 min read',
    author: AUTHOR,
    image: cover(
      'market-patterns',
      'EURGBP hourly bar chart on a black background, climbing in higher highs and higher lows',
    ),
    keywords: ['forex chart patterns', 'candlestick patterns', 'double top', 'bull flag', 'pattern recognition'],
    relatedPosts: ['entry-exit-points', 'ai-forex-trading', 'beginner-guide'],
  },
  {
    id: 'beginner-guide',
    title: "A Beginner's Guide to Forex Chart Analysis",
    excerpt:
      'Currency pairs, pips, lots, candlesticks and time frames explained in plain words, with a simple routine for reading your first charts safely.',
    date: '2026-10-15',
    readTime: '5 min read',
    author: AUTHOR,
    image: cover(
      'beginner-guide',
      'Plain EURUSD hourly candlestick chart on a white background with its price scale on the right',
    ),
    keywords: [
      'forex for beginners',
      'how to read forex charts',
      'pips and lots',
      'candlestick basics',
      'forex time frames',
    ],
    relatedPosts: ['risk-management', 'entry-exit-points', 'ai-forex-trading'],
  },
];

/** The ids the original list page linked to, each redirecting to its article (DECISIONS.md). */
export const BLOG_ALIASES: Readonly<Record<string, string>> = {
  'ai-forex-trading-2025': 'ai-forex-trading',
  'top-5-forex-bots-machine-learning': 'market-patterns',
  'best-ai-tools-forex-beginners': 'beginner-guide',
  'entry-exit-points-ai': 'entry-exit-points',
  'risk-management-ai-forex': 'risk-management',
  'ai-vs-manual-trading': 'ai-vs-manual',
};

export function findPost(id: string): BlogPostMeta | undefined {
  return BLOG_POSTS.find((post) => post.id === id);
}

/** The article an id shows: its own id, an alias's target, or null for an unknown id. */
export function resolveArticleId(id: string): { id: string; isAlias: boolean } | null {
  if (findPost(id)) return { id, isAlias: false };
  const target = Object.hasOwn(BLOG_ALIASES, id) ? BLOG_ALIASES[id] : undefined;
  return target !== undefined && findPost(target) ? { id: target, isAlias: true } : null;
}
